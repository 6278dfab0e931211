import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type LegalPdf, legalPdfs } from "../../docs/legal/legal-pdfs";
import { readPdf } from "../../server/documents/pdf-text.test-helper";

const committed = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url));

describe("the legal PDFs", () => {
  let built: LegalPdf[] = [];
  beforeAll(async () => {
    built = await legalPdfs();
  }, 60_000);
  const file = (path: string) => built.find((pdf) => pdf.file === path)!.pdf;

  it("are committed as a fresh build from their sources writes them (npx tsx docs/legal/build-pdfs.ts)", () => {
    expect(built).toHaveLength(16);
    const stale = built.filter(({ file, pdf }) => !committed(file).equals(Buffer.from(pdf))).map(({ file }) => file);
    expect(stale).toEqual([]);
  });

  it("read as their sources say, in their language, every page labelled", async () => {
    const czech = await readPdf(file("public/documents/dzb-wl-pluxee-cz/cs/terms-of-service.pdf"));
    expect(czech.language).toBe("cs-CZ");
    expect(czech.info.Title).toBe("Obchodní podmínky – Dovolená za benefity × Pluxee");
    const text = czech.pages.join("\n").replace(/\s+/g, " ");
    expect(text).toContain("1. Úvodní ustanovení");
    expect(text).toContain("Při platbě bankovním převodem je ubytování rezervováno až po připsání platby.");
    expect(czech.pages.length).toBeGreaterThan(1);
    czech.pages.forEach((page, i) =>
      expect(page.replace(/\s+/g, " ")).toContain(`Strana ${i + 1} z ${czech.pages.length}`)
    );
    const polish = await readPdf(file("public/documents/dzb-pl/pl/cancellation-policy.pdf"));
    expect(polish.language).toBe("pl-PL");
    expect(polish.pages.join(" ")).toContain("Warunki anulacji");
  });
});
