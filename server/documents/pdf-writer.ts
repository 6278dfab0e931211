/**
 * A small PDF 1.4 writer with no dependencies, shared by the legal PDFs (docs/legal/build-pdfs.ts) and the order
 * documents (invoice, terms). Pages are A4; text uses the standard-14 fonts Helvetica and Helvetica-Bold (nothing
 * embedded) with a custom /Differences encoding, so Czech and Polish letters (č ř ě ů ł ą ę ś ż ...) render with the
 * fonts' own glyphs, plus a /ToUnicode CMap so text can be searched and copied. The output is deterministic (no
 * timestamps, no ids): the same input gives the same bytes, which keeps the committed legal PDFs checkable.
 *
 * The writer places text where it is told; line breaking is `wrap`, and flowing text over pages is pdf-flow.ts.
 */

import { deflateSync } from "node:zlib";

export type Weight = "regular" | "bold";

/** A fill or stroke colour, each channel 0..1. */
export type Rgb = readonly [number, number, number];

/** A word of a line: `space` is " " when a space follows it, which is also where a line may break. */
export interface Run {
  readonly text: string;
  readonly weight: Weight;
  readonly space: "" | " ";
}

export const A4 = { width: 595.28, height: 841.89 } as const;

// ---------------------------------------------------------------------------
// Font encoding: ASCII via WinAnsiEncoding, everything else via /Differences from 128 up.
// Every glyph name below exists in the standard-14 Helvetica fonts (Adobe Latin set). The order is part of the
// output: appending is safe, reordering changes every committed legal PDF.

// prettier-ignore
const EXTRA: readonly (readonly [string, string])[] = [
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

const CODE = new Map<string, number>(); // unicode char -> byte code
const GLYPH = new Map<number, string>(); // byte code -> glyph name
for (let c = 32; c < 127; c++) CODE.set(String.fromCharCode(c), c);
EXTRA.forEach(([ch, name], i) => {
  CODE.set(ch, 128 + i);
  GLYPH.set(128 + i, name);
});

/** The character each byte of a content-stream string stands for: what a reader of our PDFs decodes with. */
export const CHAR_OF_CODE: ReadonlyMap<number, string> = new Map([...CODE].map(([ch, code]) => [code, ch]));

// Advance widths (1/1000 em) from the Helvetica / Helvetica-Bold AFM metrics, chars 32..126.
// prettier-ignore
const ASCII_W: Record<Weight, readonly number[]> = {
  regular: [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584],
  bold:    [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584],
};
// Non-ASCII glyphs: explicit widths; accented letters otherwise take their base letter's width.
// prettier-ignore
const SPECIAL_W: Record<Weight, Readonly<Record<string, number>>> = {
  regular: { dcaron: 643, tcaron: 317, germandbls: 611, endash: 556, emdash: 1000, quotedblbase: 333, quotedblleft: 333, quotedblright: 333, quotesinglbase: 222, quoteleft: 222, quoteright: 222, ellipsis: 1000, bullet: 350, multiply: 584, section: 556, copyright: 737, degree: 400, Euro: 556, guillemotleft: 556, guillemotright: 556, periodcentered: 278, space: 278, lslash: 222, Lslash: 556 },
  bold: { dcaron: 719, tcaron: 389, germandbls: 611, endash: 556, emdash: 1000, quotedblbase: 500, quotedblleft: 500, quotedblright: 500, quotesinglbase: 278, quoteleft: 278, quoteright: 278, ellipsis: 1000, bullet: 350, multiply: 584, section: 556, copyright: 737, degree: 400, Euro: 556, guillemotleft: 556, guillemotright: 556, periodcentered: 278, space: 278, lslash: 278, Lslash: 611 },
};

function codeOf(ch: string): number {
  const code = CODE.get(ch);
  if (code === undefined) throw new Error(`character U+${hexOf(ch)} is not in the PDF encoding`);
  return code;
}

function hexOf(ch: string): string {
  return (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
}

function charWidth(ch: string, weight: Weight): number {
  const code = codeOf(ch);
  if (code < 127) return ASCII_W[weight][code - 32];
  const name = GLYPH.get(code) ?? "";
  const width = SPECIAL_W[weight][name];
  if (width !== undefined) return width;
  const base = ch.normalize("NFD")[0];
  return ASCII_W[weight][base.charCodeAt(0) - 32];
}

/** Width in points of a text in one weight and size. */
export function textWidth(text: string, weight: Weight, size: number): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch, weight);
  return (width * size) / 1000;
}

/** Width in points of a line of runs as `PdfPage.text` draws it (the last run's space is not drawn). */
export function lineWidth(line: readonly Run[], size: number): number {
  return line.reduce(
    (sum, run, i) => sum + textWidth(run.text + (i < line.length - 1 ? run.space : ""), run.weight, size),
    0
  );
}

/** Throws when a text has a character the fonts' encoding lacks: for texts we write ourselves, which must be fixed. */
export function assertEncodable(text: string, where: string): void {
  for (const ch of text) {
    if (!CODE.has(ch)) {
      throw new Error(
        `${where}: character "${ch}" (U+${hexOf(
          ch
        )}) is not supported; add it to EXTRA in server/documents/pdf-writer.ts or replace it`
      );
    }
  }
}

