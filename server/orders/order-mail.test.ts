import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { orderedRoom, orderSummary, storedCustomer, storedPayment } from "../../tests/fixtures/stored-orders";
import type { StoredOrder, StoredVoucherOrder } from "../stores/orders";
import { mailOrderOf, orderMail, orderMailKinds, type OrderMailKind } from "./order-mail";
import { orderOwnerKey } from "./owner-key";

const config = loadConfig({});

/** Non-breaking and narrow spaces as plain ones, so expectations can be typed. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** A Czech order paid partly by card (done) and partly by a transfer still waiting. */
const czechOrder: StoredOrder = {
  id: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  orderNumber: "26000042",
  product: "DZB_CZ",
  kind: "hotel",
  previewId: "preview-1",
  status: "partially_paid",
  cancelReason: null,
  email: "jiri@example.cz",
  currency: "CZK",
  total: 1_234_550,
  customer: storedCustomer,
  summary: orderSummary(
    "Hotel Zlatá Hvězda",
    [orderedRoom("Double room", { payOnline: 1_000_000 }), orderedRoom("Suite", { payOnline: 234_550 }, { plan: "no_plan" })],
    { stay: { checkIn: "2026-03-01", checkOut: "2026-03-04", adults: 3, childrenAges: [7] } }
  ),
  bookingStatus: "not_ordered",
  bookingRef: null,
  language: "cs",
  // 23:30 UTC is already the next day in Prague (UTC+1 in February).
  payBy: new Date("2026-02-19T23:30:00Z"),
  refundVoucher: null,
  replacedBy: null,
  createdAt: new Date("2026-02-16T10:00:00Z"),
  payments: [
    storedPayment("payment_card", 1_000_000, "paid", { id: "pay-card" }),
    storedPayment("transfer", 234_550),
  ],
};

/** A Polish order in Polish, one Pluxee payment still waiting and a voucher's credit. */
const polishOrder: StoredOrder = {
  ...czechOrder,
  id: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a6c",
  orderNumber: "26000777",
  product: "DZB_PL",
  email: "anna@example.pl",
  currency: "PLN",
  total: 123_400,
  customer: { ...czechOrder.customer, firstName: "Anna" },
  summary: orderSummary("Hotel Pod Wawelem", [
    orderedRoom("Pokój dwuosobowy", { payOnline: 123_400 }, { plan: "half_board" }),
  ]),
  language: "pl",
  payments: [
    storedPayment("voucher", 23_400, "paid"),
    storedPayment("pluxee_cafeteria", 60_000, "paid", { id: "pay-pluxee" }),
    storedPayment("edenred_card", 40_000),
  ],
};

const whiteLabelOrder: StoredOrder = {
  ...czechOrder,
  id: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a7d",
  orderNumber: "26000100",
  product: "DZB_WL_PLUXEE_CZ",
  payments: [storedPayment("pluxee_cafeteria", 1_234_550, "paid", { id: "pay-pluxee" })],
};

const voucher = { code: "48151623", value: 1_000_000, validTo: "2027-02-28" };

