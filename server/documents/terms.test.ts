import { describe, expect, it } from "vitest";
import { flatText, readPdf } from "./pdf-text.test-helper";
import { sampleTerms as terms } from "./sample-documents.test-helper";
import { type TermsDocument, termsPdf } from "./terms";

describe("order terms", () => {
  it("is a PDF of one or two A4 pages, dated by the order, the same bytes each time", async () => {
    for (const language of ["cs", "pl", "en"] as const) {
      const pdf = await termsPdf(terms, language);
      const read = await readPdf(pdf);
      expect(read.pages.length).toBeLessThanOrEqual(2);
      for (const size of read.sizes) expect(size).toEqual([595.28, 841.89]);
      expect(read.info.CreationDate).toBe("D:20260302000000Z");
      expect(Buffer.from(pdf).equals(Buffer.from(await termsPdf(terms, language)))).toBe(true);
    }
  });

  it("states the order's own conditions in Czech", async () => {
    const text = await flatText(await termsPdf(terms, "cs"));
    const expected = [
      "Podmínky objednávky č. 26000042",
      "Hotel Ostrava Palace, 10. 4. 2026 – 13. 4. 2026 (3 noci, 2 pokoje)",
      "Cena objednávky: 12 345,50 Kč",
      "zrušit nejpozději 3. dubna 2026 v 12:00 SELČ",
      "poukaz v hodnotě toho, co za objednávku zaplatíte online, snížené o storno poplatky: 12 345,50 Kč – 1 500,00 Kč = 10 845,50 Kč",
      "Pobyt zrušený přímo na rezervačním portálu není možné refundovat",
      "Karta Edenred: 10 000,00 Kč, nejpozději 5. března 2026 v 23:59 SEČ",
      "Pokoje placené bankovním převodem rezervujeme až po připsání platby",
      "variabilní symbol 26000042, splatnost 5. března 2026 v 23:59 SEČ",
      "E-mail: podpora@example.cz, telefon: +420 222 333 444",
    ];
    for (const part of expected) expect(text).toContain(part);
  });

  it("states them in Polish and English", async () => {
    const polish = await flatText(await termsPdf({ ...terms, currency: "PLN", brand: "Urlop za benefity" }, "pl"));
    expect(polish).toContain("Warunki zamówienia nr 26000042");
    expect(polish).toContain("Wartość zamówienia: 12 345,50 zł");
    expect(polish).toContain("Za pobyt anulowany bezpośrednio w portalu rezerwacyjnym nie przysługuje zwrot");
    expect(polish).toContain("dopiero po zaksięgowaniu wpłaty");
    expect(polish).toContain("najpóźniej 5 marca 2026 23:59 CET");
    const english = await flatText(await termsPdf({ ...terms, currency: "PLN" }, "en"));
    expect(english).toContain("A stay cancelled directly on the booking portal cannot be refunded");
    expect(english).toContain("PLN 12,345.50 – PLN 1,500.00 = PLN 10,845.50");
  });

  it("leaves out the payment section when nothing is left to pay", async () => {
    const text = await flatText(await termsPdf({ ...terms, benefitPayments: [], transfer: undefined }, "cs"));
    expect(text).not.toContain("Platba ");
    expect(text).not.toContain("převodem");
  });

  it("says so when the order cannot be cancelled free of charge, and promises no voucher", async () => {
    const noDeadline: TermsDocument = { ...terms, cancellation: { fees: 150_000, paidOnline: 1_234_550 } };
    const czech = await flatText(await termsPdf(noDeadline, "cs"));
    expect(czech).toContain("Objednávku nelze zrušit bez poplatků");
    expect(czech).toContain("Pobyt zrušený přímo na rezervačním portálu není možné refundovat");
    expect(czech).not.toContain("nejpozději 3. dubna 2026");
    expect(czech).not.toContain("poukaz v hodnotě");
    expect(await flatText(await termsPdf(noDeadline, "pl"))).toContain("Zamówienia nie można anulować bezpłatnie");
    expect(await flatText(await termsPdf(noDeadline, "en"))).toContain("This order cannot be cancelled free of charge");
  });
});
