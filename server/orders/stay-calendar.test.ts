import { describe, expect, it } from "vitest";
import { orderedRoom, orderSummary, storedCustomer, storedPayment } from "../../tests/fixtures/stored-orders";
import { loadConfig } from "../config";
import { onlyEvent } from "../documents/calendar-text.test-helper";
import type { StoredOrder } from "../stores/orders";
import { stayCalendarFile } from "./stay-calendar";

const config = loadConfig({});
const madeAt = new Date("2026-03-05T10:00:00Z");

/** A Czech order paid by card, its room booked with the hotel. */
const booked: StoredOrder = {
  id: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  orderNumber: "26000042",
  product: "DZB_CZ",
  kind: "hotel",
  previewId: "preview-1",
  status: "paid",
  cancelReason: null,
  email: "jiri@example.cz",
  currency: "CZK",
  total: 1_000_000,
  customer: storedCustomer,
  summary: orderSummary("Hotel Zlatá Hvězda", [orderedRoom("Double room", { payOnline: 1_000_000 })]),
  bookingStatus: "active",
  bookingRef: "SIM-12345678901234567890",
  language: "cs",
  payBy: new Date("2026-03-04T22:59:00Z"),
  refundVoucher: null,
  replacedBy: null,
  createdAt: new Date("2026-03-02T09:00:00Z"),
  payments: [storedPayment("payment_card", 1_000_000, "paid")],
};

const textOf = (file: { content: Uint8Array }) => new TextDecoder().decode(file.content);
const plain = (text: string | undefined) => text?.replace(/\u00a0/g, " ");

describe("an order's stay calendar", () => {
  it("is an .ics file named after the order, in the order's language", () => {
    const file = stayCalendarFile(booked, config, madeAt);
    expect(file.fileName).toBe("pobyt-26000042.ics");
    expect(file.contentType).toBe("text/calendar; charset=utf-8");
    const event = onlyEvent(textOf(file));
    expect(event.get("SUMMARY")?.text).toBe("Pobyt: Hotel Zlatá Hvězda");
    expect(event.get("DTSTART")?.raw).toBe("20260410");
    expect(event.get("DTEND")?.raw).toBe("20260414");
    expect(event.get("LOCATION")?.text).toBe("Hotel Zlatá Hvězda, Náměstí 1, 702 00 Ostrava, Česko");
    expect(plain(event.get("DESCRIPTION")?.text)).toContain("Číslo rezervace v hotelu: SIM-12345678901234567890");
    expect(plain(event.get("DESCRIPTION")?.text)).toContain("Číslo objednávky: 26000042 (Dovolená za benefity)");
  });

  it("links the status page without the owner key: a calendar's event is shared, the key changes the order", () => {
    const event = onlyEvent(textOf(stayCalendarFile(booked, config, madeAt)));
    const statusUrl = `http://localhost:3000/status/${booked.id}`;
    expect(event.get("URL")?.raw).toBe(statusUrl);
    expect(event.get("DESCRIPTION")?.text).toContain(`: ${statusUrl}`);
    expect(textOf(stayCalendarFile(booked, config, madeAt))).not.toContain("key=");
  });

  it("is the same event every time for one order, and another for another order", () => {
    const uid = (order: StoredOrder, at: Date) =>
      onlyEvent(textOf(stayCalendarFile(order, config, at))).get("UID")?.raw;
    expect(uid(booked, madeAt)).toBe(`stay-${booked.id}`);
    expect(uid({ ...booked, language: "en" }, new Date("2026-04-01T08:00:00Z"))).toBe(`stay-${booked.id}`);
    expect(uid({ ...booked, id: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a6c" }, madeAt)).not.toBe(uid(booked, madeAt));
  });

  it("speaks Polish for a Polish order, on the Polish shop's host", () => {
    const polish: StoredOrder = { ...booked, product: "DZB_PL", currency: "PLN", language: "pl" };
    const file = stayCalendarFile(polish, config, madeAt);
    expect(file.fileName).toBe("pobyt-26000042.ics");
    const event = onlyEvent(textOf(file));
    expect(event.get("URL")?.raw).toBe(`http://pl.localhost:3000/status/${booked.id}`);
    expect(plain(event.get("DESCRIPTION")?.text)).toContain("Wyjazd (wymeldowanie): 13.04.2026");
    expect(plain(event.get("DESCRIPTION")?.text)).toContain("Numer zamówienia: 26000042");
    expect(stayCalendarFile({ ...booked, language: "en" }, config, madeAt).fileName).toBe("stay-26000042.ics");
  });
});
