import { describe, expect, it } from "vitest";
import { type InvoiceDocument, type TaxedInvoiceLine, invoicePdf, vatSummary } from "./invoice";
import { flatText, pageTexts, structureProblems } from "./pdf-text.test-helper";

const supplier = {
  name: "Dovolená za benefity s.r.o.",
  address: ["Vodičkova 710/31", "110 00 Praha 1"],
  companyId: "12345678",
  vatId: "CZ12345678",
  registration: "Zapsáno v obchodním rejstříku vedeném Městským soudem v Praze, oddíl C, vložka 123456",
};

const lines: TaxedInvoiceLine[] = [
  {
    item: { kind: "room", name: "Dvoulůžkový pokoj Superior" },
    quantity: 2,
    unitPrice: 500_000,
    vatRateBasisPoints: 1200,
  },
  { item: { kind: "service_fee" }, quantity: 1, unitPrice: 234_550, vatRateBasisPoints: 2100 },
];

const czech: InvoiceDocument = {
  number: "26000042",
  issuedOn: "2026-03-02",
  taxableSupplyOn: "2026-03-01",
  currency: "CZK",
  supplier,
  customer: {
    name: "Žluťoučký kůň a.s.",
    address: ["Náměstí Míru 1", "602 00 Brno"],
    companyId: "87654321",
    vatId: "CZ87654321",
  },
  subject: { kind: "stay", hotelName: "Hotel Ostrava Palace", checkIn: "2026-04-10", checkOut: "2026-04-13", rooms: 2 },
  payments: [
    { method: "edenred_card", amount: 1_000_000 },
    { method: "transfer", amount: 234_550 },
  ],
  variableSymbol: "26000042",
  vatScheme: "standard",
  lines,
};

const polish: InvoiceDocument = {
  ...czech,
  currency: "PLN",
  supplier: { ...supplier, vatId: "PL5261234567" },
  customer: { name: "Wesoła Łódka sp. z o.o.", address: ["ul. Żurawia 6", "00-503 Warszawa"], vatId: "PL5250001009" },
  payments: [{ method: "payment_card", amount: 123_400 }],
  lines: [
    { item: { kind: "room", name: "Pokój dwuosobowy" }, quantity: 1, unitPrice: 123_400, vatRateBasisPoints: 800 },
  ],
};

const { lines: _taxed, vatScheme: _standard, ...common } = czech;
const margin: InvoiceDocument = {
  ...common,
  vatScheme: "travel_margin",
  lines: lines.map(({ item, quantity, unitPrice }) => ({ item, quantity, unitPrice })),
};

