import { afterEach, describe, expect, it } from "vitest";
import { onlyEvent, readCalendar } from "./calendar-text.test-helper";
import { type StayCalendar, stayCalendarText } from "./stay-calendar";

const stay: StayCalendar = {
  uid: "stay-0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  brand: "Dovolená za benefity",
  orderNumber: "26000042",
  bookingReference: "SIM-12345678901234567890",
  hotel: {
    name: "Hotel Zlatá Hvězda; Spa, Wellness",
    address: ["Náměstí 1", "702 00 Ostrava", "Česko"],
    coordinates: { latitude: 49.835, longitude: 18.292 },
  },
  checkIn: "2026-04-10",
  checkOut: "2026-04-13",
  statusUrl: "https://dovolenazabenefity.cz/status/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  madeAt: new Date("2026-03-02T09:15:00Z"),
};

/** No-break spaces as plain ones, so expectations can be typed. */
const plain = (text: string | undefined) => text?.replace(/\u00a0/g, " ");

describe("a stay's calendar file", () => {
  it("is one confirmed all-day event from check-in through the day of check-out", () => {
    const event = onlyEvent(stayCalendarText(stay, "cs"));
    expect(event.get("DTSTART")).toMatchObject({ params: ["VALUE=DATE"], raw: "20260410" });
    // An all-day end is exclusive: the day after check-out, so the departure day is in the calendar too.
    expect(event.get("DTEND")).toMatchObject({ params: ["VALUE=DATE"], raw: "20260414" });
    expect(event.get("STATUS")?.raw).toBe("CONFIRMED");
    expect(event.get("DTSTAMP")?.raw).toBe("20260302T091500Z");
  });

  it("names the hotel, where it is, the booking and order numbers and the status page, in Czech", () => {
    const event = onlyEvent(stayCalendarText(stay, "cs"));
    // Commas and semicolons of a text are escaped in the file and read back as they were.
    expect(event.get("SUMMARY")?.text).toBe("Pobyt: Hotel Zlatá Hvězda; Spa, Wellness");
    expect(event.get("SUMMARY")?.raw).toBe("Pobyt: Hotel Zlatá Hvězda\\; Spa\\, Wellness");
    expect(event.get("LOCATION")?.text).toBe("Hotel Zlatá Hvězda; Spa, Wellness, Náměstí 1, 702 00 Ostrava, Česko");
    expect(event.get("GEO")?.raw).toBe("49.835;18.292");
    expect(event.get("URL")?.raw).toBe(stay.statusUrl);
    expect(plain(event.get("DESCRIPTION")?.text)).toBe(
      [
        "Příjezd (check-in): 10. 4. 2026",
        "Odjezd (check-out): 13. 4. 2026",
        "Číslo rezervace v hotelu: SIM-12345678901234567890",
        "Číslo objednávky: 26000042 (Dovolená za benefity)",
        `Stav objednávky a její dokumenty: ${stay.statusUrl}`,
      ].join("\n")
    );
  });

  it("speaks the order's language", () => {
    const polish = onlyEvent(stayCalendarText({ ...stay, brand: "Urlop za benefity" }, "pl"));
    expect(polish.get("SUMMARY")?.text).toBe("Pobyt: Hotel Zlatá Hvězda; Spa, Wellness");
    expect(plain(polish.get("DESCRIPTION")?.text)).toContain("Przyjazd (zameldowanie): 10.04.2026");
    expect(plain(polish.get("DESCRIPTION")?.text)).toContain("Numer rezerwacji w hotelu: SIM-12345678901234567890");
    expect(plain(polish.get("DESCRIPTION")?.text)).toContain("Numer zamówienia: 26000042 (Urlop za benefity)");
    const english = onlyEvent(stayCalendarText(stay, "en"));
    expect(english.get("SUMMARY")?.text).toBe("Stay: Hotel Zlatá Hvězda; Spa, Wellness");
    expect(plain(english.get("DESCRIPTION")?.text)).toContain("Check-out: 13/04/2026");
    expect(plain(english.get("DESCRIPTION")?.text)).toContain("Hotel booking reference: SIM-12345678901234567890");
  });

  it("leaves out a booking number the shop does not know, and a place it has no coordinates of", () => {
    const { bookingReference: _, ...unknown } = stay;
    const event = onlyEvent(stayCalendarText({ ...unknown, hotel: { ...stay.hotel, coordinates: undefined } }, "cs"));
    expect(event.get("DESCRIPTION")?.text).not.toContain("Číslo rezervace");
    expect(event.has("GEO")).toBe(false);
  });

  it("keeps its UID, so a calendar updates the event it has rather than adding another", () => {
    const first = onlyEvent(stayCalendarText(stay, "cs"));
    const later = onlyEvent(stayCalendarText({ ...stay, madeAt: new Date("2026-04-01T08:00:00Z") }, "en"));
    expect(first.get("UID")?.raw).toBe(stay.uid);
    expect(later.get("UID")?.raw).toBe(stay.uid);
  });

  it("is a well-formed calendar: CRLF lines, folded, one version and its producer", () => {
    const text = stayCalendarText(stay, "cs");
    const { lines, calendar } = readCalendar(text);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(text).not.toMatch(/[^\r]\n/);
    expect(lines.every((line) => [...line].length <= 75)).toBe(true);
    expect(calendar.get("VERSION")?.raw).toBe("2.0");
    expect(calendar.get("PRODID")?.raw).toBe("-//Dovolená za benefity//CS");
    expect(calendar.get("METHOD")?.raw).toBe("PUBLISH");
  });
});

describe("a stay's calendar file in another time zone", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("names the same days whatever the server's zone: dates, not instants", () => {
    const prague = stayCalendarText(stay, "cs");
    // Each zone with its offset from UTC in minutes on the day of check-in, as Date's local methods read it.
    const zones = { "America/Los_Angeles": 420, "Pacific/Kiritimati": -840, UTC: 0 };
    for (const [elsewhere, offset] of Object.entries(zones)) {
      // Node reads TZ again when it is set: the process's local zone is now another.
      process.env.TZ = elsewhere;
      expect(new Date("2026-04-10T12:00:00Z").getTimezoneOffset(), elsewhere).toBe(offset);
      expect(stayCalendarText(stay, "cs"), elsewhere).toBe(prague);
    }
  });
});
