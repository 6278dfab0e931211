#!/usr/bin/env node
// Builds the legal PDFs linked from the site footer from plain-text sources.
//
//   node docs/legal/build-pdfs.mjs            # writes public/documents/{slug}/{lang}/{name}.pdf
//   node docs/legal/build-pdfs.mjs --check    # fails if a committed PDF differs from a fresh build
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
// Output is PDF 1.4 written by hand with no dependencies: A4 pages, the standard-14
// fonts Helvetica and Helvetica-Bold (nothing embedded) with a custom /Differences
// encoding so Czech and Polish letters (č ř ě ů ł ą ę ś ż ...) render with the
// fonts' own glyphs, plus a /ToUnicode CMap so text can be searched and copied.
// The output is deterministic (no timestamps), so a rebuild without text changes
// produces identical files.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const OUT = join(ROOT, "public", "documents");

// ---------------------------------------------------------------------------
// Variants and documents

const VARIANTS = [
  { slug: "dzb-cz", langs: ["cs"], vars: { brand: "Dovolená za benefity", currency: "CZK" } },
  { slug: "dzb-wl-pluxee-cz", langs: ["cs"], vars: { brand: "Dovolená za benefity × Pluxee", currency: "CZK" } },
  { slug: "dzb-pl", langs: ["pl", "en"], vars: { brand: "Urlop za benefity", currency: "PLN" } },
];

const DOCUMENTS = ["cancellation-policy", "privacy-policy", "terms-of-service", "complaints-procedure"];

const LANG_META = {
  cs: { tag: "cs-CZ", page: (n, t) => `Strana ${n} z ${t}` },
  pl: { tag: "pl-PL", page: (n, t) => `Strona ${n} z ${t}` },
  en: { tag: "en-GB", page: (n, t) => `Page ${n} of ${t}` },
};

// ---------------------------------------------------------------------------
// Font encoding: ASCII via WinAnsiEncoding, everything else via /Differences from 128 up.
// Every glyph name below exists in the standard-14 Helvetica fonts (Adobe Latin set).

const EXTRA = [
  ["á", "aacute"], ["Á", "Aacute"], ["č", "ccaron"], ["Č", "Ccaron"], ["ď", "dcaron"], ["Ď", "Dcaron"],
  ["é", "eacute"], ["É", "Eacute"], ["ě", "ecaron"], ["Ě", "Ecaron"], ["í", "iacute"], ["Í", "Iacute"],
  ["ň", "ncaron"], ["Ň", "Ncaron"], ["ó", "oacute"], ["Ó", "Oacute"], ["ř", "rcaron"], ["Ř", "Rcaron"],
  ["š", "scaron"], ["Š", "Scaron"], ["ť", "tcaron"], ["Ť", "Tcaron"], ["ú", "uacute"], ["Ú", "Uacute"],
  ["ů", "uring"], ["Ů", "Uring"], ["ý", "yacute"], ["Ý", "Yacute"], ["ž", "zcaron"], ["Ž", "Zcaron"],
  ["ą", "aogonek"], ["Ą", "Aogonek"], ["ć", "cacute"], ["Ć", "Cacute"], ["ę", "eogonek"], ["Ę", "Eogonek"],
  ["ł", "lslash"], ["Ł", "Lslash"], ["ń", "nacute"], ["Ń", "Nacute"], ["ś", "sacute"], ["Ś", "Sacute"],
  ["ź", "zacute"], ["Ź", "Zacute"], ["ż", "zdotaccent"], ["Ż", "Zdotaccent"],
  ["ä", "adieresis"], ["Ä", "Adieresis"], ["ö", "odieresis"], ["Ö", "Odieresis"], ["ü", "udieresis"],
  ["Ü", "Udieresis"], ["ß", "germandbls"],
  ["–", "endash"], ["—", "emdash"], ["„", "quotedblbase"], ["“", "quotedblleft"], ["”", "quotedblright"],
  ["‚", "quotesinglbase"], ["‘", "quoteleft"], ["’", "quoteright"], ["…", "ellipsis"], ["•", "bullet"],
  ["×", "multiply"], ["§", "section"], ["©", "copyright"], ["°", "degree"], ["€", "Euro"],
  ["«", "guillemotleft"], ["»", "guillemotright"], ["·", "periodcentered"],
  ["\u00a0", "space"], // no-break space: renders as a space, never broken by the wrapper
];
if (EXTRA.length > 128) throw new Error("encoding table too large");

