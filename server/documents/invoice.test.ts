import { describe, expect, it } from "vitest";
import { type InvoiceDocument, type TaxedInvoiceLine, invoicePdf, vatSummary } from "./invoice";
import { flatText, pageTexts, readPdf } from "./pdf-text.test-helper";
import { sampleInvoice as czech, sampleLines as lines } from "./sample-documents.test-helper";

const polish: InvoiceDocument = {
  ...czech,
  currency: "PLN",
  supplier: { ...czech.supplier, vatId: "PL5261234567" },
  customer: { name: "Wesoła Łódka sp. z o.o.", address: ["ul. Żurawia 6", "00-503 Warszawa"], vatId: "PL5250001009" },
  payments: [{ method: "payment_card", amount: 123_400, paidOn: "2026-03-01" }],
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
  it("is a PDF of one A4 page, titled and dated by the invoice, in the customer's language", async () => {
    for (const [invoice, language, tag] of [
      [czech, "cs", "cs-CZ"],
      [polish, "pl", "pl-PL"],
      [margin, "en", "en-GB"],
    ] as const) {
      const pdf = await invoicePdf(invoice, language);
      expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
      const read = await readPdf(pdf);
      expect(read.sizes).toEqual([[595.28, 841.89]]);
      expect(read.language).toBe(tag);
      const plain = (text: unknown) => String(text).replace(/\s+/g, " ");
      expect(plain(read.info.Title)).toBe(plain(read.pages[0].split("\n")[0]));
      expect(read.info.CreationDate).toBe("D:20260302000000Z");
    }
  });

  it("states every §29 field for a Czech company customer", async () => {
    const text = await flatText(await invoicePdf(czech, "cs"));
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
      "Celkem 12 345,50 Kč",
      // payment: each received, with its day, and the document paid
      "Variabilní symbol 26000042",
      "Karta Edenred 28. 2. 2026 10 000,00 Kč",
      "Bankovní převod 1. 3. 2026 2 345,50 Kč",
      "Zaplaceno 12 345,50 Kč",
    ];
    for (const field of expected) expect(text).toContain(field);
  });

  it("states the Polish faktura's fields (art. 106e)", async () => {
    const text = await flatText(await invoicePdf(polish, "pl"));
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
      "Razem 1 234,00 zł",
      "Karta płatnicza 01.03.2026 1 234,00 zł",
      "Zapłacono 1 234,00 zł",
    ];
    for (const field of expected) expect(text).toContain(field);
    // The buyer, a VAT payer, is identified by its NIP; a company id is printed only where one is given.
    expect(text.match(/Nr rejestrowy/g)).toHaveLength(1);
  });

  it("shows the margin scheme's wording and no VAT under the margin scheme", async () => {
    const czechText = await flatText(await invoicePdf(margin, "cs"));
    expect(czechText).toContain("Zvláštní režim – cestovní služby");
    expect(czechText).toContain("Celkem 12 345,50 Kč");
    expect(czechText).toContain("Ubytování – Dvoulůžkový pokoj Superior 2 ks 5 000,00 Kč 10 000,00 Kč");
    for (const taxWord of ["Sazba", "Základ daně", "Rekapitulace DPH", "%"]) expect(czechText).not.toContain(taxWord);

    const polishText = await flatText(await invoicePdf({ ...margin, currency: "PLN" }, "pl"));
    expect(polishText).toContain("Procedura marży dla biur podróży");
    expect(polishText).not.toContain("Stawka VAT");
    expect(polishText).not.toContain("Kwota VAT");
  });

  it("names a value voucher as the subject", async () => {
    const voucher: InvoiceDocument = {
      ...czech,
      subject: { kind: "voucher" },
      lines: [{ item: { kind: "voucher" }, quantity: 1, unitPrice: 300_000, vatRateBasisPoints: 0 }],
      payments: [{ method: "payment_card", amount: 300_000, paidOn: "2026-03-01" }],
    };
    const text = await flatText(await invoicePdf(voucher, "cs"));
    expect(text).toContain("Předmět plnění Hodnotový poukaz na ubytování");
    expect(text).toContain("Celkem 3 000,00 Kč");
  });

  it("sums the lines' VAT per rate so the summary adds up to the total", () => {
    const summary = vatSummary([...lines, { ...lines[0], quantity: 1, unitPrice: 99 }]);
    expect(summary).toEqual([
      { rateBasisPoints: 2100, base: 193_843, vat: 40_707, gross: 234_550 },
      { rateBasisPoints: 1200, base: 892_857 + 88, vat: 107_143 + 11, gross: 1_000_099 },
    ]);
  });

  it("flows a long invoice onto further pages, each labelled", async () => {
    const long = Array.from({ length: 60 }, () => lines[0]);
    const payments = [{ method: "transfer", amount: 60 * 1_000_000, paidOn: "2026-03-01" }] as const;
    const pages = await pageTexts(await invoicePdf({ ...czech, lines: long, payments }, "cs"));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page.replace(/\s+/g, " ")).toContain(`Strana ${i + 1} z ${pages.length}`));
    expect(pages[pages.length - 1]).toContain("Zaplaceno");
  });

  it("gives the same bytes for the same invoice", async () => {
    expect(Buffer.from(await invoicePdf(czech, "cs")).equals(Buffer.from(await invoicePdf(czech, "cs")))).toBe(true);
  });

  it("prints a foreign name as written, and still issues the invoice for a sign the fonts lack and a long name", async () => {
    const long = "Nagyonhosszúcégnév".repeat(6);
    const odd: InvoiceDocument = {
      ...czech,
      customer: { name: `Őrség Kft. ★ ${long}`, address: ["Fő utca 1", "Budapest"] },
    };
    const text = (await pageTexts(await invoicePdf(odd, "cs"))).join("");
    expect(text).toContain("Őrség Kft. ?");
    expect(text).toContain("Fő utca 1");
    // The name is wider than its column: cut between letters onto further lines, every letter kept.
    expect(text.replace(/\s+/g, "")).toContain(long);
  });

  it("takes a discount off as a negative line, its VAT the negative of the same amount's", async () => {
    const discount: TaxedInvoiceLine = {
      item: { kind: "discount" },
      quantity: 1,
      unitPrice: -100_000,
      vatRateBasisPoints: 1200,
    };
    const payments = [{ method: "transfer", amount: 1_134_550, paidOn: "2026-03-01" }] as const;
    const text = await flatText(await invoicePdf({ ...czech, lines: [...lines, discount], payments }, "cs"));
    expect(text).toContain("Sleva 1 ks -892,86 Kč 12 % -892,86 Kč -1 000,00 Kč");
    // 10 000,00 less 1 000,00 at 12 %: VAT 1 071,43 − 107,14; base 8 928,57 − 892,86.
    expect(text).toContain("12 % 8 035,71 Kč 964,29 Kč 9 000,00 Kč");
    expect(text).toContain("Celkem 11 345,50 Kč");
    const marginText = await flatText(await invoicePdf({ ...margin, lines: [...margin.lines, discount], payments }, "en"));
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

  it("refuses a total other than the money the split takes online, and a tax document not yet paid", () => {
    const [card, transfer] = czech.payments;
    expect(() => invoicePdf({ ...czech, payments: [card] }, "cs")).toThrow(/payments add up to 1000000/);
    expect(() => invoicePdf({ ...czech, payments: [card, { ...transfer, paidOn: undefined }] }, "cs")).toThrow(
      /once every payment is received/
    );
  });
});

