import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PaymentTiming } from "../adapters/provider/hotel-provider";
import { loadConfig } from "../config";
import { flatText, structureProblems } from "../documents/pdf-text.test-helper";
import { hotelPriceBreakdown } from "../domain/hotel-price";
import type { PaymentCalculation } from "../domain/payment-calculation";
import { orderPrice, productPrice, type ProductOffer } from "../domain/pricing";
import type { CustomerDetails, HotelOrderSummary, OrderedRoom, StoredOrder, StoredPayment } from "../stores/orders";
import { orderDocumentPdf, orderInvoice, orderTerms } from "./order-documents";

const config = loadConfig({});

function room(name: string, price: { payOnline: number; payOnSite?: number }, freeCancellationUntil?: string) {
  const payOnSite = price.payOnSite ?? 0;
  const total = price.payOnline + payOnSite;
  const ordered: OrderedRoom = {
    roomId: `room-${name}`,
    productId: `product-${name}`,
    name,
    mealPlan: { plan: "breakfast_included", meals: ["breakfast"] },
    price: { base: total, payOnline: price.payOnline, payOnSite, total, extraCharges: [] },
    paymentTimings: ["online_now"],
    ...(freeCancellationUntil ? { freeCancellationUntil } : {}),
  };
  return ordered;
}

/** The order's summary, its price worked out from the rooms as hotel-price.ts does. */
function summary(
  hotelName: string,
  rooms: OrderedRoom[],
  extras: { insurance?: number; serviceFee?: number; discount?: number } = {}
): HotelOrderSummary {
  const { insurance = 0, serviceFee = 0, discount = 0 } = extras;
  const sum = (pick: (r: OrderedRoom) => number) => rooms.reduce((total, r) => total + pick(r), 0);
  const payOnline = sum((r) => r.price.payOnline) + insurance;
  const payOnSite = sum((r) => r.price.payOnSite);
  return {
    availabilityId: "availability-1",
    requestId: "request-1",
    answeredAt: "2026-03-02T09:00:00.000Z",
    hotel: {
      hotelId: "hotel-1",
      name: hotelName,
      url: "https://www.booking.com/hotel/cz/example.html",
      address: { streetNumber: "Náměstí 1", city: "Ostrava", country: "Česko", postalCode: "702 00" },
      rating: { numberOfReviews: 120, reviewScore: 8.6, stars: 4 },
      photos: { other: [] },
    },
    stay: {
      checkIn: "2026-04-10",
      checkOut: "2026-04-13",
      rooms: rooms.length,
      adults: 2 * rooms.length,
      childrenAges: [],
    },
    rooms,
    price: {
      base: sum((r) => r.price.base),
      bonus: 0,
      discount,
      serviceFee,
      insurance,
      payOnline,
      payOnSite,
      total: payOnline - discount + serviceFee + payOnSite,
      extraCharges: [],
    },
    bookOnlyAfterPayment: true,
    timing: "online_now",
  };
}

function payment(methodId: string, value: number, status: StoredPayment["status"] = "waiting"): StoredPayment {
  return { id: `pay-${methodId}`, position: 0, methodId, value, status, voucherId: null, paidAt: null };
}

const person: CustomerDetails = {
  firstName: "Jiří",
  lastName: "Novák",
  email: "jiri@example.cz",
  mobile: "+420 777 123 456",
  contactAddress: { streetAddress: "Dlouhá 1", city: "Praha", country: "Česká republika", postalCode: "110 00" },
  noteForHotel: "",
  agreeCp: true,
  agreeTac: true,
  agreeMp: false,
  bookingForSomeoneElse: false,
  isMainGuest: true,
  carRentalInterest: false,
  cancellationInsurance: true,
};

const czechSummary = summary(
  "Hotel Ostrava Palace",
  [
    // 10:00 UTC is 12:00 in Prague once summer time has begun (29 March 2026).
    room("Dvoulůžkový pokoj Superior", { payOnline: 500_000 }, "2026-04-03T10:00:00.000Z"),
    room("Dvoulůžkový pokoj Superior", { payOnline: 500_000 }, "2026-04-05T10:00:00.000Z"),
  ],
  { insurance: 150_000, serviceFee: 20_000 }
);

