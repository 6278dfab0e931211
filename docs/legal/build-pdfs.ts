// Builds the legal PDFs linked from the site footer from plain-text sources.
//
//   npx tsx docs/legal/build-pdfs.ts            # writes public/documents/{slug}/{lang}/{name}.pdf
//   npx tsx docs/legal/build-pdfs.ts --check    # fails if a committed PDF differs from a fresh build
//
// Sources: docs/legal/{lang}/{name}.txt. Edit the text, then re-run this script.
// Source format (a small Markdown subset):
//   % comment line (ignored)
//   # Document title            (first line of the document)
//   ## Section heading
//   - bullet item               (continuation lines are joined to the item)
//   1. numbered item
//   blank line                  ends a paragraph / item
//   **bold** inline             {{brand}} {{currency}} are replaced per variant
//
// The PDF itself (fonts, Czech and Polish letters, deterministic bytes) is server/documents/pdf-writer.ts, shared
// with the order documents; this script only lays the legal texts out. A rebuild without text changes produces
// identical files.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  A4,
  PdfDocument,
  type PdfPage,
  type Rgb,
  type Weight,
  assertEncodable,
  runsOf,
  textWidth,
  wrap,
} from "../../server/documents/pdf-writer";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const OUT = join(ROOT, "public", "documents");
const PRODUCER = "docs/legal/build-pdfs.ts";

// ---------------------------------------------------------------------------
// Variants and documents

type Lang = "cs" | "pl" | "en";
interface Variant {
  slug: string;
  langs: readonly Lang[];
  vars: { brand: string; currency: string };
}

const VARIANTS: readonly Variant[] = [
  { slug: "dzb-cz", langs: ["cs"], vars: { brand: "Dovolená za benefity", currency: "CZK" } },
  { slug: "dzb-wl-pluxee-cz", langs: ["cs"], vars: { brand: "Dovolená za benefity × Pluxee", currency: "CZK" } },
  { slug: "dzb-pl", langs: ["pl", "en"], vars: { brand: "Urlop za benefity", currency: "PLN" } },
];

const DOCUMENTS = ["cancellation-policy", "privacy-policy", "terms-of-service", "complaints-procedure"];

const LANG_META: Record<Lang, { tag: string; page: (n: number, t: number) => string }> = {
  cs: { tag: "cs-CZ", page: (n, t) => `Strana ${n} z ${t}` },
  pl: { tag: "pl-PL", page: (n, t) => `Strona ${n} z ${t}` },
  en: { tag: "en-GB", page: (n, t) => `Page ${n} of ${t}` },
};

// ---------------------------------------------------------------------------
// Source parsing

type BlockType = "title" | "heading" | "para" | "item";
interface Block {
  type: BlockType;
  text: string;
  label?: string;
}

function parseSource(text: string, vars: Record<string, string>, where: string): Block[] {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/\{\{(\w+)\}\}/g, (m, key: string) => {
      if (!(key in vars)) throw new Error(`${where}: unknown placeholder ${m}`);
      return vars[key];
    })
    .split("\n");
  const blocks: Block[] = [];
  let cur: Block | null = null;
  // Typography: keep numbers with their units, and (cs/pl) one-letter prepositions
  // and conjunctions with the following word, by joining them with a no-break space.
  const tidy = (str: string) =>
    str
      .replace(
        /(\d) (%|Kč|zł|CZK|PLN|EUR|dn[ůí]|dni|days|měsíc[ůe]?|miesięcy|months|rok|rok[uy]|year)(?=[\s.,;:)]|$)/g,
        "$1\u00a0$2"
      )
      .replace(/(?<=^|[\s(„\u00a0])([AIKOSUVZWaikosuvzw]) /g, vars.lang === "en" ? "$1 " : "$1\u00a0");
  const flush = () => {
    if (cur) blocks.push(cur);
    cur = null;
  };
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line.startsWith("%")) return;
    assertEncodable(line, `${where}:${i + 1}`);
    let m;
    if (line === "") flush();
    else if ((m = /^(#{1,2})\s+(.*)$/.exec(line))) {
      flush();
      blocks.push({ type: m[1].length === 1 ? "title" : "heading", text: tidy(m[2]) });
    } else if ((m = /^[-*]\s+(.*)$/.exec(line))) {
      flush();
      cur = { type: "item", label: "•", text: tidy(m[1]) };
    } else if ((m = /^(\d+[.)])\s+(.*)$/.exec(line))) {
      flush();
      cur = { type: "item", label: m[1], text: tidy(m[2]) };
    } else if (cur) cur.text += " " + line;
    else cur = { type: "para", text: line };
    if (cur) cur.text = tidy(cur.text);
  });
  flush();
  if (blocks[0]?.type !== "title") throw new Error(`${where}: the first line must be "# Title"`);
  return blocks;
}

