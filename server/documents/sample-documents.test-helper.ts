import type { InvoiceDocument, TaxedInvoiceLine } from "./invoice";
import type { TermsDocument } from "./terms";
import type { VoucherDocument } from "./voucher";

/** A voucher as the shop prints it: its printed text (voucher.test.ts) and its tags (pdf-tags.test.ts) are read from it. */
export const sampleVoucher: VoucherDocument = {
  brand: "Dovolená za benefity",
  code: "48213907",
  value: 300_000,
  currency: "CZK",
  validFrom: "2026-03-02",
  validTo: "2027-03-02",
  design: "classic",
  checkUrl: "https://dovolenazabenefity.cz/overeni-poukazu/48213907",
};

/** A room's VAT rate and a fee's. */
export const sampleLines: TaxedInvoiceLine[] = [
  {
    item: { kind: "room", name: "Dvoulůžkový pokoj Superior" },
    quantity: 2,
    unitPrice: 500_000,
    vatRateBasisPoints: 1200,
  },
  { item: { kind: "service_fee" }, quantity: 1, unitPrice: 234_550, vatRateBasisPoints: 2100 },
];

/** A tax document: everything the split takes online has been received. Not widened, so a spread keeps its scheme. */
export const sampleInvoice = {
  document: { kind: "tax_document", taxableSupplyOn: "2026-03-01" },
  number: "26000042",
  issuedOn: "2026-03-02",
  currency: "CZK",
  supplier: {
    name: "Dovolená za benefity s.r.o.",
    address: ["Vodičkova 710/31", "110 00 Praha 1"],
    companyId: "12345678",
    vatId: "CZ12345678",
    registration: "Zapsáno v obchodním rejstříku vedeném Městským soudem v Praze, oddíl C, vložka 123456",
  },
  customer: {
    name: "Žluťoučký kůň a.s.",
    address: ["Náměstí Míru 1", "602 00 Brno"],
    companyId: "87654321",
    vatId: "CZ87654321",
  },
  subject: { kind: "stay", hotelName: "Hotel Ostrava Palace", checkIn: "2026-04-10", checkOut: "2026-04-13", rooms: 2 },
  payments: [
    { method: "edenred_card", amount: 1_000_000, paidOn: "2026-02-28" },
    { method: "transfer", amount: 234_550, paidOn: "2026-03-01" },
  ],
  onSite: [],
  variableSymbol: "26000042",
  vatScheme: "standard",
  lines: sampleLines,
} satisfies InvoiceDocument;

/** An order's terms: a benefit payment and a transfer still due, as terms.test.ts and pdf-tags.test.ts read them. */
export const sampleTerms: TermsDocument = {
  brand: "Dovolená za benefity",
  orderNumber: "26000042",
  orderedOn: "2026-03-02",
  currency: "CZK",
  stay: { hotelName: "Hotel Ostrava Palace", checkIn: "2026-04-10", checkOut: "2026-04-13", rooms: 2 },
  orderTotal: 1_234_550,
  // 12:00 and 23:59 in Prague.
  cancellation: { deadline: new Date("2026-04-03T10:00:00Z"), fees: 150_000, paidOnline: 1_234_550 },
  benefitPayments: [{ method: "edenred_card", amount: 1_000_000, payBy: new Date("2026-03-05T22:59:00Z") }],
  transfer: {
    amount: 234_550,
    bankAccount: "123456789/0800",
    variableSymbol: "26000042",
    payBy: new Date("2026-03-05T22:59:00Z"),
  },
  support: { email: "podpora@example.cz", phone: "+420 222 333 444" },
};
