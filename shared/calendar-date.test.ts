import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calendarDateIn,
  dayNumber,
  isCalendarDate,
  isoDate,
  nightsBetween,
  utcDateOf,
  utcMidnightOf,
  zonedInstant,
} from "./calendar-date";

describe("calendar dates", () => {
  it("are real YYYY-MM-DD dates only", () => {
    for (const date of ["2026-11-21", "2028-02-29", "1970-01-01"]) expect(isCalendarDate(date)).toBe(true);
    for (const date of ["2026-02-29", "2026-13-01", "2026-11-31", "2026-1-5", "tomorrow", ""]) {
      expect(isCalendarDate(date)).toBe(false);
    }
    expect(dayNumber("1970-01-02")).toBe(1);
  });

  it("travel in the contract as UTC midnight and come back unchanged", () => {
    expect(new Date(utcMidnightOf("2026-12-10")).toISOString()).toBe("2026-12-10T00:00:00.000Z");
    expect(utcDateOf(Date.parse("2026-12-10T23:59:59Z"))).toBe("2026-12-10");
  });

  it("fall on an instant's day in a time zone", () => {
    expect(calendarDateIn(new Date("2026-11-21T23:30:00Z"), "Europe/Prague")).toBe("2026-11-22");
    expect(calendarDateIn(new Date("2026-11-21T23:30:00Z"), "UTC")).toBe("2026-11-21");
  });
});

describe("a wall clock's instant in a time zone", () => {
  const wallClockIn = (instant: Date, timeZone: string) =>
    new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      instant
    );

  it("shows that day and time there, in summer and winter time, however often it is asked for", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: dayNumber("2020-01-01")!, max: dayNumber("2040-12-31")! }),
        // Not the hours the switches to and from summer time skip or repeat (02:00–03:00 in Europe, 01:00–02:00 in
        // New York): a clock shows those twice or never.
        fc.integer({ min: 0, max: 23 }).filter((hour) => hour < 1 || hour > 3),
        fc.integer({ min: 0, max: 59 }),
        // Kolkata's clocks run 5 h 30 min ahead: an offset with minutes.
        fc.constantFrom("Europe/Prague", "Europe/Warsaw", "America/New_York", "Asia/Kolkata", "UTC"),
        (day, hour, minute, timeZone) => {
          const instant = zonedInstant(day, hour, minute, timeZone);
          expect(calendarDateIn(instant, timeZone)).toBe(isoDate(day));
          const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
          expect(wallClockIn(instant, timeZone)).toBe(time);
          // Asked again (it is kept): the same instant, in a Date of its own the caller may change.
          const again = zonedInstant(day, hour, minute, timeZone);
          expect(again).toEqual(instant);
          expect(again).not.toBe(instant);
        }
      ),
      { numRuns: 500 }
    );
  });

  it("is 23:59 in Prague an hour or two before UTC's midnight, by the season", () => {
    expect(zonedInstant(dayNumber("2026-07-15")!, 23, 59, "Europe/Prague").toISOString()).toBe(
      "2026-07-15T21:59:00.000Z"
    );
    expect(zonedInstant(dayNumber("2026-12-15")!, 23, 59, "Europe/Prague").toISOString()).toBe(
      "2026-12-15T22:59:00.000Z"
    );
  });
});

describe("nights", () => {
  it("counts calendar nights, across the change to winter time too", () => {
    expect(nightsBetween("2026-12-01", "2026-12-03")).toBe(2);
    expect(nightsBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(nightsBetween("2026-12-31", "2027-01-01")).toBe(1);
  });
});