/**
 * A text the encoding can draw, for data we do not control (a customer's or a hotel's name): a letter outside the
 * table loses its accent ("ő" → "o"), thin and figure spaces become no-break spaces (number formats use them),
 * other white space a space, and anything else "?". A document is always produced, never refused over a name.
 */
export function toEncodable(text: string): string {
  let out = "";
  for (const ch of text) {
    if (CODE.has(ch)) out += ch;
    else if (/[\u2007\u202f]/.test(ch)) out += "\u00a0";
    else if (/\s/.test(ch)) out += " ";
    else {
      const base = ch.normalize("NFD")[0];
      out += CODE.has(base) ? base : "?";
    }
  }
  return out;
}

// PDF string literal in the custom encoding.
function pdfString(text: string): string {
  let out = "(";
  for (const ch of text) {
    const code = codeOf(ch);
    if (ch === "(" || ch === ")" || ch === "\\") out += "\\" + ch;
    else if (code >= 32 && code < 127) out += ch;
    else out += "\\" + code.toString(8).padStart(3, "0");
  }
  return out + ")";
}

// ---------------------------------------------------------------------------
// Words and lines

/**
 * Split a text with inline **bold** markup into runs. Words not followed by a space (e.g. "**bold**.") are glued
 * to the next word, so a line never breaks between them; a no-break space (U+00A0) stays inside its word.
 */
export function runsOf(text: string, baseWeight: Weight): Run[] {
  const out: { text: string; weight: Weight; space: "" | " " }[] = [];
  text.split(/(\*\*[^*]+\*\*)/).forEach((part) => {
    if (!part) return;
    const bold = part.length > 4 && part.startsWith("**") && part.endsWith("**");
    const weight = bold ? "bold" : baseWeight;
    const t = bold ? part.slice(2, -2) : part;
    if (/^ /.test(t) && out.length) out[out.length - 1].space = " ";
    for (const m of t.matchAll(/([^ ]+)( *)/g)) out.push({ text: m[1], space: m[2] ? " " : "", weight });
  });
  if (out.length) out[out.length - 1].space = "";
  return out;
}

/** Runs up to and including one followed by a space: what a line break may not split. */
function unitsOf(runs: readonly Run[]): Run[][] {
  const units: Run[][] = [];
  let unit: Run[] = [];
  for (const run of runs) {
    unit.push(run);
    if (run.space) {
      units.push(unit);
      unit = [];
    }
  }
  if (unit.length) units.push(unit);
  return units;
}

function unitWidth(unit: readonly Run[], size: number): number {
  return unit.reduce((sum, run) => sum + textWidth(run.text, run.weight, size), 0);
}

/** A unit wider than a line cut between characters into pieces that fit; the last piece keeps the unit's space. */
function cutUnit(unit: readonly Run[], size: number, maxWidth: number): Run[][] {
  const pieces: { text: string; weight: Weight; space: "" | " " }[][] = [[]];
  let width = 0;
  for (const run of unit) {
    for (const ch of run.text) {
      const w = textWidth(ch, run.weight, size);
      let piece = pieces[pieces.length - 1];
      if (piece.length && width + w > maxWidth) {
        piece = [];
        pieces.push(piece);
        width = 0;
      }
      const last = piece[piece.length - 1];
      if (last?.weight === run.weight) last.text += ch;
      else piece.push({ text: ch, weight: run.weight, space: "" });
      width += w;
    }
  }
  const lastPiece = pieces[pieces.length - 1];
  lastPiece[lastPiece.length - 1].space = unit[unit.length - 1].space;
  return pieces;
}

/**
 * Greedy line breaking; breaks only where a space follows a word. A word wider than the line is an error for the
 * legal texts (`overflow: "throw"`: someone must reword it) and is cut between letters for data (`"cut"`).
 */
export function wrap(
  runs: readonly Run[],
  size: number,
  maxWidth: number,
  overflow: "throw" | "cut" = "throw"
): Run[][] {
  const lines: Run[][] = [];
  let line: Run[] = [];
  let width = 0;
  for (const unit of unitsOf(runs)) {
    const uw = unitWidth(unit, size);
    const gap = line.length ? textWidth(" ", line[line.length - 1].weight, size) : 0;
    if (line.length && width + gap + uw > maxWidth) {
      lines.push(line);
      line = [];
      width = 0;
    }
    if (uw > maxWidth) {
      if (overflow === "throw") throw new Error(`word too long for the page: ${unit.map((w) => w.text).join("")}`);
      const pieces = cutUnit(unit, size, maxWidth);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1];
      width = unitWidth(line, size);
      continue;
    }
    width += (line.length ? gap : 0) + uw;
    line.push(...unit);
  }
  if (line.length) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------
// Pages

/** A coordinate as the content streams write it: two decimals at most. */
const num = (n: number): string => (Math.round(n * 100) / 100).toString();

