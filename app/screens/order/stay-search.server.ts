import type { AppLoadContext } from "@remix-run/node";
import type { Translate } from "../../../shared/i18n/translator";
import { localizedPath } from "../../../shared/route-table";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { getZodConstraint } from "@conform-to/zod/v4";
import * as z from "zod";
import type { HotelRequestSchema } from "../../../gen/dzb/shop/v1/hotel_pb";
import type { HotelParseUrlResponse } from "../../../gen/dzb/shop/v1/shop_service_pb";
import { dateOfTimestamp, timestampOfDate } from "../../../shared/contract-dates";
import { isCalendarDate } from "../../../shared/calendar-date";
import {
  MAX_ADULTS_PER_ROOM,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MIN_ADULTS,
  MIN_ROOMS,
  tooManyAdultsPerRoom,
} from "../../../shared/input-limits";
import { childAgeName, emptyStayForm, type StayFormValues } from "~/order/stay-form";

/**
 * The step-1 rules the web checks itself (SPEC §5): shape, order of the dates and the numeric ranges. Whether a date
 * is in the past is the api's to say, since only it knows the hotel's day.
 */

type Messages = ReturnType<typeof messagesOf>;

function messagesOf(t: Translate) {
  const message = (code: string) => t(`errors.${code}`);
  return {
    required: message("INPUT_REQUIRED"),
    linkInvalid: message("INPUT_HOTEL_LINK_INVALID"),
    checkInInvalid: message("INPUT_CHECK_IN_INVALID"),
    checkOutInvalid: message("INPUT_CHECK_OUT_INVALID"),
    checkOutBeforeCheckIn: message("INPUT_CHECKOUT_BEFORE_CHECK_IN"),
    roomsInvalid: message("INPUT_ROOMS_INVALID"),
    adultsInvalid: message("INPUT_ADULTS_INVALID"),
    childrenInvalid: message("INPUT_CHILDREN_INVALID"),
    childAgeInvalid: message("INPUT_CHILD_AGE_INVALID"),
    childAgeMissing: message("INPUT_CHILD_AGE_MISSING"),
    childAgesCount: message("INPUT_CHILDREN_AGES_COUNT"),
    adultsPerRoom: t("form.adultsPerRoom", { max: MAX_ADULTS_PER_ROOM }),
  };
}

/** An empty field is "required"; anything else that is not the type asked for is the field's own "enter a valid". */
function requiredOr(messages: Messages, invalid: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? messages.required : invalid) };
}

/** Booking.com's links with every search parameter stay far below this. */
const MAX_HOTEL_LINK_LENGTH = 16_384;

function hotelLinkField(messages: Messages) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(MAX_HOTEL_LINK_LENGTH, messages.linkInvalid);
}

/** Only the link: what a first post needs, before the link has told us the stay. */
export function hotelLinkSchema(t: Translate) {
  return z.object({ url: hotelLinkField(messagesOf(t)) });
}

const stayConstraints = new WeakMap<Translate, ReturnType<typeof getZodConstraint>>();

/**
 * The stay form's HTML constraints (required, min, max) for step 1's page: the same on every page of a language (a
 * translator is one per language), so the schema is built and read once, not on every page.
 */
export function stayConstraint(t: Translate): ReturnType<typeof getZodConstraint> {
  let constraint = stayConstraints.get(t);
  if (!constraint) {
    constraint = getZodConstraint(staySchema(t));
    stayConstraints.set(t, constraint);
  }
  return constraint;
}

