// The legal PDFs linked from the site footer, laid out from plain-text sources: docs/legal/{lang}/{name}.txt, one
// PDF per variant and language in public/documents/{slug}/{lang}/{name}.pdf. Written by build-pdfs.ts beside this
// file; tests/unit/legal-pdfs.test.ts holds the committed files equal to a fresh build.
//
// Source format (a small Markdown subset):
//   % comment line (ignored)
//   # Document title            (first line of the document)
//   ## Section heading
//   - bullet item               (continuation lines are joined to the item)
//   1. numbered item
//   blank line                  ends a paragraph / item
//   **bold** inline             {{brand}} {{currency}} are replaced per variant
//
// The pages (fonts, Czech and Polish letters, tags, deterministic bytes) are server/documents/pdf-flow.ts, shared with
// the order documents; this module only lays the legal texts out. The same texts give the same bytes.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Color, type Weight, missingCharacters } from "../../server/documents/pdf-file";
import { ACCENT, Flow, type Frame } from "../../server/documents/pdf-flow";

const HERE = dirname(fileURLToPath(import.meta.url));
const PRODUCER = "docs/legal/build-pdfs.ts";
/**
 * The day the legal texts' wording was issued, which the PDFs state as their date (never the clock's: the same
 * wording must give the same files). Change it with the wording.
 */
const ISSUED_ON = "2026-11-21";

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
    const missing = missingCharacters(line);
    if (missing.length) {
      throw new Error(`${where}:${i + 1}: the PDF fonts have no ${missing.map((ch) => `"${ch}"`).join(", ")}`);
    }
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

const FRAME: Frame = { marginX: 62, top: 64, bottom: 72 };
// The title and the sections are headings to a reader too (H1, H2); items in a row a list (pdf-flow.ts).
const STYLE: Record<
  BlockType,
  {
    size: number;
    leading: number;
    before: number;
    after: number;
    weight: Weight;
    color: Color;
    indent?: number;
    heading?: 1 | 2;
  }
> = {
  title: { size: 17, leading: 22, before: 0, after: 8, weight: "bold", color: ACCENT, heading: 1 },
  heading: { size: 11.5, leading: 15, before: 10, after: 3, weight: "bold", color: ACCENT, heading: 2 },
  para: { size: 10, leading: 14, before: 0, after: 6, weight: "regular", color: "#000000" },
  item: { size: 10, leading: 14, before: 0, after: 3, weight: "regular", color: "#000000", indent: 16 },
};

function layout(flow: Flow, blocks: readonly Block[]): void {
  blocks.forEach((block, i) => {
    const style = STYLE[block.type];
    flow.gap(style.before);
    // Keep a heading together with at least two lines of what follows it.
    const next = blocks[i + 1];
    if (block.type === "heading" && next) {
      flow.keep(style.leading + 2 * STYLE[next.type].leading + STYLE[next.type].before);
    }
    flow.paragraph(block.text, style, { indent: style.indent, label: block.label });
    flow.gap(style.after);
    if (block.type === "title") {
      flow.rule(ACCENT, 0.8, 0);
      flow.gap(12);
    }
  });
}

// ---------------------------------------------------------------------------

export interface LegalPdf {
  /** Where it is committed, from the repository's root: public/documents/{slug}/{lang}/{name}.pdf. */
  readonly file: string;
  readonly pdf: Uint8Array;
}

async function build(variant: Variant, lang: Lang, name: string): Promise<LegalPdf> {
  const where = `docs/legal/${lang}/${name}.txt`;
  const source = readFileSync(join(HERE, lang, `${name}.txt`), "utf8");
  const blocks = parseSource(source, { ...variant.vars, slug: variant.slug, lang }, where);
  const title = blocks[0].text.replace(/\*\*/g, "");
  const flow = new Flow(
    {
      title: `${title} – ${variant.vars.brand}`,
      language: LANG_META[lang].tag,
      producer: PRODUCER,
      createdOn: ISSUED_ON,
    },
    FRAME
  );
  layout(flow, blocks);
  const pdf = await flow.finish(`${variant.vars.brand} · ${title}`, LANG_META[lang].page);
  return { file: join("public", "documents", variant.slug, lang, `${name}.pdf`), pdf };
}

/** Every legal PDF, built afresh from its source, one at a time. */
export async function legalPdfs(): Promise<LegalPdf[]> {
  const built: LegalPdf[] = [];
  for (const variant of VARIANTS) {
    for (const lang of variant.langs) {
      for (const name of DOCUMENTS) built.push(await build(variant, lang, name));
    }
  }
  return built;
}
