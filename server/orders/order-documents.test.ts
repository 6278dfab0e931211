import fc from "fast-check";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { formatIban } from "../../shared/formats";
import { decodeQrDataUrl } from "../../tests/fixtures/qr-code";
import type { PaymentTiming } from "../domain/hotel-offer";
import { loadConfig, receivingAccount } from "../config";
import { flatText, pagePixels } from "../documents/pdf-text.test-helper";
import { documentTranslator } from "../documents/texts";
import { hotelPriceBreakdown } from "../domain/hotel-price";
import { documentsOf, voucherDocumentsOf } from "../domain/order-documents";
import type { PaymentCalculation } from "../domain/payment-calculation";
import { orderPrice, productPrice, type ProductOffer } from "../domain/pricing";
import type { CustomerDetails, OrderedRoom, StoredOrder, StoredVoucherOrder } from "../stores/orders";
import { orderedRoom, orderSummary, storedPayment } from "../../tests/fixtures/stored-orders";
import {
  type MoneyDocumentKind,
  type PaperDocumentKind,
  orderDocumentPdf,
  orderInvoice,
  orderTerms,
  voucherReceipt,
  voucherReceiptPdf,
} from "./order-documents";
import { readableHotelOrder } from "./readable-order";

const config = loadConfig({});

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

const czechSummary = orderSummary(
  "Hotel Ostrava Palace",
  [
    // 10:00 UTC is 12:00 in Prague once summer time has begun (29 March 2026).
    orderedRoom("Dvoulůžkový pokoj Superior", { payOnline: 500_000 }, { freeCancellationUntil: "2026-04-03T10:00:00.000Z" }),
    orderedRoom("Dvoulůžkový pokoj Superior", { payOnline: 500_000 }, { freeCancellationUntil: "2026-04-05T10:00:00.000Z" }),
  ],
  { insurance: 150_000, serviceFee: 20_000 }
);

/** A Czech company's order: an Edenred card and a transfer both still to pay, with cancellation insurance. */
const czech: StoredOrder = {
  id: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  orderNumber: "26000042",
  product: "DZB_CZ",
  kind: "hotel",
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
  replacedBy: null,
  createdAt: new Date("2026-03-02T09:15:00Z"),
  payments: [storedPayment("edenred_card", 720_000), storedPayment("transfer", 450_000)],
};

const polishSummary = orderSummary(
  "Hotel Pod Wawelem",
  // No free cancellation, and a city tax paid at the property.
  [orderedRoom("Pokój dwuosobowy", { payOnline: 100_000, payOnSite: 23_400 })],
  {
    insurance: 19_900,
    discount: 10_000,
    extraCharges: [{ name: "City tax", type: "city_tax", amount: 23_400, chargeableOnline: false }],
  }
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
  payments: [storedPayment("voucher", 20_000, "paid"), storedPayment("pluxee_cafeteria", 89_900)],
};

const englishSummary = orderSummary(
  "Hotel Pod Wawelem",
  [orderedRoom("Double room", { payOnline: 123_400 }, { freeCancellationUntil: "2026-04-08T21:59:00.000Z" })],
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
  payments: [storedPayment("payment_card", 124_634, "paid")],
};

/** White space as flatText leaves it: the IBAN's groups are split by no-break spaces there too. */
const flat = (text: string) => text.replace(/\s+/g, " ");

const textOf = async (kind: PaperDocumentKind, order: StoredOrder) =>
  flatText((await orderDocumentPdf(kind, order, config)).content);

const lineSum = (order: StoredOrder, kind: MoneyDocumentKind) =>
  orderInvoice(order, kind, config).lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
const onlineSum = (order: { payments: StoredOrder["payments"] }) =>
  order.payments.reduce((sum, payment) => sum + payment.value, 0);

/** Order 26000002 of the issue: 7 311 Kč by transfer, and a city tax of 160 Kč the hotel collects. */
const transferWithCityTax: StoredOrder = {
  ...czech,
  orderNumber: "26000002",
  customer: person,
  summary: orderSummary("Hotel Ostrava Palace", [orderedRoom("Dvoulůžkový pokoj", { payOnline: 731_100, payOnSite: 16_000 })], {
    extraCharges: [{ name: "City tax", type: "city_tax", amount: 16_000, chargeableOnline: false }],
  }),
  total: 747_100,
  payments: [storedPayment("transfer", 731_100)],
};