describe("order mails", () => {
  it("confirm a Czech order in Czech with its number, hotel, status page and the transfer to send", () => {
    const mail = orderMail("order_confirmation", czechOrder, config);
    expect(mail.to).toBe("jiri@example.cz");
    expect(mail.from).toBe('"Dovolená za benefity" <podpora@dovolenazabenefity.cz>');
    expect(mail.subject).toContain("26000042");
    const text = plain(mail.text);
    expect(text).toContain("Hotel Zlatá Hvězda");
    // The link is the customer's alone: it carries the order's owner key (decision 041).
    const key = orderOwnerKey(config.orderKeySecret, czechOrder.id);
    expect(text).toContain(`http://localhost:3000/status/${czechOrder.id}?key=${key}`);
    expect(mail.html).toContain(`href="http://localhost:3000/status/${czechOrder.id}?key=${key}"`);
    expect(text).toContain("Variabilní symbol: 26000042");
    expect(text).toContain("IBAN: CZ93 2010 0000 0020 0014 5399");
    expect(text).toContain("Číslo účtu: 2000145399/2010");
    expect(text).toContain("Částka: 2 345,50 Kč");
    // The instant the order stores, on the market's clock: 00:30 in Prague is the 20th.
    expect(text).toContain("Splatnost: 20. února 2026 v 0:30 SEČ");
    expect(text).toContain("Platební karta | 10 000,00 Kč | Zaplaceno");
    expect(text).toContain("Bankovní převod | 2 345,50 Kč");
    expect(text).toContain("Double room, Se snídaní");
    expect(text).toMatch(/^Pokoj 2: Suite$/m);
    expect(text).toContain("podpora@dovolenazabenefity.cz");
    expect(text).toContain("+420 228 882 288");
  });

  it.each(["order_confirmation", "booking_confirmed", "booking_failed"] as const)(
    "say of a total that includes what the hotel collects which part is paid online and which at the property, as the status page does (%s)",
    (kind) => {
      const summary = orderSummary("Hotel Zlatá Hvězda", [
        orderedRoom("Double room", { payOnline: 1_000_000, payOnSite: 50_000 }),
        orderedRoom("Suite", { payOnline: 234_550 }),
      ]);
      const partlyAtHotel: StoredOrder = { ...czechOrder, summary, total: summary.price.total };
      const czech = plain(orderMail(kind, partlyAtHotel, config).text);
      expect(czech).toContain("Celková cena: 12 845,50 Kč\nPlaceno online: 12 345,50 Kč\nPlaceno na místě: 500,00 Kč");
      const english = plain(orderMail(kind, { ...partlyAtHotel, language: "en" }, config).text);
      expect(english).toContain("Total price: CZK 12,845.50\nPaid online: CZK 12,345.50\nPaid at the property: CZK 500.00");
      // All online: the total is what the payments add up to, and nothing more is said.
      expect(plain(orderMail(kind, czechOrder, config).text)).not.toMatch(/Placeno (online|na místě)/);
    }
  );

  it("leave the transfer out once it is paid", () => {
    const paid: StoredOrder = {
      ...czechOrder,
      status: "paid",
      payments: czechOrder.payments.map((p) => ({ ...p, status: "paid" })),
    };
    expect(mailOrderOf(paid, config).owed).toBeUndefined();
    const text = plain(orderMail("order_confirmation", paid, config).text);
    expect(text).not.toContain("Variabilní symbol");
    expect(text).not.toContain("CZ93 2010");
  });

  it("read the stay, rooms and guests from the order's summary", () => {
    expect(mailOrderOf(czechOrder, config)).toMatchObject({
      orderNumber: "26000042",
      customerFirstName: "Jiří",
      checkIn: "2026-03-01",
      checkOut: "2026-03-04",
      rooms: [
        { name: "Double room", mealPlan: "breakfast_included" },
        { name: "Suite", mealPlan: null },
      ],
      adults: 3,
      children: 1,
      totalMinor: 1_234_550,
      currency: "CZK",
      brand: { name: "Dovolená za benefity", shopUrl: "http://localhost:3000" },
    });
  });

  it("name the received payment's method in the order's language, and what is left to pay", () => {
    const czech = plain(orderMail("payment_received", czechOrder, config, { paymentId: "pay-card" }).text);
    expect(czech).toContain("Způsob platby: Platební karta");
    expect(czech).toContain("10 000,00 Kč");
    expect(czech).toContain("Zbývá doplatit 2 345,50 Kč.");

    const polish = plain(orderMail("payment_received", polishOrder, config, { paymentId: "pay-pluxee" }).text);
    expect(polish).toContain("Pluxee (kafeteria)");
    expect(polish).toContain("600,00 zł");
    expect(polish).toContain("400,00 zł");
    expect(polish).toContain("Urlop za benefity");

    const english = plain(
      orderMail("payment_received", { ...polishOrder, language: "en" }, config, { paymentId: "pay-pluxee" }).text
    );
    expect(english).toContain("Pluxee cafeteria");
  });

  it("say an order is paid in full when nothing else is owed, even once the payment went back", () => {
    const paid: StoredOrder = { ...czechOrder, payments: czechOrder.payments.map((p) => ({ ...p, status: "paid" })) };
    const mail = orderMail("payment_received", paid, config, { paymentId: "pay-transfer" });
    expect(plain(mail.text)).toContain("platbu 2 345,50 Kč (Bankovní převod)");
    expect(mail.text).toContain("Objednávka je nyní zaplacena celá.");
    expect(mail.text).not.toContain("Zbývá doplatit");
    const refunded: StoredOrder = {
      ...czechOrder,
      payments: [storedPayment("payment_card", 1_000_000, "refunded", { id: "pay-card" })],
    };
    expect(orderMail("payment_received", refunded, config, { paymentId: "pay-card" }).text).not.toContain("Zbývá");
  });

  it("name a voucher's credit and keep an unknown method's id", () => {
    const order: StoredOrder = {
      ...polishOrder,
      payments: [...polishOrder.payments, storedPayment("retired_method", 100, "waiting", { id: "pay-old" })],
    };
    expect(mailOrderOf(order, config).payments.map((p) => p.methodName)).toEqual([
      "Voucher",
      "Pluxee (kafeteria)",
      "Karta Edenred",
      "retired_method",
    ]);
    expect(mailOrderOf({ ...czechOrder, payments: [storedPayment("voucher", 1, "paid", { id: "v" })] }, config).payments).toEqual([
      { methodName: "Poukaz", amountMinor: 1, state: "paid" },
    ]);
  });

  it("link a Polish order in English to its variant's domain with the language prefix", () => {
    const withDomain = loadConfig({ DOMAIN_PL: "pl.example" });
    const english = { ...polishOrder, language: "en" as const };
    const mail = orderMail("booking_confirmed", english, withDomain);
    expect(mail.text).toContain(`https://pl.example/en/status/${polishOrder.id}`);
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    const key = `?key=${orderOwnerKey(config.orderKeySecret, polishOrder.id)}`;
    expect(mailOrderOf(polishOrder, withDomain).statusUrl).toBe(`https://pl.example/status/${polishOrder.id}${key}`);
    expect(mailOrderOf(polishOrder, config).statusUrl).toBe(`http://pl.localhost:3000/status/${polishOrder.id}${key}`);
    expect(mailOrderOf(english, withDomain).brand.shopUrl).toBe("https://pl.example");
  });

  it("send a Polish transfer to the Polish account with the number as the transfer title", () => {
    const order: StoredOrder = { ...polishOrder, payments: [storedPayment("transfer", 123_400, "waiting")] };
    const text = plain(orderMail("order_confirmation", order, config).text);
    expect(text).toContain("Tytuł przelewu: 26000777");
    expect(text).toContain("PL61 1090 1014 0000 0712 1981 2874");
    expect(text).toContain("Przelew bankowy");
  });

  it("sign a white-label order with its own brand and link its own host", () => {
    const mail = orderMail("booking_failed", whiteLabelOrder, config);
    expect(mail.from).toBe('"Dovolená za benefity × Pluxee" <podpora@dovolenazabenefity.cz>');
    expect(mail.text).toContain("Dovolená za benefity × Pluxee");
    expect(mail.html).toContain("Dovolená za benefity × Pluxee");
    expect(mail.text).toContain(`http://pluxee.localhost:3000/status/${whiteLabelOrder.id}`);
  });

  it("give every kind and every received payment its own stable message id", () => {
    // Every kind but voucher_issued, which only a voucher order has (below).
    expect(orderMailKinds).toHaveLength(8);
    const kinds: [OrderMailKind, Parameters<typeof orderMail>[3]][] = [
      ["order_confirmation", undefined],
      ["payment_received", { paymentId: "pay-card" }],
      ["payment_received", { paymentId: "pay-transfer-paid" }],
      ["booking_confirmed", undefined],
      ["booking_failed", undefined],
      ["cancelled_with_voucher", { voucher }],
      ["cancelled_unpaid", undefined],
      ["order_replaced", undefined],
    ];
    const order: StoredOrder = {
      ...czechOrder,
      replacedBy: { id: "7d3c9a52-1111-4d2e-9c1a-5f2b8e6a0b11", orderNumber: "26000043" },
      payments: [...czechOrder.payments, storedPayment("transfer", 1, "paid", { id: "pay-transfer-paid" })],
    };
    const ids = kinds.map(([kind, extra]) => orderMail(kind, order, config, extra).messageId);
    expect(ids).toEqual(kinds.map(([kind, extra]) => orderMail(kind, order, config, extra).messageId));
    expect(new Set(ids).size).toBe(kinds.length);
    expect(ids[0]).toBe("order-26000042-order_confirmation");
    expect(ids[1]).toBe("order-26000042-payment_received-pay-card");
  });

  it("name the order that replaced this one, with a link to its status page", () => {
    const replacedBy = { id: "7d3c9a52-1111-4d2e-9c1a-5f2b8e6a0b11", orderNumber: "26000043" };
    const mail = orderMail("order_replaced", { ...czechOrder, replacedBy }, config, {});
    expect(mail.subject).toBe("Objednávka 26000042 nahrazena objednávkou 26000043");
    expect(plain(mail.text)).toContain("platební údaje z jejího potvrzení neplatí");
    expect(mail.text).toContain(`http://localhost:3000/status/${replacedBy.id}`);
  });

  it("offer the booked stay for the calendar in the booking's confirmation, in the order's language", () => {
    const booked: StoredOrder = { ...czechOrder, bookingStatus: "active", bookingRef: "SIM-12345678901234567890" };
    const mail = orderMail("booking_confirmed", booked, config);
    const calendarUrl = `http://localhost:3000/status/${czechOrder.id}/dokument/stay-calendar`;
    expect(mailOrderOf(booked, config).calendarUrl).toBe(calendarUrl);
    expect(plain(mail.text)).toContain("soubor .ics s daty pobytu");
    expect(plain(mail.text)).toContain(`Přidat do kalendáře (.ics): ${calendarUrl}`);
    expect(mail.html).toContain(`href="${calendarUrl}"`);
    const polish = plain(orderMail("booking_confirmed", { ...booked, product: "DZB_PL", language: "pl" }, config).text);
    expect(polish).toContain(`Dodaj do kalendarza (.ics): http://pl.localhost:3000/status/${booked.id}/dokument/`);
    const english = plain(orderMail("booking_confirmed", { ...booked, language: "en" }, config).text);
    expect(english).toContain(`Add to calendar (.ics): http://localhost:3000/en/status/${booked.id}/document/`);
  });

  it("offer no calendar for a stay the hotel does not hold (any more)", () => {
    for (const order of [
      czechOrder,
      { ...czechOrder, bookingStatus: "active", status: "cancelled_by_user" },
      { ...czechOrder, bookingStatus: "cancelled" },
    ] satisfies StoredOrder[]) {
      expect(mailOrderOf(order, config).calendarUrl, `${order.status} ${order.bookingStatus}`).toBeUndefined();
      expect(orderMail("booking_confirmed", order, config).text).not.toContain("stay-calendar");
    }
  });

  it("put the voucher into the cancellation mail", () => {
    const text = plain(orderMail("cancelled_with_voucher", czechOrder, config, { voucher }).text);
    expect(text).toContain("48151623");
    expect(text).toContain("10 000,00 Kč");
    expect(text).toContain("28. února 2027");
  });

  it("refuse a kind without the extra it needs, or a payment that is not the order's", () => {
    expect(() => orderMail("payment_received", czechOrder, config)).toThrow(/paymentId/);
    expect(() => orderMail("cancelled_with_voucher", czechOrder, config, {})).toThrow(/voucher/);
    expect(() => orderMail("payment_received", czechOrder, config, { paymentId: "nope" })).toThrow(/no payment/);
  });
});