/** What the hotel collects at the property: a city tax by its name, and a room paid there. */
const onSite = [{ name: "City tax", amount: 16_000 }, { amount: 250_000 }];

describe("the payment request", () => {
  const request: InvoiceDocument = {
    ...margin,
    // 10:15 in Prague.
    document: { kind: "payment_request", payBy: new Date("2026-03-05T09:15:00Z") },
    payments: [
      { method: "edenred_card", amount: 1_000_000, paidOn: "2026-03-02" },
      { method: "transfer", amount: 234_550 },
    ],
    onSite,
  };

  it("says it is no tax document and asks for what is left to pay online by the deadline", async () => {
    const text = await flatText(await invoicePdf(request, "cs"));
    const deadline = "5. března 2026 v 10:15 SEČ";
    for (const part of [
      "Výzva k platbě č. 26000042",
      "Toto není daňový doklad.",
      `Splatnost ${deadline}`,
      "Variabilní symbol 26000042",
      "Celkem k úhradě online 12 345,50 Kč",
      "Karta Edenred 2. 3. 2026 10 000,00 Kč",
      "Bankovní převod čeká na úhradu 2 345,50 Kč",
      `Zbývá uhradit do ${deadline} 2 345,50 Kč`,
    ]) {
      expect(text).toContain(part);
    }
    for (const taxDocumentOnly of ["daňový doklad č.", "Datum uskutečnění zdanitelného plnění", "Zaplaceno 12"]) {
      expect(text).not.toContain(taxDocumentOnly);
    }
  });

  it("shows what the hotel collects as information, outside every total", async () => {
    const text = await flatText(await invoicePdf(request, "cs"));
    expect(text).toContain("Platí se na místě v ubytování, není součástí tohoto dokladu:");
    expect(text).toContain("City tax 160,00 Kč");
    expect(text).toContain("Ubytování placené na místě 2 500,00 Kč");
    // 12 345,50 online + 160 + 2 500 on site would be 15 005,50: no total of the document says so.
    expect(text).not.toContain("15 005,50");
    expect(text).toContain("Celkem k úhradě online 12 345,50 Kč");
  });

  it("is a pro forma in Polish and a payment request in English", async () => {
    const polish = await flatText(await invoicePdf({ ...request, currency: "PLN" }, "pl"));
    expect(polish).toContain("Faktura proforma nr 26000042");
    expect(polish).toContain("Ten dokument nie jest fakturą.");
    expect(polish).toContain("Płatne na miejscu w obiekcie, poza tym dokumentem:");
    expect(polish).toContain("Razem do zapłaty online 12 345,50 zł");
    const english = await flatText(await invoicePdf(request, "en"));
    expect(english).toContain("Payment request No. 26000042");
    expect(english).toContain("This is not a tax document.");
    expect(english).toContain("Total to pay online CZK 12,345.50");
    expect(english).toContain("Left to pay by 5 March 2026 at 10:15 CET CZK 2,345.50");
  });
});

