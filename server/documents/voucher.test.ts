import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { voucherDesigns } from "../../shared/voucher-designs";
import { pagePixels, readPdf } from "./pdf-text.test-helper";
import { type VoucherDocument, voucherLayouts, voucherPdf } from "./voucher";
import { sampleVoucher as voucher } from "./sample-documents.test-helper";

/** What each language prints: title, the labels with their values as the invoice writes money and dates. */
const expected = {
  cs: {
    voucher,
    texts: [
      "Poukaz na ubytování",
      "Hodnota 3 000,00 Kč",
      "Kód poukazu 48213907",
      "Platí od 2. 3. 2026",
      "Platí do 2. 3. 2027",
      "Jak poukaz uplatnit",
      "objednejte ho na webu Dovolená za benefity",
      "Zůstatek a platnost poukazu ověříte načtením QR kódu nebo na adrese https://dovolenazabenefity.cz/overeni-poukazu/48213907",
    ],
  },
  pl: {
    voucher: {
      ...voucher,
      brand: "Urlop za benefity",
      currency: "PLN",
      design: "mountains",
      checkUrl: "https://urlopzabenefity.pl/sprawdz-voucher/48213907",
    },
    texts: [
      "Voucher na nocleg",
      "Wartość 3 000,00 zł",
      "Kod vouchera 48213907",
      "Ważny od 02.03.2026",
      "Ważny do 02.03.2027",
      "Jak wykorzystać voucher",
      "złóż zamówienie w serwisie Urlop za benefity",
      "Saldo i ważność vouchera sprawdzisz, skanując kod QR lub na stronie https://urlopzabenefity.pl/sprawdz-voucher/48213907",
    ],
  },
  en: {
    voucher: {
      ...voucher,
      design: "celebration",
      checkUrl: "https://dovolenazabenefity.cz/en/voucher-status/48213907",
    },
    texts: [
      "Accommodation voucher",
      "Value CZK 3,000.00",
      "Voucher code 48213907",
      "Valid from 02/03/2026",
      "Valid until 02/03/2027",
      "How to use the voucher",
      "The voucher is transferable",
      "Check the voucher's balance and validity by scanning the QR code or at https://dovolenazabenefity.cz/en/voucher-status/48213907",
    ],
  },
} as const;

const flat = (pages: readonly string[]) => pages.join("\n").replace(/\s+/g, " ");

describe("the voucher PDF", () => {
  for (const layout of voucherLayouts) {
    for (const [language, { voucher: input, texts }] of Object.entries(expected)) {
      it(`shows the code, value, validity and how to use it (${language}, ${layout})`, async () => {
        const pdf = await voucherPdf(input, language as keyof typeof expected, layout);
        expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
        const read = await readPdf(pdf);
        // One sheet: A4 upright, or A4 landscape to fold into a card.
        expect(read.sizes).toEqual([layout === "a4" ? [595.28, 841.89] : [841.89, 595.28]]);
        const text = flat(read.pages);
        for (const part of texts) expect(text).toContain(part);
        // The design's artwork.
        expect(read.images).toEqual([1]);
        expect(read.info.CreationDate).toBe("D:20260302000000Z");
      });
    }

    it(`carries a QR code a phone reads as the check page's address (${layout})`, async () => {
      const pdf = await voucherPdf(voucher, "cs", layout);
      const page = await pagePixels(pdf, 1, 2);
      expect(jsQR(page.data, page.width, page.height)?.data).toBe(voucher.checkUrl);
    });
  }

  it("prints each design's own artwork, and the same bytes for the same voucher", async () => {
    const pdfs = await Promise.all(voucherDesigns.map((design) => voucherPdf({ ...voucher, design }, "cs", "a4")));
    expect(new Set(pdfs.map((pdf) => Buffer.from(pdf).toString("base64"))).size).toBe(voucherDesigns.length);
    expect(Buffer.from(pdfs[0]).equals(Buffer.from(await voucherPdf(voucher, "cs", "a4")))).toBe(true);
  });

  it("refuses a voucher that cannot be right", () => {
    const refused = (change: Partial<VoucherDocument>) => () => voucherPdf({ ...voucher, ...change }, "cs", "a4");
    expect(refused({ code: "4821390" })).toThrow(RangeError);
    expect(refused({ code: "4821390a" })).toThrow(RangeError);
    expect(refused({ value: 0 })).toThrow(RangeError);
    expect(refused({ value: 1000.5 })).toThrow(RangeError);
    expect(refused({ validFrom: "2026-02-30" })).toThrow(RangeError);
    expect(refused({ validTo: "2026-03-01" })).toThrow(RangeError);
    expect(refused({ checkUrl: "/overeni-poukazu/48213907" })).toThrow(RangeError);
    expect(refused({ checkUrl: "javascript:alert(1)" })).toThrow(RangeError);
    expect(refused({ design: "unicorns" as VoucherDocument["design"] })).toThrow(RangeError);
  });
});