/** The Czech order paid in full, then cancelled by the customer: what was paid less the fees became a voucher. */
const cancelledAfterPaying: StoredOrder = {
  ...czech,
  status: "cancelled_by_user",
  payments: czech.payments.map((p) => ({ ...p, status: "refunded", paidAt: new Date("2026-03-03T08:00:00Z") })),
  refundVoucher: { id: "voucher-1", code: "DZB-7K3M", value: 1_000_000, validFrom: "2026-03-20", validTo: "2027-03-20" },
};

describe("the order's payment request", () => {
  it("asks for what the shop takes online, and is no tax document, while the order is unpaid", async () => {
    const text = await textOf("payment-request", czech);
    const expected = [
      "Výzva k platbě č. 26000042",
      "Toto není daňový doklad.",
      "Ukázková společnost s.r.o.",
      "Vzorová 1",
      "IČO: 00000000",
      "DIČ: CZ00000000",
      "Zapsaná v obchodním rejstříku vedeném Městským soudem v Praze, oddíl C, vložka 000000",
      "Žluťoučký kůň a.s.",
      "602 00 Brno",
      "IČO: 87654321",
      "DIČ: CZ87654321",
      "Číslo dokladu 26000042",
      "Datum vystavení 2. 3. 2026",
      // 09:15 UTC is 10:15 in Prague in March.
      // The order's pay-by, 09:15 UTC, on the Czech market's clock.
      "Splatnost 5. března 2026 v 10:15 SEČ",
      "Variabilní symbol 26000042",
      "Ubytování: Hotel Ostrava Palace, 10. 4. 2026 – 13. 4. 2026 (3 noci, 2 pokoje)",
      "Ubytování – Dvoulůžkový pokoj Superior 1 ks 5 000,00 Kč 5 000,00 Kč",
      "Pojištění storna 1 ks 1 500,00 Kč 1 500,00 Kč",
      "Servisní poplatek 1 ks 200,00 Kč 200,00 Kč",
      "Zvláštní režim – cestovní služby",
      "Celkem k úhradě online 11 700,00 Kč",
      "Karta Edenred čeká na úhradu 7 200,00 Kč",
      "Bankovní převod čeká na úhradu 4 500,00 Kč",
      "Zbývá uhradit do 5. března 2026 v 10:15 SEČ 11 700,00 Kč",
    ];
    for (const part of expected) expect(text).toContain(part);
    expect(text).not.toContain("Datum uskutečnění zdanitelného plnění");
    expect(lineSum(czech, "payment-request")).toBe(onlineSum(czech));
  });

  it("states the amount the transfer's QR asks, with the city tax the hotel collects as information only", async () => {
    const text = await textOf("payment-request", transferWithCityTax);
    expect(text).toContain("Ubytování – Dvoulůžkový pokoj 1 ks 7 311,00 Kč 7 311,00 Kč");
    expect(text).toContain("Celkem k úhradě online 7 311,00 Kč");
    // Named as the status page names it (chargeTypes.city_tax), not by the provider's English name.
    expect(text).toContain("Platí se na místě v ubytování, není součástí tohoto dokladu: Poplatek z pobytu 160,00 Kč");
    // The order's total with the city tax, 7 471 Kč, is nobody's amount to pay the shop.
    expect(text).not.toContain("7 471");
  });

  it("carries the status page's transfer box: account, IBAN, symbol, amount and the same QR code", async () => {
    const markets = [
      { order: transferWithCityTax, labels: ["Údaje pro bankovní převod", "Číslo účtu", "Variabilní symbol"] },
      {
        order: { ...transferWithCityTax, product: "DZB_PL", currency: "PLN", language: "pl" } satisfies StoredOrder,
        labels: ["Dane do przelewu", "Numer konta", "Tytuł przelewu"],
      },
    ];
    for (const { order, labels } of markets) {
      const { content } = await orderDocumentPdf("payment-request", order, config);
      const text = flat(await flatText(content));
      const account = receivingAccount(config, order.currency);
      const [title, accountLabel, symbolLabel] = labels;
      for (const part of [
        title,
        `${accountLabel} ${account.display}`,
        `IBAN ${formatIban(account.iban)}`,
        `${symbolLabel} 26000002`,
      ]) {
        expect(text).toContain(flat(part!));
      }
      expect(text).toMatch(/(Částka|Kwota) 7 311,00 (Kč|zł)/);
      // The QR a banking app scans is the very code the status page shows for this payment.
      const statusPage = readableHotelOrder(order, config, order.createdAt, "customer").payments[0]!.transfer!;
      const page = await pagePixels(content, 1, 2);
      expect(jsQR(page.data, page.width, page.height)?.data).toBe(decodeQrDataUrl(statusPage.qrImage!));
    }
  });

  it("puts a discount on a line of its own and lists the voucher's credit as received (Polish)", async () => {
    const text = await textOf("payment-request", polish);
    const expected = [
      "Faktura proforma nr 26000043",
      "Ten dokument nie jest fakturą.",
      "NIP: PL0000000000",
      "Czechy",
      "Spółka wpisana do rejestru handlowego prowadzonego przez Sąd Miejski w Pradze, sekcja C, pozycja 000000",
      "Wesoła Łódka sp. z o.o.",
      "NIP: PL5250001009",
      "Data wystawienia 02.03.2026",
      "Usługa noclegowa: Hotel Pod Wawelem, 10.04.2026 – 13.04.2026 (3 noce, 1 pokój)",
      "Nocleg – Pokój dwuosobowy 1 szt. 1 000,00 zł 1 000,00 zł",
      "Ubezpieczenie od rezygnacji 1 szt. 199,00 zł 199,00 zł",
      "Rabat 1 szt. -100,00 zł -100,00 zł",
      "Razem do zapłaty online 1 099,00 zł",
      // Paid at 23:30 UTC on 3 March: the 4th in Prague.
      "Voucher 04.03.2026 200,00 zł",
      "Pluxee (kafeteria) oczekuje na zapłatę 899,00 zł",
      "Pozostało do zapłaty do 5 marca 2026 10:15 CET 899,00 zł",
      "Płatne na miejscu w obiekcie, poza tym dokumentem: Opłata miejscowa 234,00 zł",
      "Procedura marży dla biur podróży",
    ];
    for (const part of expected) expect(text).toContain(part);
    // The buyer has a NIP but no company id: only the supplier's register number is printed.
    expect(text.match(/Nr rejestrowy/g)).toHaveLength(1);
    // The Czech register sentence is the Czech documents'; the Polish one says the same in Polish.
    expect(text).not.toContain("obchodním rejstříku");
  });
});