describe("the receipt of a voucher's payment", () => {
  const receipt: InvoiceDocument = {
    ...margin,
    vatScheme: "multi_purpose_voucher",
    document: { kind: "payment_receipt", receivedOn: "2026-03-02" },
  };

  it("is a voucher's alone, confirms only money received, and is never a tax document", async () => {
    expect(await flatText(await invoicePdf(receipt, "cs"))).toContain("Potvrzení o přijetí platby č. 26000042");
    // A voucher's sale is receipted, never invoiced; a stay is never merely receipted.
    expect(() => invoicePdf({ ...receipt, document: margin.document }, "cs")).toThrow(/multi_purpose_voucher/);
    expect(() => invoicePdf({ ...receipt, vatScheme: "travel_margin" }, "cs")).toThrow(/payment_receipt/);
    const [card, transfer] = receipt.payments;
    const unpaid = { ...receipt, payments: [card, { ...transfer, paidOn: undefined }] };
    expect(() => invoicePdf(unpaid, "cs")).toThrow(/payments received/);
  });
});

describe("the tax document", () => {
  it("says it is paid and never asks for payment; the hotel's charges stay information", async () => {
    const text = await flatText(await invoicePdf({ ...margin, onSite }, "cs"));
    expect(text).toContain("Faktura – daňový doklad č. 26000042");
    expect(text).toContain("Celkem 12 345,50 Kč");
    expect(text).toContain("Zaplaceno 12 345,50 Kč");
    expect(text).toContain("City tax 160,00 Kč");
    for (const owed of ["k úhradě", "Zbývá uhradit", "čeká na úhradu", "Splatnost"]) expect(text).not.toContain(owed);
  });
});

describe("the credit note", () => {
  const creditNote: InvoiceDocument = {
    ...margin,
    document: { kind: "credit_note", taxableSupplyOn: "2026-03-20", corrects: { number: "26000042", issuedOn: "2026-03-02" }, voucherCode: "DZB-7K3M" },
    number: "D26000042",
    issuedOn: "2026-03-20",
    payments: [],
    onSite,
    lines: [margin.lines[0]],
  };

  it("takes the cancelled lines back, names the invoice it corrects and the voucher the amount became", async () => {
    const text = await flatText(await invoicePdf(creditNote, "cs"));
    for (const part of [
      "Opravný daňový doklad č. D26000042",
      "Opravovaný daňový doklad 26000042 ze dne 2. 3. 2026",
      "Důvod opravy Zrušení objednávky zákazníkem",
      "Datum uskutečnění zdanitelného plnění 20. 3. 2026",
      "Ubytování – Dvoulůžkový pokoj Superior 2 ks -5 000,00 Kč -10 000,00 Kč",
      "Celkem -10 000,00 Kč",
      "Částka 10 000,00 Kč byla převedena na hodnotový poukaz DZB-7K3M",
    ]) {
      expect(text).toContain(part);
    }
    // Money that became a voucher was not refunded; the hotel's charges were never the shop's to credit.
    for (const absent of ["Vráceno", "City tax", "Variabilní symbol"]) expect(text).not.toContain(absent);
    const polish = await flatText(await invoicePdf({ ...creditNote, currency: "PLN" }, "pl"));
    expect(polish).toContain("Faktura korygująca nr D26000042");
    expect(polish).toContain("Faktura korygowana 26000042 z dnia 02.03.2026");
    expect(polish).toContain("Przyczyna korekty Anulowanie zamówienia przez klienta");
  });
});
