import { describe, expect, it } from "vitest";
import * as z from "zod";
import { boundedEcho } from "~/form-echo.server";
import { reservationSchema } from "~/screens/order-reservation/reservation-form.server";

const schema = z.object({
  name: z.string().trim().max(5).optional(),
  count: z.number().optional(),
  amount: z.record(z.string(), z.string().max(3)).default({}),
});

describe("boundedEcho", () => {
  it("sends back only the form's fields, each cut to its schema's length", () => {
    const reply = { initialValue: { name: "abcdefgh", count: "7", planted: "x".repeat(1_000) }, error: {} };
    expect(boundedEcho(reply, schema)).toEqual({ initialValue: { name: "abcde", count: "7" }, error: {} });
  });

  it("cuts a field without a length of its own (a number) to a short one", () => {
    const echoed = boundedEcho({ initialValue: { count: "9".repeat(10_000) } }, schema).initialValue;
    expect(String(echoed?.count).length).toBeLessThanOrEqual(32);
  });

  it("bounds the entries of a record field: their number, their names and their values", () => {
    const amount = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`m${index}`, "12345"]));
    const echoed = boundedEcho({ initialValue: { amount: { ...amount, ["k".repeat(100)]: "1" } } }, schema);
    const entries = Object.entries(echoed.initialValue?.amount as Record<string, string>);
    expect(entries.length).toBeLessThanOrEqual(50);
    expect(entries.every(([name, value]) => name.length <= 64 && value === "123")).toBe(true);
  });

  it("reads the fields of every intent of the reservation form", () => {
    const note = "n".repeat(5_000);
    const echoed = boundedEcho({ initialValue: { intent: "order", noteForHotel: note, voucherCodes: "1" } }, reservationSchema);
    expect(echoed.initialValue).toEqual({ intent: "order", noteForHotel: note.slice(0, 1000), voucherCodes: "1" });
  });
});
