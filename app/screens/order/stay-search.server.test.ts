import type { Translate } from "../../../shared/i18n/translator";
import { create } from "@bufbuild/protobuf";
import { parseWithZod } from "@conform-to/zod/v4";
import { beforeAll, describe, expect, it } from "vitest";
import { HotelParseUrlResponseSchema } from "../../../gen/dzb/shop/v1/shop_service_pb";
import { translatorOf } from "../../../shared/i18n/messages";
import { timestampOfDate } from "../../../shared/contract-dates";
import { emptyStayForm, stayFormParams, type StayFormValues } from "~/order/stay-form";
import {
  isStayComplete,
  linkNeedsReading,
  staySchema,
  stayFieldOf,
  toHotelRequest,
  withLinkSearch,
} from "./stay-search.server";

let t: Translate;
beforeAll(async () => {
  t = translatorOf("en");
});

const link = "https://www.booking.com/hotel/cz/hotel-paris-prague.html";

function form(overrides: Partial<StayFormValues> = {}): StayFormValues {
  return {
    ...emptyStayForm,
    url: link,
    hotelId: "12345",
    parsedUrl: link,
    checkIn: "2027-01-12",
    checkOut: "2027-01-14",
    rooms: "1",
    adults: "2",
    ...overrides,
  };
}

function errorsOf(values: StayFormValues) {
  const submission = parseWithZod(stayFormParams(values), { schema: staySchema(t) });
  return submission.status === "success" ? {} : submission.reply().error;
}