describe("voucher order mails", () => {
  const voucherOrder: StoredVoucherOrder = {
    ...czechOrder,
    kind: "voucher",
    voucherPreviewId: "0193a1b2-0000-7e5f-8a9b-0c1d2e3f4a5b",
    status: "waiting",
    total: 330_000,
    summary: {
      feeMode: "value_plus_fees",
      amount: 300_000,
      extraService: false,
      design: "mountains",
      voucherValue: 300_000,
      price: { base: 300_000, bonus: 0, serviceFee: 30_000, extraService: 0, total: 330_000 },
    },
    presentFor: { firstName: "Petr", lastName: "Novák", email: "petr@example.cz", mobile: "+420 777 000 111" },
    payments: [storedPayment("pluxee_cafeteria", 220_000), storedPayment("transfer", 110_000)],
  };
  const issued = { code: "48151623", value: 300_000, validFrom: "2026-11-21", validTo: "2027-11-20" };

  it("confirm the order with the value bought and how to pay the transfer, for a gift too", () => {
    const mail = orderMail("order_confirmation", voucherOrder, config);
    const text = plain(mail.text);
    expect(mail.subject).toBe("Objednávka poukazu 26000042 přijata");
    expect(text).toContain("dárkového poukazu");
    expect(text).toContain("Hodnota: 3 000,00 Kč");
    expect(text).toContain("Celková cena: 3 300,00 Kč");
    expect(text).toContain("Variabilní symbol: 26000042");
    expect(text).not.toContain("Hotel");
  });

  it("hand over the voucher: code, value, validity, and the check page with the code, in the buyer's language", () => {
    const paid = { ...voucherOrder, status: "paid" as const };
    const czech = plain(orderMail("voucher_issued", paid, config, { voucher: issued }).text);
    expect(czech).toContain("Kód poukazu: 48151623");
    expect(czech).toContain("Hodnota: 3 000,00 Kč");
    expect(czech).toContain("Platnost od: 21. listopadu 2026");
    expect(czech).toContain("Platnost do: 20. listopadu 2027");
    expect(czech).toContain("http://localhost:3000/overeni-poukazu/48151623");
    // The receipt of the payment: a voucher's sale gets no invoice (decision 054).
    expect(czech).toContain("Potvrzení o přijetí platby (PDF)");
    expect(czech).toContain(`http://localhost:3000/status/${paid.id}/dokument/receipt`);
    const english = plain(orderMail("voucher_issued", { ...paid, language: "en" }, config, { voucher: issued }).text);
    expect(english).toContain("Voucher code: 48151623");
    expect(english).toContain("http://localhost:3000/en/voucher-status/48151623");
    const whiteLabel = orderMail("voucher_issued", { ...paid, product: "DZB_WL_PLUXEE_CZ" }, config, { voucher: issued });
    expect(whiteLabel.text).toContain("http://pluxee.localhost:3000/overeni-poukazu/48151623");
  });

  it.each(["cs", "pl", "en"] as const)(
    "speak of the voucher, never of a hotel, a booking or a stay, in every mail of a voucher order (%s)",
    (language) => {
      const order = { ...voucherOrder, language };
      const paid = { ...order, status: "cancelled_automatically" as const, payments: [storedPayment("pluxee_cafeteria", 330_000, "refunded")] };
      const mails = [
        orderMail("order_confirmation", order, config),
        orderMail("payment_received", order, config, { paymentId: order.payments[0]!.id }),
        orderMail("cancelled_unpaid", paid, config),
        orderMail("cancelled_with_voucher", paid, config, { voucher }),
      ];
      for (const mail of mails) {
        expect(plain(mail.text)).not.toMatch(/hotel|pobyt|pokoj|rezervac|rezerwac|\broom|\bstay|booking/i);
      }
      // What the buyer waits for: the voucher, issued once the transfer has arrived.
      const issuedOnceTransferred = { cs: "Poukaz vydáme", pl: "Voucher wystawimy", en: "We issue the voucher" };
      expect(plain(mails[0]!.text)).toContain(issuedOnceTransferred[language]);
    }
  );

  it("send a voucher again as a message of its own, and refuse the mails of a stay", () => {
    const first = orderMail("voucher_issued", voucherOrder, config, { voucher: issued });
    const again = orderMail("voucher_issued", voucherOrder, config, { voucher: issued, resentAt: "2026-12-01T09:00:00.000Z" });
    expect(first.messageId).toBe("order-26000042-voucher_issued");
    expect(again.messageId).not.toBe(first.messageId);
    expect(() => orderMail("voucher_issued", voucherOrder, config)).toThrow(/needs the voucher/);
    expect(() => orderMail("booking_confirmed", voucherOrder, config)).toThrow(/voucher order/);
    expect(() => orderMail("voucher_issued", czechOrder, config, { voucher: issued })).toThrow(/hotel order/);
  });
});