/** A Czech company's order: an Edenred card and a transfer both still to pay, with cancellation insurance. */
const czech: StoredOrder = {
  id: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  orderNumber: "26000042",
  product: "DZB_CZ",
  previewId: "preview-1",
  status: "waiting",
  cancelReason: null,
  email: person.email,
  currency: "CZK",
  total: czechSummary.price.total,
  customer: {
    ...person,
    billing: {
      address: { streetAddress: "Náměstí Míru 1", city: "Brno", country: "Česká republika", postalCode: "602 00" },
      companyName: "Žluťoučký kůň a.s.",
      companyId: "87654321",
      taxId: "CZ87654321",
    },
  },
  summary: czechSummary,
  bookingStatus: "not_ordered",
  bookingRef: null,
  language: "cs",
  payBy: new Date("2026-03-05T09:15:00Z"),
  refundVoucher: null,
  createdAt: new Date("2026-03-02T09:15:00Z"),
  payments: [payment("edenred_card", 720_000), payment("transfer", 450_000)],
};

const polishSummary = summary(
  "Hotel Pod Wawelem",
  // No free cancellation, and a city tax paid at the property.
  [room("Pokój dwuosobowy", { payOnline: 100_000, payOnSite: 23_400 })],
  { insurance: 19_900, discount: 10_000 }
);

/** A Polish company's order with a discount voucher, a voucher's credit and a Pluxee payment still waiting. */
const polish: StoredOrder = {
  ...czech,
  orderNumber: "26000043",
  product: "DZB_PL",
  currency: "PLN",
  total: polishSummary.price.total,
  customer: {
    ...person,
    billing: {
      address: { streetAddress: "ul. Żurawia 6", city: "Warszawa", country: "Polska", postalCode: "00-503" },
      companyName: "Wesoła Łódka sp. z o.o.",
      companyId: "",
      taxId: "PL5250001009",
    },
  },
  summary: polishSummary,
  language: "pl",
  status: "partially_paid",
  payments: [payment("voucher", 20_000, "paid"), payment("pluxee_cafeteria", 89_900)],
};

const englishSummary = summary(
  "Hotel Pod Wawelem",
  [room("Double room", { payOnline: 123_400 }, "2026-04-08T21:59:00.000Z")],
  { serviceFee: 1_234 }
);

/** A person's order in English in the Polish variant, paid in full by card. */
const english: StoredOrder = {
  ...czech,
  orderNumber: "26000099",
  product: "DZB_PL",
  currency: "PLN",
  total: englishSummary.price.total,
  customer: {
    ...person,
    firstName: "Jane",
    lastName: "Smith",
    contactAddress: {
      streetAddress: "221B Baker Street",
      city: "London",
      country: "United Kingdom",
      postalCode: "NW1 6XE",
    },
  },
  summary: englishSummary,
  language: "en",
  status: "paid",
  payBy: new Date("2026-03-08T12:00:00Z"),
  payments: [payment("payment_card", 124_634, "paid")],
};

const textOf = (kind: "invoice" | "terms", order: StoredOrder) => {
  const { content } = orderDocumentPdf(kind, order, config);
  expect(structureProblems(content)).toEqual([]);
  return flatText(content);
};

const lineSum = (order: StoredOrder) =>
  orderInvoice(order).lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);

