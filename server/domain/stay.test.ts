import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { marketDate, stayProblem, type Stay } from "./stay";

const today = "2026-11-21";
const stay = (overrides: Partial<Stay> = {}): Stay => ({
  checkIn: "2026-12-01",
  checkOut: "2026-12-03",
  rooms: 1,
  adults: 2,
  childrenAges: [],
  ...overrides,
});

describe("stay rules", () => {
  it("accepts a future stay, and one starting today", () => {
    expect(stayProblem(stay(), today)).toBeUndefined();
    expect(stayProblem(stay({ checkIn: today, checkOut: "2026-11-22" }), today)).toBeUndefined();
  });

  it("refuses a check-in in the past", () => {
    expect(stayProblem(stay({ checkIn: "2026-11-20" }), today)).toEqual({ kind: "check_in_past", field: "check_in" });
  });

  it("refuses a check-out in the past even after a valid check-in", () => {
    expect(stayProblem(stay({ checkIn: "2026-11-25", checkOut: "2026-11-20" }), today)).toEqual({
      kind: "check_out_past",
      field: "check_out",
    });
  });

  it("refuses a check-out on or before the check-in", () => {
    const notAfter = { kind: "check_out_not_after_check_in", field: "check_out" };
    for (const checkOut of ["2026-12-01", "2026-11-30"]) expect(stayProblem(stay({ checkOut }), today)).toEqual(notAfter);
    // Checking in and out today: not a night, rather than a check-out in the past.
    expect(stayProblem(stay({ checkIn: today, checkOut: today }), today)).toEqual(notAfter);
  });

  it("needs an adult in every room", () => {
    expect(stayProblem(stay({ rooms: 3, adults: 2 }), today)).toEqual({
      kind: "adults_fewer_than_rooms",
      field: "adults",
    });
    expect(stayProblem(stay({ rooms: 2, adults: 2 }), today)).toBeUndefined();
    expect(stayProblem(stay({ rooms: 1, adults: 1 }), today)).toBeUndefined();
  });

  it("reports a problem exactly when some rule is broken", () => {
    const isoDate = fc
      .date({ min: new Date("2026-01-01"), max: new Date("2028-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        isoDate,
        isoDate,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 12 }),
        (checkIn, checkOut, rooms, adults) => {
          const broken = checkIn < today || checkOut < today || checkOut <= checkIn || adults < rooms;
          expect(stayProblem(stay({ checkIn, checkOut, rooms, adults }), today) !== undefined).toBe(broken);
        }
      )
    );
  });
});

describe("market date", () => {
  it("is the date in Prague, not in UTC", () => {
    expect(marketDate(new Date("2026-11-21T23:30:00Z"))).toBe("2026-11-22");
    expect(marketDate(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(marketDate(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
  });
});