describe("invoice", () => {
  it("is a well-formed PDF", () => {
    for (const [invoice, language] of [
      [czech, "cs"],
      [polish, "pl"],
      [margin, "en"],
    ] as const) {
      const pdf = invoicePdf(invoice, language);
      expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
      expect(structureProblems(pdf)).toEqual([]);
    }
  });

  it("states every §29 field for a Czech company customer", () => {
    const text = flatText(invoicePdf(czech, "cs"));
    const expected = [
      "Faktura – daňový doklad č. 26000042",
      // supplier: name, seat, IČO, DIČ, register entry
      "Dovolená za benefity s.r.o.",
      "Vodičkova 710/31",
      "110 00 Praha 1",
      "IČO: 12345678",
      "DIČ: CZ12345678",
      "oddíl C, vložka 123456",
      // customer, billed as a company
      "Žluťoučký kůň a.s.",
      "Náměstí Míru 1",
      "IČO: 87654321",
      "DIČ: CZ87654321",
      // number, dates
      "Číslo dokladu 26000042",
      "Datum vystavení 2. 3. 2026",
      "Datum uskutečnění zdanitelného plnění 1. 3. 2026",
      // subject and extent
      "Ubytování: Hotel Ostrava Palace, 10. 4. 2026 – 13. 4. 2026 (3 noci, 2 pokoje)",
      "Ubytování – Dvoulůžkový pokoj Superior 2 ks 4 464,29 Kč 12 % 8 928,57 Kč 10 000,00 Kč",
      "Servisní poplatek 1 ks 1 938,43 Kč 21 % 1 938,43 Kč 2 345,50 Kč",
      // tax base, rate and tax per rate: 12 % of 10 000,00 gross is 1 071,43; 21 % of 2 345,50 is 407,07
      "Rekapitulace DPH",
      "21 % 1 938,43 Kč 407,07 Kč 2 345,50 Kč",
      "12 % 8 928,57 Kč 1 071,43 Kč 10 000,00 Kč",
      "Celkem k úhradě 12 345,50 Kč",
      // payment
      "Variabilní symbol 26000042",
      "Způsob úhrady Karta Edenred: 10 000,00 Kč Bankovní převod: 2 345,50 Kč",
    ];
    for (const field of expected) expect(text).toContain(field);
  });

  it("states the Polish faktura's fields (art. 106e)", () => {
    const text = flatText(invoicePdf(polish, "pl"));
    const expected = [
      "Faktura nr 26000042",
      "Data wystawienia 02.03.2026",
      "Data sprzedaży 01.03.2026",
      "Sprzedawca",
      "NIP: PL5261234567",
      "Nabywca",
      "Wesoła Łódka sp. z o.o.",
      "ul. Żurawia 6",
      "NIP: PL5250001009",
      "Nazwa towaru lub usługi",
      "Nocleg – Pokój dwuosobowy 1 szt.",
      "Stawka VAT",
      "Wartość netto",
      "Kwota VAT",
      // 8 % in 1 234,00 zł: VAT 91,41, netto 1 142,59
      "8% 1 142,59 zł 91,41 zł 1 234,00 zł",
      "Razem do zapłaty 1 234,00 zł",
      "Sposób płatności Karta płatnicza: 1 234,00 zł",
    ];
    for (const field of expected) expect(text).toContain(field);
    // The buyer, a VAT payer, is identified by its NIP; a company id is printed only where one is given.
    expect(text.match(/Nr rejestrowy/g)).toHaveLength(1);
  });

  it("shows the margin scheme's wording and no VAT under the margin scheme", () => {
    const czechText = flatText(invoicePdf(margin, "cs"));
    expect(czechText).toContain("zvláštní režim – cestovní služby");
    expect(czechText).toContain("Celkem k úhradě 12 345,50 Kč");
    expect(czechText).toContain("Ubytování – Dvoulůžkový pokoj Superior 2 ks 5 000,00 Kč 10 000,00 Kč");
    for (const taxWord of ["Sazba", "Základ daně", "Rekapitulace DPH", "%"]) expect(czechText).not.toContain(taxWord);

    const polishText = flatText(invoicePdf({ ...margin, currency: "PLN" }, "pl"));
    expect(polishText).toContain("procedura marży dla biur podróży");
    expect(polishText).not.toContain("Stawka VAT");
    expect(polishText).not.toContain("Kwota VAT");
  });

  it("names a value voucher as the subject", () => {
    const voucher: InvoiceDocument = {
      ...czech,
      subject: { kind: "voucher" },
      lines: [{ item: { kind: "voucher" }, quantity: 1, unitPrice: 300_000, vatRateBasisPoints: 0 }],
    };
    const text = flatText(invoicePdf(voucher, "cs"));
    expect(text).toContain("Předmět plnění Hodnotový poukaz na ubytování");
    expect(text).toContain("Celkem k úhradě 3 000,00 Kč");
  });

  it("sums the lines' VAT per rate so the summary adds up to the total", () => {
    const summary = vatSummary([...lines, { ...lines[0], quantity: 1, unitPrice: 99 }]);
    expect(summary).toEqual([
      { rateBasisPoints: 2100, base: 193_843, vat: 40_707, gross: 234_550 },
      { rateBasisPoints: 1200, base: 892_857 + 88, vat: 107_143 + 11, gross: 1_000_099 },
    ]);
  });

  it("flows a long invoice onto further pages, each labelled", () => {
    const pdf = invoicePdf({ ...czech, lines: Array.from({ length: 60 }, () => lines[0]) }, "cs");
    const pages = pageTexts(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(structureProblems(pdf)).toEqual([]);
    pages.forEach((page, i) => expect(page).toContain(`Strana ${i + 1} z\u00a0${pages.length}`));
    expect(pages[pages.length - 1]).toContain("Celkem k úhradě");
  });

  it("gives the same bytes for the same invoice", () => {
    expect(Buffer.from(invoicePdf(czech, "cs")).equals(Buffer.from(invoicePdf(czech, "cs")))).toBe(true);
  });

  it("still issues an invoice for a name the fonts cannot spell, and a long one", () => {
    const odd: InvoiceDocument = {
      ...czech,
      customer: { name: "Őrség Kft. ★ " + "Nagyonhosszúcégnév".repeat(6), address: ["Fő utca 1", "Budapest"] },
    };
    const pages = pageTexts(invoicePdf(odd, "cs"));
    expect(pages.join("\n")).toContain("Orség Kft. ?");
  });

  it("takes a discount off as a negative line, its VAT the negative of the same amount's", () => {
    const discount: TaxedInvoiceLine = {
      item: { kind: "discount" },
      quantity: 1,
      unitPrice: -100_000,
      vatRateBasisPoints: 1200,
    };
    const text = flatText(invoicePdf({ ...czech, lines: [...lines, discount] }, "cs"));
    expect(text).toContain("Sleva 1 ks -892,86 Kč 12 % -892,86 Kč -1 000,00 Kč");
    // 10 000,00 less 1 000,00 at 12 %: VAT 1 071,43 − 107,14; base 8 928,57 − 892,86.
    expect(text).toContain("12 % 8 035,71 Kč 964,29 Kč 9 000,00 Kč");
    expect(text).toContain("Celkem k úhradě 11 345,50 Kč");
    const marginText = flatText(invoicePdf({ ...margin, lines: [...margin.lines, discount] }, "en"));
    expect(marginText).toContain("Discount 1 pcs CZK -1,000.00 CZK -1,000.00");
  });

  it("refuses an invoice that cannot be right", () => {
    expect(() => invoicePdf({ ...czech, lines: [] }, "cs")).toThrow(RangeError);
    expect(() => invoicePdf({ ...czech, issuedOn: "2026-02-30" }, "cs")).toThrow(RangeError);
    expect(() => invoicePdf({ ...czech, lines: [{ ...lines[0], quantity: 0 }] }, "cs")).toThrow(RangeError);
    expect(() => invoicePdf({ ...czech, lines: [{ ...lines[0], unitPrice: 10.5 }] }, "cs")).toThrow(RangeError);
    // Only a discount is negative, a discount never positive, and the whole never below zero.
    expect(() => invoicePdf({ ...czech, lines: [{ ...lines[0], unitPrice: -1 }] }, "cs")).toThrow(RangeError);
    const discount = { item: { kind: "discount" }, quantity: 1, vatRateBasisPoints: 1200 } as const;
    expect(() => invoicePdf({ ...czech, lines: [...lines, { ...discount, unitPrice: 1 }] }, "cs")).toThrow(RangeError);
    expect(() => invoicePdf({ ...czech, lines: [{ ...discount, unitPrice: -1 }] }, "cs")).toThrow(RangeError);
  });
});