const CODE = new Map(); // unicode char -> byte code
const GLYPH = new Map(); // byte code -> glyph name
for (let c = 32; c < 127; c++) CODE.set(String.fromCharCode(c), c);
EXTRA.forEach(([ch, name], i) => {
  CODE.set(ch, 128 + i);
  GLYPH.set(128 + i, name);
});

// Advance widths (1/1000 em) from the Helvetica / Helvetica-Bold AFM metrics, chars 32..126.
// prettier-ignore
const ASCII_W = {
  regular: [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584],
  bold:    [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584],
};
// Non-ASCII glyphs: explicit widths; accented letters otherwise take their base letter's width.
const SPECIAL_W = {
  regular: { dcaron: 643, tcaron: 317, germandbls: 611, endash: 556, emdash: 1000, quotedblbase: 333, quotedblleft: 333, quotedblright: 333, quotesinglbase: 222, quoteleft: 222, quoteright: 222, ellipsis: 1000, bullet: 350, multiply: 584, section: 556, copyright: 737, degree: 400, Euro: 556, guillemotleft: 556, guillemotright: 556, periodcentered: 278, space: 278, lslash: 222, Lslash: 556 },
  bold: { dcaron: 719, tcaron: 389, germandbls: 611, endash: 556, emdash: 1000, quotedblbase: 500, quotedblleft: 500, quotedblright: 500, quotesinglbase: 278, quoteleft: 278, quoteright: 278, ellipsis: 1000, bullet: 350, multiply: 584, section: 556, copyright: 737, degree: 400, Euro: 556, guillemotleft: 556, guillemotright: 556, periodcentered: 278, space: 278, lslash: 278, Lslash: 611 },
};

function charWidth(ch, weight) {
  const code = CODE.get(ch);
  if (code < 127) return ASCII_W[weight][code - 32];
  const name = GLYPH.get(code);
  const w = SPECIAL_W[weight][name];
  if (w !== undefined) return w;
  const base = ch.normalize("NFD")[0];
  return ASCII_W[weight][base.charCodeAt(0) - 32];
}

function textWidth(str, weight, size) {
  let w = 0;
  for (const ch of str) w += charWidth(ch, weight);
  return (w * size) / 1000;
}

function checkChars(str, where) {
  for (const ch of str) {
    if (!CODE.has(ch)) {
      const hex = ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0");
      throw new Error(`${where}: character "${ch}" (U+${hex}) is not supported; add it to EXTRA in build-pdfs.mjs or replace it`);
    }
  }
}

// PDF string literal in the custom encoding.
function pdfString(str) {
  let out = "(";
  for (const ch of str) {
    const c = CODE.get(ch);
    if (ch === "(" || ch === ")" || ch === "\\") out += "\\" + ch;
    else if (c >= 32 && c < 127) out += ch;
    else out += "\\" + c.toString(8).padStart(3, "0");
  }
  return out + ")";
}

// ---------------------------------------------------------------------------
// Source parsing

function parseSource(text, vars, where) {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/\{\{(\w+)\}\}/g, (m, key) => {
      if (!(key in vars)) throw new Error(`${where}: unknown placeholder ${m}`);
      return vars[key];
    })
    .split("\n");
  const blocks = [];
  let cur = null;
  // Typography: keep numbers with their units, and (cs/pl) one-letter prepositions
  // and conjunctions with the following word, by joining them with a no-break space.
  const tidy = (str) =>
    str
      .replace(/(\d) (%|Kč|zł|CZK|PLN|EUR|dn[ůí]|dni|days|měsíc[ůe]?|miesięcy|months|rok|rok[uy]|year)(?=[\s.,;:)]|$)/g, "$1\u00a0$2")
      .replace(/(?<=^|[\s(„\u00a0])([AIKOSUVZWaikosuvzw]) /g, vars.lang === "en" ? "$1 " : "$1\u00a0");
  const flush = () => {
    if (cur) blocks.push(cur);
    cur = null;
  };
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line.startsWith("%")) return;
    checkChars(line, `${where}:${i + 1}`);
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

// Split inline **bold** markup into words, each with its weight and whether a
// space follows it. Words not followed by a space (e.g. "**bold**." ) are glued
// to the next word, so a line never breaks between them.
function words(text, baseWeight) {
  const out = [];
  text.split(/(\*\*[^*]+\*\*)/).forEach((part) => {
    if (!part) return;
    const bold = part.length > 4 && part.startsWith("**") && part.endsWith("**");
    const weight = bold ? "bold" : baseWeight;
    const t = bold ? part.slice(2, -2) : part;
    // Split on ordinary spaces only: a no-break space (U+00A0) stays inside the word.
    if (/^ /.test(t) && out.length) out[out.length - 1].space = " ";
    for (const m of t.matchAll(/([^ ]+)( *)/g)) out.push({ text: m[1], space: m[2] ? " " : "", weight });
  });
  if (out.length) out[out.length - 1].space = "";
  return out;
}