const rgbOf = (color: Rgb): string => color.join(" ");

/** One page's content: drawing operators in the order they were called. Origin bottom left, units are points. */
export class PdfPage {
  readonly #ops: string[] = [];

  get ops(): readonly string[] {
    return this.#ops;
  }

  /** The colour of the text drawn from now on. */
  fill(color: Rgb): void {
    this.#ops.push(`${rgbOf(color)} rg`);
  }

  /** One line of text, its baseline starting at (x, y). */
  text(x: number, y: number, line: string | readonly Run[], size: number, weight: Weight = "regular"): void {
    const runs = typeof line === "string" ? [{ text: line, space: "" as const, weight }] : line;
    let ops = `BT ${num(x)} ${num(y)} Td`;
    let current: Weight | undefined;
    runs.forEach((run, i) => {
      if (run.weight !== current) {
        ops += ` ${run.weight === "bold" ? "/F2" : "/F1"} ${size} Tf`;
        current = run.weight;
      }
      ops += ` ${pdfString(run.text + (i < runs.length - 1 ? run.space : ""))} Tj`;
    });
    this.#ops.push(ops + " ET");
  }

  /** A straight line from (x1, y1) to (x2, y2). */
  line(x1: number, y1: number, x2: number, y2: number, color: Rgb, width: number): void {
    this.#ops.push(`${rgbOf(color)} RG ${width} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }
}

// ---------------------------------------------------------------------------
// Serialisation

export interface PdfMeta {
  /** Shown by viewers in the title bar. */
  readonly title: string;
  /** BCP 47 language of the text, e.g. "cs-CZ": screen readers pick their voice by it. */
  readonly language: string;
  /** The program that made the file (printable ASCII). */
  readonly producer: string;
}

function utf16Hex(text: string): string {
  let hex = "FEFF";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0");
  return `<${hex}>`;
}

function asciiLiteral(text: string, what: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`${what} must be printable ASCII: ${text}`);
  return `(${text.replace(/[()\\]/g, "\\$&")})`;
}

function toUnicodeCMap(): string {
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

type PdfObject = string | { readonly dict: string; readonly bytes: Uint8Array };

function stream(data: string): PdfObject {
  // Content is latin1 by construction: every character of a string literal is ASCII or an octal escape.
  const bytes = deflateSync(Buffer.from(data, "latin1"), { level: 9 });
  return { dict: `<< /Filter /FlateDecode /Length ${bytes.length} >>`, bytes };
}

/** A document of A4 pages; `toBytes` writes the file. */
export class PdfDocument {
  readonly #pages: PdfPage[] = [];

  get pages(): readonly PdfPage[] {
    return this.#pages;
  }

  addPage(): PdfPage {
    const page = new PdfPage();
    this.#pages.push(page);
    return page;
  }

  toBytes(meta: PdfMeta): Uint8Array {
    const objects: (PdfObject | null)[] = []; // index i -> object number i + 1
    const add = (body: PdfObject | null) => objects.push(body);

    const catalog = add(null);
    const pagesObj = add(null);
    const encoding = add(
      `<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [128 ${EXTRA.map(([, n]) => "/" + n).join(
        " "
      )}] >>`
    );
    const toUnicode = add(stream(toUnicodeCMap()));
    const font = (base: string) =>
      add(`<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding ${encoding} 0 R /ToUnicode ${toUnicode} 0 R >>`);
    const f1 = font("Helvetica");
    const f2 = font("Helvetica-Bold");
    const info = add(`<< /Title ${utf16Hex(meta.title)} /Producer ${asciiLiteral(meta.producer, "producer")} >>`);

    const kids = this.#pages.map((page) => {
      const content = add(stream(page.ops.join("\n")));
      return add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
          `/Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> /ProcSet [/PDF /Text] >> /Contents ${content} 0 R >>`
      );
    });
    objects[catalog - 1] =
      `<< /Type /Catalog /Pages ${pagesObj} 0 R /Lang ${asciiLiteral(meta.language, "language")} ` +
      `/ViewerPreferences << /DisplayDocTitle true >> >>`;
    objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;

    const latin1 = (text: string) => Buffer.from(text, "latin1");
    // The second line's high bytes tell transfer programs the file is binary.
    const parts: Uint8Array[] = [latin1("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")];
    let offset = parts[0].length;
    const offsets: number[] = [];
    objects.forEach((obj, i) => {
      if (obj === null) throw new Error(`PDF object ${i + 1} was never written`);
      offsets.push(offset);
      const chunk =
        typeof obj === "string"
          ? [latin1(`${i + 1} 0 obj\n${obj}\nendobj\n`)]
          : [latin1(`${i + 1} 0 obj\n${obj.dict}\nstream\n`), obj.bytes, latin1("\nendstream\nendobj\n")];
      for (const c of chunk) {
        parts.push(c);
        offset += c.length;
      }
    });
    const xref = [
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
      ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`),
    ].join("");
    parts.push(
      latin1(
        `${xref}trailer\n<< /Size ${
          objects.length + 1
        } /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`
      )
    );
    return Buffer.concat(parts);
  }
}
