import { describe, expect, it } from "vitest";
import { calendarDateIn, dayNumber, isCalendarDate, nightsBetween, utcDateOf, utcMidnightOf } from "./calendar-date";

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

describe("nights", () => {
  it("counts calendar nights, across the change to winter time too", () => {
    expect(nightsBetween("2026-12-01", "2026-12-03")).toBe(2);
    expect(nightsBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(nightsBetween("2026-12-31", "2027-01-01")).toBe(1);
  });
});