// Greedy line breaking; breaks only where a space follows a word.
function wrap(ws, size, maxWidth) {
  const units = [];
  let unit = [];
  for (const w of ws) {
    unit.push(w);
    if (w.space) {
      units.push(unit);
      unit = [];
    }
  }
  if (unit.length) units.push(unit);
  const unitWidth = (u) => u.reduce((s, w) => s + textWidth(w.text, w.weight, size), 0);
  const lines = [];
  let line = [];
  let width = 0;
  for (const u of units) {
    const uw = unitWidth(u);
    const gap = line.length ? textWidth(" ", line[line.length - 1].weight, size) : 0;
    if (line.length && width + gap + uw > maxWidth) {
      lines.push(line);
      line = [];
      width = 0;
    }
    if (uw > maxWidth) throw new Error(`word too long for the page: ${u.map((w) => w.text).join("")}`);
    width += (line.length ? gap : 0) + uw;
    line.push(...u);
  }
  if (line.length) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------
// Layout

const PAGE_W = 595.28; // A4
const PAGE_H = 841.89;
const MARGIN_X = 62;
const TOP = PAGE_H - 64;
const BOTTOM = 72;
const SAFETY = 0.97; // keep a little slack because viewers substitute similar fonts
const CONTENT_W = (PAGE_W - 2 * MARGIN_X) * SAFETY;
const STYLE = {
  title: { size: 17, leading: 22, before: 0, after: 8, weight: "bold" },
  heading: { size: 11.5, leading: 15, before: 10, after: 3, weight: "bold" },
  para: { size: 10, leading: 14, before: 0, after: 6, weight: "regular" },
  item: { size: 10, leading: 14, before: 0, after: 3, weight: "regular", indent: 16 },
};
const TEAL = "0.043 0.431 0.431";
const GREY = "0.35 0.35 0.35";

const num = (n) => (Math.round(n * 100) / 100).toString();

function fontRes(weight) {
  return weight === "bold" ? "/F2" : "/F1";
}

function lineOps(x, y, line, size) {
  let ops = `BT ${num(x)} ${num(y)} Td`;
  let cur = null;
  line.forEach((w, i) => {
    if (w.weight !== cur) {
      ops += ` ${fontRes(w.weight)} ${size} Tf`;
      cur = w.weight;
    }
    ops += ` ${pdfString(w.text + (i < line.length - 1 ? w.space : ""))} Tj`;
  });
  return ops + " ET";
}

function layout(blocks) {
  const pages = [];
  let ops = [];
  let y = TOP;
  const newPage = () => {
    pages.push(ops);
    ops = [];
    y = TOP;
  };
  blocks.forEach((b, bi) => {
    const st = STYLE[b.type];
    const indent = st.indent ?? 0;
    const lines = wrap(words(b.text, st.weight), st.size, CONTENT_W - indent);
    if (y !== TOP) y -= st.before;
    // Keep a heading together with at least two lines of what follows it.
    const next = blocks[bi + 1];
    const keep = b.type === "heading" && next ? 2 * STYLE[next.type].leading + STYLE[next.type].before : 0;
    const need = Math.min(lines.length, 2) * st.leading + keep;
    if (y - need < BOTTOM && y !== TOP) newPage();
    lines.forEach((line, li) => {
      if (y - st.leading < BOTTOM) newPage();
      y -= st.leading;
      const color = b.type === "title" || b.type === "heading" ? TEAL : "0 0 0";
      ops.push(`${color} rg`);
      if (b.type === "item" && li === 0) {
        const labelW = textWidth(b.label, "regular", st.size);
        ops.push(lineOps(MARGIN_X + indent - 6 - labelW, y, [{ text: b.label, space: "", weight: "regular" }], st.size));
      }
      ops.push(lineOps(MARGIN_X + indent, y, line, st.size));
    });
    y -= st.after;
    if (b.type === "title") {
      ops.push(`${TEAL} RG 0.8 w ${num(MARGIN_X)} ${num(y)} m ${num(PAGE_W - MARGIN_X)} ${num(y)} l S`);
      y -= 12;
    }
  });
  pages.push(ops);
  return pages;
}

function footerOps(left, right) {
  const size = 8;
  const y = 40;
  const rw = textWidth(right, "regular", size);
  return [
    `0.8 0.8 0.8 RG 0.5 w ${num(MARGIN_X)} ${num(y + 12)} m ${num(PAGE_W - MARGIN_X)} ${num(y + 12)} l S`,
    `${GREY} rg`,
    lineOps(MARGIN_X, y, [{ text: left, space: "", weight: "regular" }], size),
    lineOps(PAGE_W - MARGIN_X - rw, y, [{ text: right, space: "", weight: "regular" }], size),
  ];
}

// ---------------------------------------------------------------------------
// PDF serialisation

function utf16Hex(str) {
  let hex = "FEFF";
  for (let i = 0; i < str.length; i++) hex += str.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0");
  return `<${hex}>`;
}

function toUnicodeCMap() {
  const chars = EXTRA.map(([ch], i) => {
    const cp = ch === "\u00a0" ? 0x20 : ch.charCodeAt(0);
    return `<${(128 + i).toString(16).toUpperCase()}> <${cp.toString(16).toUpperCase().padStart(4, "0")}>`;
  });
  const chunks = [];
  for (let i = 0; i < chars.length; i += 100) {
    const part = chars.slice(i, i + 100);
    chunks.push(`${part.length} beginbfchar\n${part.join("\n")}\nendbfchar`);
  }
  return [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /DZB-Latin-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange\n<00> <FF>\nendcodespacerange",
    "1 beginbfrange\n<20> <7E> <0020>\nendbfrange",
    ...chunks,
    "endcmap",
    "CMapName currentdict /CMap defineresource pop",
    "end",
    "end",
  ].join("\n");
}

function buildPdf({ title, lang, pageOps }) {
  const objects = []; // index i -> object number i + 1
  const add = (body) => {
    objects.push(body);
    return objects.length;
  };
  const stream = (dict, data) => {
    const bytes = deflateSync(Buffer.from(data, "latin1"), { level: 9 });
    return { dict: `<< ${dict} /Filter /FlateDecode /Length ${bytes.length} >>`, bytes };
  };

  const catalog = add(null);
  const pagesObj = add(null);
  const encoding = add(`<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [128 ${EXTRA.map(([, n]) => "/" + n).join(" ")}] >>`);
  const toUnicode = add(stream("", toUnicodeCMap()));
  const font = (base) => add(`<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding ${encoding} 0 R /ToUnicode ${toUnicode} 0 R >>`);
  const f1 = font("Helvetica");
  const f2 = font("Helvetica-Bold");
  const info = add(`<< /Title ${utf16Hex(title)} /Producer (docs/legal/build-pdfs.mjs) >>`);

  const kids = pageOps.map((ops) => {
    const content = add(stream("", ops.join("\n")));
    return add(
      `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
        `/Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> /ProcSet [/PDF /Text] >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] =
    `<< /Type /Catalog /Pages ${pagesObj} 0 R /Lang (${LANG_META[lang].tag}) ` + `/ViewerPreferences << /DisplayDocTitle true >> >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;

  const parts = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0].length;
  const offsets = [];
  objects.forEach((obj, i) => {
    offsets.push(offset);
    const chunk =
      typeof obj === "string"
        ? [Buffer.from(`${i + 1} 0 obj\n${obj}\nendobj\n`, "latin1")]
        : [Buffer.from(`${i + 1} 0 obj\n${obj.dict}\nstream\n`, "latin1"), obj.bytes, Buffer.from("\nendstream\nendobj\n", "latin1")];
    for (const c of chunk) {
      parts.push(c);
      offset += c.length;
    }
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, "latin1"));
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------------------

function build(variant, lang, name) {
  const src = join(HERE, lang, `${name}.txt`);
  const where = `docs/legal/${lang}/${name}.txt`;
  const blocks = parseSource(readFileSync(src, "utf8"), { ...variant.vars, slug: variant.slug, lang }, where);
  const title = blocks[0].text.replace(/\*\*/g, "");
  const pages = layout(blocks);
  const pageOps = pages.map((ops, i) => [...ops, ...footerOps(`${variant.vars.brand} · ${title}`, LANG_META[lang].page(i + 1, pages.length))]);
  return { pdf: buildPdf({ title: `${title} – ${variant.vars.brand}`, lang, pageOps }), pages: pages.length };
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
        let old = null;
        try {
          old = readFileSync(out);
        } catch {}
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
  console.error(`${stale} PDF(s) out of date; run: node docs/legal/build-pdfs.mjs`);
  process.exit(1);
}
