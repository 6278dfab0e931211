// Builds the legal PDFs linked from the site footer from their plain-text sources (legal-pdfs.ts says how).
//
//   npx tsx docs/legal/build-pdfs.ts            # writes public/documents/{slug}/{lang}/{name}.pdf
//   npx tsx docs/legal/build-pdfs.ts --check    # fails if a committed PDF differs from a fresh build
//
// Sources: docs/legal/{lang}/{name}.txt. Edit the text, then re-run this script and commit both.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { legalPdfs } from "./legal-pdfs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const check = process.argv.includes("--check");
let stale = 0;
for (const { file, pdf } of await legalPdfs()) {
  const out = join(ROOT, file);
  if (check) {
    let old: Buffer | null = null;
    try {
      old = readFileSync(out);
    } catch {
      // A missing file is as stale as a different one.
    }
    if (!old || !old.equals(pdf)) {
      stale++;
      console.error(`stale: ${file}`);
    }
  } else {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, pdf);
    console.log(`${file}  ${pdf.length} bytes`);
  }
}
if (check && stale) {
  console.error(`${stale} PDF(s) out of date; run: npx tsx docs/legal/build-pdfs.ts`);
  process.exit(1);
}