describe("the order's invoice", () => {
  it("names supplier, customer, number, dates, stay, lines and payments of a Czech company's order", () => {
    const text = textOf("invoice", czech);
    const expected = [
      "Faktura – daňový doklad č. 26000042",
      "Dovolená za benefity s.r.o.",
      "Vodičkova 710/31",
      "IČO: 12345678",
      "DIČ: CZ12345678",
      "Městským soudem v Praze, oddíl C, vložka 123456",
      "Žluťoučký kůň a.s.",
      "Náměstí Míru 1",
      "602 00 Brno",
      "IČO: 87654321",
      "DIČ: CZ87654321",
      "Číslo dokladu 26000042",
      "Datum vystavení 2. 3. 2026",
      "Datum uskutečnění zdanitelného plnění 2. 3. 2026",
      "Variabilní symbol 26000042",
      "Způsob úhrady Karta Edenred: 7 200,00 Kč Bankovní převod: 4 500,00 Kč",
      "Ubytování: Hotel Ostrava Palace, 10. 4. 2026 – 13. 4. 2026 (3 noci, 2 pokoje)",
      "Ubytování – Dvoulůžkový pokoj Superior 1 ks 5 000,00 Kč 5 000,00 Kč",
      "Pojištění storna 1 ks 1 500,00 Kč 1 500,00 Kč",
      "Servisní poplatek 1 ks 200,00 Kč 200,00 Kč",
      "zvláštní režim – cestovní služby",
      "Celkem k úhradě 11 700,00 Kč",
    ];
    for (const part of expected) expect(text).toContain(part);
    // The margin scheme states no tax.
    expect(text).not.toContain("Sazba DPH");
    expect(lineSum(czech)).toBe(czech.total);
  });

  it("puts a discount on a line of its own and what the hotel collects among the payments (Polish)", () => {
    const text = textOf("invoice", polish);
    const expected = [
      "Faktura nr 26000043",
      "NIP: PL5261234567",
      "Czechy",
      "Wesoła Łódka sp. z o.o.",
      "NIP: PL5250001009",
      "Data wystawienia 02.03.2026",
      "Usługa noclegowa: Hotel Pod Wawelem, 10.04.2026 – 13.04.2026 (3 noce, 1 pokój)",
      "Nocleg – Pokój dwuosobowy 1 szt. 1 234,00 zł 1 234,00 zł",
      "Ubezpieczenie od rezygnacji 1 szt. 199,00 zł 199,00 zł",
      "Rabat 1 szt. -100,00 zł -100,00 zł",
      "Razem do zapłaty 1 333,00 zł",
      "Sposób płatności Voucher: 200,00 zł Pluxee (kafeteria): 899,00 zł Płatność na miejscu w obiekcie: 234,00 zł",
      "procedura marży dla biur podróży",
    ];
    for (const part of expected) expect(text).toContain(part);
    // The buyer has a NIP but no company id: only the supplier's register number is printed.
    expect(text.match(/Nr rejestrowy/g)).toHaveLength(1);
    expect(lineSum(polish)).toBe(polish.total);
  });

  it("bills a person at their contact address (English)", () => {
    const text = textOf("invoice", english);
    const expected = [
      "Invoice – tax document No. 26000099",
      "Company ID: 12345678",
      "VAT ID: PL5261234567",
      "Czech Republic",
      "Jane Smith",
      "221B Baker Street",
      "NW1 6XE London",
      "United Kingdom",
      "Date of issue 02/03/2026",
      "Payment method Payment card: PLN 1,246.34",
      "Accommodation – Double room 1 pcs PLN 1,234.00 PLN 1,234.00",
      "Total due PLN 1,246.34",
    ];
    for (const part of expected) expect(text).toContain(part);
    expect(text.match(/VAT ID/g)).toHaveLength(1);
  });

  it("adds up to the order's total for any rooms, insurance, fee and discount the pricing gives", () => {
    const offer = fc.record({
      base: fc.integer({ min: 0, max: 10_000_000 }),
      publicPrice: fc.constant(0),
      extraCharges: fc.array(
        fc.record({ name: fc.constant("City tax"), amount: fc.nat({ max: 100_000 }), chargeableOnline: fc.boolean() }),
        { maxLength: 2 }
      ),
      paymentTimings: fc.constantFrom<PaymentTiming[]>(
        ["online_now"],
        ["online_later", "at_property"],
        ["at_property"]
      ),
    }) satisfies fc.Arbitrary<ProductOffer>;
    fc.assert(
      fc.property(
        fc.array(offer, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(0, 150_000),
        fc.nat({ max: 500_000 }),
        fc.nat(),
        (offers, insurance, serviceFee, discountSeed) => {
          const price = orderPrice(offers, insurance);
          // A discount voucher takes at most what is paid online.
          const discount = discountSeed % (price.payOnline + 1);
          const calculation: PaymentCalculation = {
            ...{ invalid: [], credits: [], units: [], outputs: [], creditUsed: 0, bonus: 0, charged: 0 },
            discount,
            serviceFee,
          };
          const rooms = offers.map(
            (o, i): OrderedRoom => ({ ...room(`Room ${i}`, { payOnline: 0 }), price: productPrice(o) })
          );
          const breakdown = hotelPriceBreakdown(price, calculation);
          const order: StoredOrder = {
            ...czech,
            total: breakdown.total,
            summary: { ...czech.summary, rooms, price: breakdown },
          };
          const { lines } = orderInvoice(order);
          expect(lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0)).toBe(order.total);
          for (const line of lines) expect(line.unitPrice < 0).toBe(line.item.kind === "discount");
        }
      )
    );
  });

  it("refuses an order whose lines do not add up to its total", () => {
    expect(() => orderInvoice({ ...czech, total: czech.total + 1 })).toThrow(/add up/);
  });
});