describe("the stay schema", () => {
  it("turns a complete form into the api's hotel request", () => {
    const submission = parseWithZod(stayFormParams(form({ children: "2", childAges: ["5", "0", ""] })), {
      schema: staySchema(t),
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const request = toHotelRequest("12345", submission.value);
    expect(request).toMatchObject({ hotelId: "12345", rooms: 1, adults: 2, childrenAges: [5, 0] });
    expect(request.checkIn).toEqual(timestampOfDate("2027-01-12"));
  });

  it("reports every mistake at once, each on its field", () => {
    expect(
      errorsOf(form({ checkIn: "", checkOut: "2027-02-30", rooms: "3", adults: "2", children: "2", childAges: ["4"] }))
    ).toEqual({
      checkIn: ["Required field – please enter it."],
      checkOut: ["Enter a valid check-out date."],
      adults: ["Enter a valid number of adults: at least one per room."],
      "childAges[1]": ["A child's age is missing."],
    });
  });

  it("wants the check-out after the check-in", () => {
    expect(errorsOf(form({ checkIn: "2027-01-14", checkOut: "2027-01-14" }))).toEqual({
      checkOut: ["The check-out date must be after the check-in date."],
    });
  });

  it("takes one adult travelling alone", () => {
    expect(errorsOf(form({ rooms: "1", adults: "1" }))).toEqual({});
  });

  it("keeps the numeric ranges of SPEC §5", () => {
    expect(errorsOf(form({ rooms: "0", adults: "0", children: "5" }))).toEqual({
      rooms: ["Enter a valid number of rooms: at least 1."],
      adults: ["Enter a valid number of adults: at least one per room."],
      children: ["Enter a valid number of children: at most 4."],
    });
    expect(errorsOf(form({ children: "1", childAges: ["18"] }))).toEqual({
      "childAges[0]": ["Enter a valid child age: 0 to 17."],
    });
  });

  it("takes no more adults than the rooms can sensibly take, and says how many", () => {
    expect(errorsOf(form({ rooms: "3", adults: "30" }))).toEqual({
      adults: ["One room takes 8 adults at most. Add a room or lower the number of adults."],
    });
    expect(errorsOf(form({ rooms: "4", adults: "30" }))).toEqual({});
  });

  it("says so when more ages are given than children", () => {
    expect(errorsOf(form({ children: "1", childAges: ["4", "7"] }))).toEqual({
      children: ["The number of child ages does not match the number of children."],
    });
  });
});

describe("reading a link into the form", () => {
  const parsed = (hotelRequest: Record<string, unknown>, childrenCount = 0) =>
    create(HotelParseUrlResponseSchema, {
      hotelRequest: { hotelId: "777", ...hotelRequest },
      hotelUrl: link,
      childrenCount,
    });

  it("is needed for a new or changed link only", () => {
    expect(linkNeedsReading(form({ hotelId: "" }))).toBe(true);
    expect(linkNeedsReading(form({ url: `${link}?checkin=2027-01-01` }))).toBe(true);
    expect(linkNeedsReading(form({ url: ` ${link} ` }))).toBe(false);
  });

  it("keeps what the customer typed and fills the rest from the link", () => {
    const typed = form({ hotelId: "", parsedUrl: "", checkIn: "2027-03-01", checkOut: "", rooms: "2", adults: "4" });
    const linkStay = { checkIn: timestampOfDate("2027-03-02"), checkOut: timestampOfDate("2027-03-05"), adults: 3 };
    const values = withLinkSearch(typed, parsed(linkStay, 2));
    expect(values).toMatchObject({
      hotelId: "777",
      parsedUrl: link,
      checkIn: "2027-03-01",
      checkOut: "2027-03-05",
      rooms: "2",
      adults: "4",
      children: "2",
      childAges: [],
    });
    expect(isStayComplete(values)).toBe(false);
  });

  it("fills the fields a first visit offers (one room, no children) from the link", () => {
    const untouched = { ...emptyStayForm, url: link };
    const values = withLinkSearch(untouched, parsed({ rooms: 2, adults: 3, childrenAges: [4] }, 1));
    expect(values).toMatchObject({ rooms: "2", adults: "3", children: "1", childAges: ["4"] });
  });

  it("keeps the children the customer typed, with their ages, over the link's", () => {
    const typed = form({ hotelId: "", parsedUrl: "", children: "1", childAges: ["7"] });
    const values = withLinkSearch(typed, parsed({ childrenAges: [3, 5] }, 2));
    expect(values).toMatchObject({ children: "1", childAges: ["7"] });
  });

  it("lets a changed link replace what the link read before filled in, not what the customer typed", () => {
    const dates = (checkIn: string, checkOut: string) => ({
      checkIn: timestampOfDate(checkIn),
      checkOut: timestampOfDate(checkOut),
    });
    const earlier = parsed({ ...dates("2027-01-12", "2027-01-14"), adults: 2 });
    const changed = form({ url: `${link}?changed`, adults: "2", rooms: "3" });
    const changedLink = parsed({ ...dates("2027-02-01", "2027-02-03"), adults: 5, rooms: 2 });
    const values = withLinkSearch(changed, changedLink, earlier);
    expect(values).toMatchObject({ checkIn: "2027-02-01", checkOut: "2027-02-03", adults: "5", rooms: "3" });
  });

  it("is complete when every field and every declared age is there", () => {
    expect(isStayComplete(form())).toBe(true);
    expect(isStayComplete(form({ adults: "" }))).toBe(false);
    expect(isStayComplete(form({ children: "1", childAges: ["3"] }))).toBe(true);
  });
});

describe("the api's field paths", () => {
  it("name the form's fields", () => {
    expect(stayFieldOf("url")).toBe("url");
    expect(stayFieldOf("hotel_request.check_in")).toBe("checkIn");
    expect(stayFieldOf("hotel_request.check_out")).toBe("checkOut");
    expect(stayFieldOf("hotel_request.adults")).toBe("adults");
    expect(stayFieldOf("hotel_request.rooms")).toBe("rooms");
    expect(stayFieldOf("hotel_request.children_ages")).toBe("children");
    expect(stayFieldOf("hotel_request.children_ages[1]")).toBe("childAges[1]");
    expect(stayFieldOf("hotel_request.hotel_id")).toBe("url");
    expect(stayFieldOf("product_variant")).toBeUndefined();
  });
});
