import { describe, expect, it } from "vitest";
import { mainGuestProblems } from "./main-guest";

describe("the main guest", () => {
  it("is named when the customer books for someone else", () => {
    const forSomeoneElse = { bookingForSomeoneElse: true, isMainGuest: false };
    expect(mainGuestProblems({ ...forSomeoneElse, guestName: " " })).toEqual(["guest_name_missing"]);
    expect(mainGuestProblems({ ...forSomeoneElse, guestName: "Petr Novák" })).toEqual([]);
  });

  it("is not the customer who books for someone else", () => {
    expect(mainGuestProblems({ bookingForSomeoneElse: true, isMainGuest: true, guestName: "Petr Novák" })).toEqual([
      "both_ticked",
    ]);
    expect(mainGuestProblems({ bookingForSomeoneElse: true, isMainGuest: true, guestName: "" })).toEqual([
      "guest_name_missing",
      "both_ticked",
    ]);
  });

  it("needs nothing when the customer books for themselves", () => {
    expect(mainGuestProblems({ bookingForSomeoneElse: false, isMainGuest: true, guestName: "" })).toEqual([]);
    expect(mainGuestProblems({ bookingForSomeoneElse: false, isMainGuest: false, guestName: "" })).toEqual([]);
  });
});