describe("the order's invoice", () => {
  it("is issued once paid, on the day the last payment arrived, and lists each payment (English)", async () => {
    const text = await textOf("invoice", english);
    const expected = [
      "Invoice – tax document No. 26000099",
      "Company ID: 00000000",
      "VAT ID: PL0000000000",
      "Registered in the Commercial Register kept by the Municipal Court in Prague, section C, entry 000000",
      "Czech Republic",
      "Jane Smith",
      "221B Baker Street",
      "NW1 6XE London",
      "United Kingdom",
      "Date of issue 04/03/2026",
      "Date of supply 04/03/2026",
      "Accommodation – Double room 1 pcs PLN 1,234.00 PLN 1,234.00",
      "Total PLN 1,246.34",
      "Payment card 04/03/2026 PLN 1,246.34",
      "Paid PLN 1,246.34",
    ];
    for (const part of expected) expect(text).toContain(part);
    expect(text.match(/VAT ID/g)).toHaveLength(1);
    for (const czechOrOwed of ["obchodním rejstříku", "Zapsaná", "Total due", "Left to pay", "Pay by"]) {
      expect(text).not.toContain(czechOrOwed);
    }
  });

  it("says paid and keeps the city tax out of its total (Czech)", async () => {
    const paid: StoredOrder = {
      ...transferWithCityTax,
      status: "paid",
      payments: [storedPayment("transfer", 731_100, "paid")],
    };
    const text = await textOf("invoice", paid);
    expect(text).toContain("Faktura – daňový doklad č. 26000002");
    expect(text).toContain("Datum uskutečnění zdanitelného plnění 4. 3. 2026");
    expect(text).toContain("Celkem 7 311,00 Kč");
    expect(text).toContain("Bankovní převod 4. 3. 2026 7 311,00 Kč");
    expect(text).toContain("Zaplaceno 7 311,00 Kč");
    expect(text).toContain("Poplatek z pobytu 160,00 Kč");
    for (const owed of ["k úhradě", "7 471", "čeká na úhradu"]) expect(text).not.toContain(owed);
  });

  it("adds up to the online payments, and with what the hotel collects to the order's total, for any pricing", () => {
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
            (o, i): OrderedRoom => ({ ...orderedRoom(`Room ${i}`, { payOnline: 0 }), price: productPrice(o) })
          );
          const breakdown = hotelPriceBreakdown(price, calculation);
          const online = breakdown.payOnline - discount + serviceFee;
          fc.pre(online > 0);
          const order: StoredOrder = {
            ...czech,
            total: breakdown.total,
            summary: { ...czech.summary, rooms, price: breakdown },
            payments: [storedPayment("transfer", online)],
          };
          const { lines, onSite } = orderInvoice(order, "payment-request", config);
          const linesTotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
          expect(linesTotal).toBe(online);
          expect(linesTotal + onSite.reduce((sum, charge) => sum + charge.amount, 0)).toBe(order.total);
          for (const line of lines) expect(line.unitPrice < 0).toBe(line.item.kind === "discount");
        }
      )
    );
  });

  it("refuses an order whose lines do not add up to its online payments", () => {
    const short = { ...czech, payments: [storedPayment("transfer", 1_169_999)] };
    expect(() => orderInvoice(short, "payment-request", config)).toThrow(/add up/);
  });
});

