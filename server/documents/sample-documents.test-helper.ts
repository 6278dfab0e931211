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