describe("the order's terms", () => {
  it("state the cancellation deadline, the voucher, what is still to pay and how", () => {
    const text = textOf("terms", czech);
    const expected = [
      "Podmínky objednávky č. 26000042",
      "objednávce č. 26000042 ze dne 2. 3. 2026",
      "storno podmínkách služby Dovolená za benefity",
      "Hotel Ostrava Palace, 10. 4. 2026 – 13. 4. 2026 (3 noci, 2 pokoje)",
      "Cena objednávky: 11 700,00 Kč",
      // The first room's free cancellation ends at 10:00 UTC, 12:00 in Prague.
      "zrušit nejpozději 3. 4. 2026 v 12:00",
      // Fees: the service fee and the insurance.
      "snížené o storno poplatky: 11 700,00 Kč – 1 700,00 Kč = 10 000,00 Kč",
      "Karta Edenred: 7 200,00 Kč, nejpozději 5. 3. 2026 v 10:15",
      "Pokoje placené bankovním převodem rezervujeme až po připsání platby",
      "Převod: 4 500,00 Kč na účet 2000145399/2010, variabilní symbol 26000042, splatnost 5. 3. 2026.",
      "E-mail: podpora@dovolenazabenefity.cz, telefon: +420 228 882 288",
    ];
    for (const part of expected) expect(text).toContain(part);
  });

  it("say when the order cannot be cancelled free of charge (Polish)", () => {
    const text = textOf("terms", polish);
    expect(text).toContain("Zamówienia nie można anulować bezpłatnie");
    expect(text).toContain("serwisu Urlop za benefity");
    expect(text).not.toContain("możesz anulować najpóźniej");
    expect(text).not.toContain("otrzymasz voucher");
    expect(text).toContain("Pluxee (kafeteria): 899,00 zł, najpóźniej 05.03.2026, godz. 10:15");
    expect(text).not.toContain("Przelew:");
    expect(text).toContain("E-mail: pomoc@urlopzabenefity.pl, telefon: +48 223 882 288");
    expect(orderTerms(polish, config).cancellation).toEqual({
      fees: 19_900,
      paidOnline: polish.payments.reduce((sum, payment) => sum + payment.value, 0),
    });
  });

  it("leave out the payments of an order paid in full (English)", () => {
    const text = textOf("terms", english);
    // 21:59 UTC is 23:59 in Prague in April.
    expect(text).toContain("You can cancel the order until 08/04/2026 at 23:59");
    expect(text).toContain("PLN 1,246.34 – PLN 12.34 = PLN 1,234.00");
    expect(text).not.toContain("Benefit payments not yet completed");
    expect(text).not.toContain("Transfer:");
  });

  it("name the white label's brand", () => {
    expect(textOf("terms", { ...czech, product: "DZB_WL_PLUXEE_CZ" })).toContain("Dovolená za benefity × Pluxee");
  });
});

describe("the documents' file names", () => {
  it("are in the order's language", () => {
    const names = [czech, polish, english].map((order) => [
      orderDocumentPdf("invoice", order, config).fileName,
      orderDocumentPdf("terms", order, config).fileName,
    ]);
    expect(names).toEqual([
      ["faktura-26000042.pdf", "podminky-26000042.pdf"],
      ["faktura-26000043.pdf", "warunki-26000043.pdf"],
      ["invoice-26000099.pdf", "terms-26000099.pdf"],
    ]);
  });
});