describe("the order's credit note", () => {
  it("takes back the rooms of a paid order the customer cancelled, adding up to the voucher it became", async () => {
    const text = await textOf("credit-note", cancelledAfterPaying);
    const expected = [
      "Opravný daňový doklad č. D26000042",
      "Datum vystavení 20. 3. 2026",
      // The invoice it corrects was issued the day the last payment arrived.
      "Opravovaný daňový doklad 26000042 ze dne 3. 3. 2026",
      "Důvod opravy Zrušení objednávky zákazníkem",
      "Ubytování – Dvoulůžkový pokoj Superior 1 ks -5 000,00 Kč -5 000,00 Kč",
      "Celkem -10 000,00 Kč",
      "Částka 10 000,00 Kč byla převedena na hodnotový poukaz DZB-7K3M",
    ];
    for (const part of expected) expect(text).toContain(part);
    // The fees, the insurance and the service fee, are kept: they are not credited.
    for (const kept of ["Pojištění storna", "Servisní poplatek", "Vráceno"]) expect(text).not.toContain(kept);
    expect(lineSum(cancelledAfterPaying, "credit-note")).toBe(cancelledAfterPaying.refundVoucher!.value);
    // The invoice it corrects stays as it was issued.
    expect(await textOf("invoice", cancelledAfterPaying)).toContain("Zaplaceno 11 700,00 Kč");
  });
});

/** The Czech company's voucher order: 3 000 Kč, printed and posted, with the service fee; paid in full. */
const paidVoucherOrder: StoredVoucherOrder = {
  ...czech,
  kind: "voucher",
  voucherPreviewId: "0193a1b2-0000-7e5f-8a9b-0c1d2e3f4a5b",
  status: "paid",
  total: 344_900,
  summary: {
    feeMode: "value_plus_fees",
    amount: 300_000,
    extraService: true,
    design: "mountains",
    voucherValue: 300_000,
    price: { base: 300_000, bonus: 0, serviceFee: 30_000, extraService: 14_900, total: 344_900 },
  },
  presentFor: null,
  payments: [storedPayment("pluxee_cafeteria", 220_000, "paid"), storedPayment("payment_card", 124_900, "paid")],
};