export function staySchema(t: Translate) {
  const messages = messagesOf(t);
  const calendarDate = (invalid: string) => z.string(requiredOr(messages, invalid)).refine(isCalendarDate, invalid);
  const count = (invalid: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
    z.number(requiredOr(messages, invalid)).int(invalid).min(min, invalid).max(max, invalid);
  return (
    z
      .object({
        url: hotelLinkField(messages),
        // The link as last read and the hotel it named, kept in hidden fields: a changed link is read again.
        hotelId: z.string().max(64, messages.linkInvalid).optional(),
        parsedUrl: z.string().max(MAX_HOTEL_LINK_LENGTH, messages.linkInvalid).optional(),
        checkIn: calendarDate(messages.checkInInvalid),
        checkOut: calendarDate(messages.checkOutInvalid),
        rooms: count(messages.roomsInvalid, MIN_ROOMS),
        adults: count(messages.adultsInvalid, MIN_ADULTS),
        children: count(messages.childrenInvalid, 0, MAX_CHILDREN),
        // Fields past the children count may be left empty; which ones must be filled depends on the count, below.
        childAges: z
          .array(
            z
              .number({ error: messages.childAgeInvalid })
              .int(messages.childAgeInvalid)
              .min(0, messages.childAgeInvalid)
              .max(MAX_CHILD_AGE, messages.childAgeInvalid)
              .optional()
          )
          .default([]),
      })
      // Runs even when a field failed, so every mistake shows at once; hence the values are checked for type here.
      .superRefine(
        (value, context) => {
          const issue = (path: (string | number)[], message: string) =>
            context.addIssue({ code: "custom", path, message });
          const { checkIn, checkOut, rooms, adults, children, childAges } = value as Partial<typeof value>;
          if (
            typeof checkIn === "string" &&
            typeof checkOut === "string" &&
            isCalendarDate(checkIn) &&
            isCalendarDate(checkOut) &&
            checkOut <= checkIn
          ) {
            issue(["checkOut"], messages.checkOutBeforeCheckIn);
          }
          // SPEC §5: no fewer adults than rooms; the adults' own minimum is reported by the field.
          if (typeof rooms === "number" && typeof adults === "number" && adults >= MIN_ADULTS && adults < rooms) {
            issue(["adults"], messages.adultsInvalid);
          }
          // The api's bound too: a slip of the keyboard (30 adults for 3) is said here, with the bound.
          if (typeof rooms === "number" && typeof adults === "number" && tooManyAdultsPerRoom(adults, rooms)) {
            issue(["adults"], messages.adultsPerRoom);
          }
          if (typeof children !== "number" || children < 0 || children > MAX_CHILDREN || !Array.isArray(childAges))
            return;
          for (let index = 0; index < children; index++) {
            if (childAges[index] === undefined) issue(["childAges", index], messages.childAgeMissing);
          }
          if (childAges.slice(children).some((age) => age !== undefined)) issue(["children"], messages.childAgesCount);
        },
        { when: () => true }
      )
  );
}

export type StaySearch = z.output<ReturnType<typeof staySchema>>;

/** A link that was never read, or was changed since, is read (again) before anything else. */
export function linkNeedsReading(values: StayFormValues): boolean {
  return values.hotelId === "" || values.url.trim() !== values.parsedUrl;
}

/**
 * The form after reading a link: the hotel is the link's; the stay is what the customer typed, and the link fills
 * only the fields still as the form offered them (empty, or the first visit's one room and no children) or as the
 * link read before (`earlier`) filled them, so that a changed link updates what the old one said. A customer who
 * typed three adults before the link was read is searched for three, whatever the link says.
 */
export function withLinkSearch(
  values: StayFormValues,
  parsed: HotelParseUrlResponse,
  earlier?: HotelParseUrlResponse
): StayFormValues {
  const fromLink = linkStay(parsed, values);
  const untouched = earlier ? [emptyStayForm, linkStay(earlier, emptyStayForm)] : [emptyStayForm];
  const typed = (field: "checkIn" | "checkOut" | "rooms" | "adults") =>
    values[field].trim() !== "" && untouched.every((form) => form[field] !== values[field].trim());
  // The children and their ages are one answer: taken from the link or kept, together.
  const childrenTyped = untouched.every(
    (form) => form.children !== values.children.trim() || !sameAges(form.childAges, values.childAges)
  );
  return {
    ...values,
    hotelId: fromLink.hotelId,
    parsedUrl: fromLink.parsedUrl,
    checkIn: typed("checkIn") ? values.checkIn : fromLink.checkIn,
    checkOut: typed("checkOut") ? values.checkOut : fromLink.checkOut,
    rooms: typed("rooms") ? values.rooms : fromLink.rooms,
    adults: typed("adults") ? values.adults : fromLink.adults,
    children: childrenTyped ? values.children : fromLink.children,
    childAges: childrenTyped ? values.childAges : fromLink.childAges,
  };
}

/** The stay a link carries, with `otherwise`'s values for what it leaves out. */
function linkStay(parsed: HotelParseUrlResponse, otherwise: StayFormValues): StayFormValues {
  const request = parsed.hotelRequest;
  const positive = (value: number | undefined, fallback: string) =>
    value !== undefined && value > 0 ? String(value) : fallback;
  const linkHasChildren = parsed.childrenCount > 0;
  return {
    ...otherwise,
    hotelId: request?.hotelId ?? "",
    parsedUrl: otherwise.url.trim(),
    checkIn: dateOfTimestamp(request?.checkIn) || otherwise.checkIn,
    checkOut: dateOfTimestamp(request?.checkOut) || otherwise.checkOut,
    rooms: positive(request?.rooms, otherwise.rooms),
    adults: positive(request?.adults, otherwise.adults),
    children: linkHasChildren ? String(parsed.childrenCount) : otherwise.children,
    childAges: linkHasChildren ? (request?.childrenAges.map(String) ?? []) : otherwise.childAges,
  };
}

/** The same ages, empty fields after the last one typed not counting. */
function sameAges(one: string[], other: string[]): boolean {
  const typed = (ages: string[]) =>
    ages
      .map((age) => age.trim())
      .join(",")
      .replace(/,+$/, "");
  return typed(one) === typed(other);
}

/** Everything a search needs is filled in (valid or not: the schema says that). */
export function isStayComplete(values: StayFormValues): boolean {
  const filled = (text: string | undefined) => text !== undefined && text.trim() !== "";
  const children = Number.parseInt(values.children, 10);
  const agesFilled = Number.isInteger(children)
    ? values.childAges.slice(0, children).filter(filled).length === children
    : true;
  return [values.checkIn, values.checkOut, values.rooms, values.adults, values.children].every(filled) && agesFilled;
}

/**
 * Has the api check the stay at the hotel (or give the check it shares or keeps, decision 053); answers the path of
 * the rooms screen that shows it. Step 1 and the checking page (decision 063) both ask this way.
 */
export async function checkStay(context: AppLoadContext, hotelId: string, search: StaySearch): Promise<string> {
  const { availabilityId } = await context.rpc.hotelAvailability({
    lookup: { case: "hotelRequest", value: toHotelRequest(hotelId, search) },
  });
  return localizedPath("orderAccommodation", context.locale, context.variant.defaultLocale, { availabilityId });
}

/** How the api's refusals of a stay are worded for the step-1 form: beside their field, naming the shop's support. */
export function stayErrorOptions(context: AppLoadContext) {
  return { fieldOf: stayFieldOf, supportEmail: context.variant.support.email };
}

export function toHotelRequest(hotelId: string, search: StaySearch): MessageInitShape<typeof HotelRequestSchema> {
  return {
    hotelId,
    checkIn: timestampOfDate(search.checkIn),
    checkOut: timestampOfDate(search.checkOut),
    rooms: search.rooms,
    adults: search.adults,
    childrenAges: search.childAges.slice(0, search.children).filter((age): age is number => age !== undefined),
  };
}

const apiFields: Record<string, string> = {
  url: "url",
  "hotel_request.hotel_id": "url",
  "hotel_request.check_in": "checkIn",
  "hotel_request.check_out": "checkOut",
  "hotel_request.rooms": "rooms",
  "hotel_request.adults": "adults",
  "hotel_request.children_ages": "children",
};

/** The form field for a request path the api names: `hotel_request.children_ages[1]` is the second age field. */
export function stayFieldOf(path: string): string | undefined {
  const age = /^hotel_request\.children_ages\[(\d+)\]$/.exec(path);
  if (age) return childAgeName(Number(age[1]));
  return apiFields[path];
}