// ---------------------------------------------------------------------------
// Layout

const MARGIN_X = 62;
const TOP = A4.height - 64;
const BOTTOM = 72;
const SAFETY = 0.97; // keep a little slack because viewers substitute similar fonts
const CONTENT_W = (A4.width - 2 * MARGIN_X) * SAFETY;
const STYLE: Record<
  BlockType,
  { size: number; leading: number; before: number; after: number; weight: Weight; indent?: number }
> = {
  title: { size: 17, leading: 22, before: 0, after: 8, weight: "bold" },
  heading: { size: 11.5, leading: 15, before: 10, after: 3, weight: "bold" },
  para: { size: 10, leading: 14, before: 0, after: 6, weight: "regular" },
  item: { size: 10, leading: 14, before: 0, after: 3, weight: "regular", indent: 16 },
};
const TEAL: Rgb = [0.043, 0.431, 0.431];
const GREY: Rgb = [0.35, 0.35, 0.35];
const BLACK: Rgb = [0, 0, 0];
const LIGHT_GREY: Rgb = [0.8, 0.8, 0.8];

function layout(doc: PdfDocument, blocks: readonly Block[]): void {
  let page = doc.addPage();
  let y = TOP;
  const newPage = () => {
    page = doc.addPage();
    y = TOP;
  };
  blocks.forEach((b, bi) => {
    const st = STYLE[b.type];
    const indent = st.indent ?? 0;
    const lines = wrap(runsOf(b.text, st.weight), st.size, CONTENT_W - indent);
    if (y !== TOP) y -= st.before;
    // Keep a heading together with at least two lines of what follows it.
    const next = blocks[bi + 1];
    const keep = b.type === "heading" && next ? 2 * STYLE[next.type].leading + STYLE[next.type].before : 0;
    const need = Math.min(lines.length, 2) * st.leading + keep;
    if (y - need < BOTTOM && y !== TOP) newPage();
    lines.forEach((line, li) => {
      if (y - st.leading < BOTTOM) newPage();
      y -= st.leading;
      page.fill(b.type === "title" || b.type === "heading" ? TEAL : BLACK);
      if (b.label !== undefined && li === 0) {
        const labelW = textWidth(b.label, "regular", st.size);
        page.text(MARGIN_X + indent - 6 - labelW, y, b.label, st.size);
      }
      page.text(MARGIN_X + indent, y, line, st.size);
    });
    y -= st.after;
    if (b.type === "title") {
      page.line(MARGIN_X, y, A4.width - MARGIN_X, y, TEAL, 0.8);
      y -= 12;
    }
  });
}

function footer(page: PdfPage, left: string, right: string): void {
  const size = 8;
  const y = 40;
  page.line(MARGIN_X, y + 12, A4.width - MARGIN_X, y + 12, LIGHT_GREY, 0.5);
  page.fill(GREY);
  page.text(MARGIN_X, y, left, size);
  page.text(A4.width - MARGIN_X - textWidth(right, "regular", size), y, right, size);
}

// ---------------------------------------------------------------------------

function build(variant: Variant, lang: Lang, name: string): { pdf: Uint8Array; pages: number } {
  const src = join(HERE, lang, `${name}.txt`);
  const where = `docs/legal/${lang}/${name}.txt`;
  const blocks = parseSource(readFileSync(src, "utf8"), { ...variant.vars, slug: variant.slug, lang }, where);
  const title = blocks[0].text.replace(/\*\*/g, "");
  const doc = new PdfDocument();
  layout(doc, blocks);
  const pages = doc.pages.length;
  doc.pages.forEach((page, i) => footer(page, `${variant.vars.brand} · ${title}`, LANG_META[lang].page(i + 1, pages)));
  const pdf = doc.toBytes({
    title: `${title} – ${variant.vars.brand}`,
    language: LANG_META[lang].tag,
    producer: PRODUCER,
  });
  return { pdf, pages };
}

const check = process.argv.includes("--check");
let stale = 0;
for (const variant of VARIANTS) {
  for (const lang of variant.langs) {
    for (const name of DOCUMENTS) {
      const { pdf, pages } = build(variant, lang, name);
      const out = join(OUT, variant.slug, lang, `${name}.pdf`);
      const rel = out.slice(ROOT.length + 1);
      if (check) {
        let old: Buffer | null = null;
        try {
          old = readFileSync(out);
        } catch {
          // A missing file is as stale as a different one.
        }
        if (!old || !old.equals(pdf)) {
          stale++;
          console.error(`stale: ${rel}`);
        }
      } else {
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, pdf);
        console.log(`${rel}  ${pages} page(s), ${pdf.length} bytes`);
      }
    }
  }
}
if (check && stale) {
  console.error(`${stale} PDF(s) out of date; run: npx tsx docs/legal/build-pdfs.ts`);
  process.exit(1);
}