describe("the voucher order's receipt", () => {
  const receiptText = async (order: StoredVoucherOrder) => flatText((await voucherReceiptPdf(order, config.operator)).content);

  it("confirms the payment received, names the company, and says a voucher's sale is no tax document", async () => {
    const { fileName, content } = await voucherReceiptPdf(paidVoucherOrder, config.operator);
    expect(fileName).toBe("potvrzeni-platby-26000042.pdf");
    const text = await flatText(content);
    const expected = [
      "Potvrzení o přijetí platby č. 26000042",
      "Toto není daňový doklad: prodej hodnotového poukazu nepodléhá DPH.",
      "Ukázková společnost s.r.o.",
      "DIČ: CZ00000000",
      "Žluťoučký kůň a.s.",
      "602 00 Brno",
      "IČO: 87654321",
      "DIČ: CZ87654321",
      // Both payments arrived at 23:30 UTC on 3 March: the 4th in Prague.
      "Datum přijetí platby 4. 3. 2026",
      "Variabilní symbol 26000042",
      "Předmět plnění Hodnotový poukaz na ubytování",
      "Hodnotový poukaz 1 ks 3 000,00 Kč 3 000,00 Kč",
      "Tištěný poukaz poštou 1 ks 149,00 Kč 149,00 Kč",
      "Servisní poplatek 1 ks 300,00 Kč 300,00 Kč",
      "Víceúčelový poukaz – převod není předmětem DPH",
      "§ 15b odst. 1 zákona č. 235/2004 Sb.",
      "Celkem 3 449,00 Kč",
      "Pluxee (kafeterie) 4. 3. 2026 2 200,00 Kč",
      "Platební karta 4. 3. 2026 1 249,00 Kč",
      "Zaplaceno 3 449,00 Kč",
    ];
    for (const part of expected) expect(text).toContain(part);
    for (const taxDocumentOnly of ["Faktura", "Datum uskutečnění zdanitelného plnění", "Sazba", "cestovní služby"]) {
      expect(text).not.toContain(taxDocumentOnly);
    }
  });

  it("is written in Polish and English too, and names the person when no company was asked for", async () => {
    const person = { ...paidVoucherOrder, customer: { ...paidVoucherOrder.customer, billing: undefined } };
    const polish = await receiptText({ ...person, language: "pl" });
    for (const part of [
      "Potwierdzenie przyjęcia płatności nr 26000042",
      "Ten dokument nie jest fakturą: sprzedaż bonu wartościowego nie podlega VAT.",
      "Jiří Novák",
      "Dlouhá 1",
      "Data przyjęcia płatności 04.03.2026",
      "Numer dokumentu 26000042",
      "Bon różnego przeznaczenia – transfer niepodlegający VAT",
      // A voucher sold in the Czech shop is outside VAT by Czech law, in whatever language the receipt is read.
      "§ 15b ust. 1 czeskiej ustawy",
      "Zapłacono 3 449,00 Kč",
    ]) {
      expect(polish).toContain(part);
    }
    expect(polish).not.toContain("Numer faktury");
    expect(await receiptText({ ...person, language: "pl", currency: "PLN" })).toContain("art. 8b ust. 1 ustawy");
    expect(polish).not.toContain("Żluťoučký");
    const english = await receiptText({ ...person, language: "en" });
    for (const part of [
      "Receipt of payment No. 26000042",
      "This is not a tax document: the sale of a value voucher is not subject to VAT.",
      "Payment received on 04/03/2026",
      "Multi-purpose voucher – transfer outside the scope of VAT",
      "Section 15b(1) of the Czech VAT Act",
      "Printed voucher by post",
    ]) {
      expect(english).toContain(part);
    }
  });

  it("adds up to the payments, and is refused for an order not paid in full", () => {
    const { lines } = voucherReceipt(paidVoucherOrder, config.operator);
    expect(lines.reduce((sum, line) => sum + line.unitPrice, 0)).toBe(onlineSum(paidVoucherOrder));
    const unpaid = { ...paidVoucherOrder, status: "waiting" as const, payments: [storedPayment("transfer", 344_900)] };
    expect(() => voucherReceipt(unpaid, config.operator)).toThrow(/not been paid in full/);
  });

  it("is offered once paid, beside the voucher once issued, and stays when the voucher is cancelled", () => {
    const unpaid = { ...paidVoucherOrder, payments: [storedPayment("transfer", 344_900)] };
    expect(voucherDocumentsOf(unpaid, undefined)).toEqual([]);
    expect(voucherDocumentsOf(paidVoucherOrder, undefined)).toEqual(["receipt"]);
    expect(voucherDocumentsOf(paidVoucherOrder, { active: true })).toEqual(["voucher", "voucher-card", "receipt"]);
    expect(voucherDocumentsOf(paidVoucherOrder, { active: false })).toEqual(["receipt"]);
  });
});

describe("which documents an order has", () => {
  it("follows the order's state: request while unpaid, invoice once paid, credit note after a paid cancellation", () => {
    expect(documentsOf(czech)).toEqual(["payment-request", "terms"]);
    expect(documentsOf(polish)).toEqual(["payment-request", "terms"]);
    expect(documentsOf(english)).toEqual(["invoice", "terms"]);
    expect(documentsOf(cancelledAfterPaying)).toEqual(["invoice", "credit-note", "terms"]);
  });
});

describe("the documents' file names", () => {
  it("are in the order's language", async () => {
    const names = [czech, polish, english].map((order) =>
      (["payment-request", "invoice", "credit-note", "terms"] as const).map(
        (kind) => documentTranslator(order.language)(`fileName.${kind}`, { number: order.orderNumber })
      )
    );
    expect(names).toEqual([
      ["vyzva-k-platbe-26000042.pdf", "faktura-26000042.pdf", "opravny-doklad-26000042.pdf", "podminky-26000042.pdf"],
      ["proforma-26000043.pdf", "faktura-26000043.pdf", "faktura-korygujaca-26000043.pdf", "warunki-26000043.pdf"],
      ["payment-request-26000099.pdf", "invoice-26000099.pdf", "credit-note-26000099.pdf", "terms-26000099.pdf"],
    ]);
    expect((await orderDocumentPdf("payment-request", czech, config)).fileName).toBe("vyzva-k-platbe-26000042.pdf");
  });
});

describe("the order's terms", () => {
  it("state the cancellation deadline, the voucher, what is still to pay and how", async () => {
    const text = await textOf("terms", czech);
    const expected = [
      "Podmínky objednávky č. 26000042",
      "objednávce č. 26000042 ze dne 2. 3. 2026",
      "storno podmínkách služby Dovolená za benefity",
      "Hotel Ostrava Palace, 10. 4. 2026 – 13. 4. 2026 (3 noci, 2 pokoje)",
      "Cena objednávky: 11 700,00 Kč",
      // The first room's free cancellation ends at 10:00 UTC, 12:00 in Prague.
      "zrušit nejpozději 3. dubna 2026 v 12:00 SELČ",
      // Fees: the service fee and the insurance.
      "snížené o storno poplatky: 11 700,00 Kč – 1 700,00 Kč = 10 000,00 Kč",
      "Karta Edenred: 7 200,00 Kč, nejpozději 5. března 2026 v 10:15 SEČ",
      "Pokoje placené bankovním převodem rezervujeme až po připsání platby",
      "Převod: 4 500,00 Kč na účet 2000145399/2010, variabilní symbol 26000042, splatnost 5. března 2026 v 10:15 SEČ.",
      "E-mail: podpora@dovolenazabenefity.cz, telefon: +420 228 882 288",
    ];
    for (const part of expected) expect(text).toContain(part);
  });

  it("say when the order cannot be cancelled free of charge (Polish)", async () => {
    const text = await textOf("terms", polish);
    expect(text).toContain("Zamówienia nie można anulować bezpłatnie");
    expect(text).toContain("serwisu Urlop za benefity");
    expect(text).not.toContain("możesz anulować najpóźniej");
    expect(text).not.toContain("otrzymasz voucher");
    expect(text).toContain("Pluxee (kafeteria): 899,00 zł, najpóźniej 5 marca 2026 10:15 CET");
    expect(text).not.toContain("Przelew:");
    expect(text).toContain("E-mail: pomoc@urlopzabenefity.pl, telefon: +48 223 882 288");
    expect(orderTerms(polish, config).cancellation).toEqual({
      fees: 19_900,
      paidOnline: polish.payments.reduce((sum, payment) => sum + payment.value, 0),
    });
  });

  it("leave out the payments of an order paid in full (English)", async () => {
    const text = await textOf("terms", english);
    // 21:59 UTC is 23:59 in Warsaw in April.
    expect(text).toContain("You can cancel the order until 8 April 2026 at 23:59 CEST");
    expect(text).toContain("PLN 1,246.34 – PLN 12.34 = PLN 1,234.00");
    expect(text).not.toContain("Benefit payments not yet completed");
    expect(text).not.toContain("Transfer:");
  });

  it("name the white label's brand", async () => {
    expect(await textOf("terms", { ...czech, product: "DZB_WL_PLUXEE_CZ" })).toContain("Dovolená za benefity × Pluxee");
  });
});
