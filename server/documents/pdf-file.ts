/**
 * The PDF files the shop makes (order documents, vouchers, the legal PDFs), written by pdfkit: Noto Sans regular and
 * bold embedded as subsets (from @expo-google-fonts/noto-sans), so every Czech, Polish and other Latin letter, and
 * Greek and Cyrillic, prints the same in every viewer; pages of any size; images. The output is deterministic: the
 * caller gives the date pdfkit would otherwise take from the clock, and pdfkit derives the file's id from it, so
 * the same input gives the same bytes, which keeps the committed legal PDFs checkable (decision 026). Every file is
 * tagged: it declares its language and shows its title, and what its pages draw joins a structure tree through
 * pdf-tags.ts, so screen readers read it in order and skip its decorations.
 */

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";

export type Weight = "regular" | "bold";

/** A colour as pdfkit takes it: "#rrggbb". */
export type Color = `#${string}`;

/** Page sizes in points (1/72 inch). */
export const A4 = { width: 595.28, height: 841.89 } as const;

export type Pdf = PDFKit.PDFDocument;

// Resolved from this module, as Node resolves packages: the same from the sources and from the server's bundle.
const require = createRequire(import.meta.url);
const fontFiles: Record<Weight, string> = {
  regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
};

interface Fonts {
  readonly font: Record<Weight, fontkit.Font>;
  /** Code points both weights can draw. */
  readonly drawable: ReadonlySet<number>;
}

let fonts: Fonts | undefined;

/**
 * The fonts, read and parsed once: every document embeds the subset it uses of the same parsed fonts (parsing the
 * files again for each document took most of its time).
 */
function loadFonts(): Fonts {
  if (!fonts) {
    const font = { regular: openFont(fontFiles.regular), bold: openFont(fontFiles.bold) };
    const bold = new Set(font.bold.characterSet);
    fonts = { font, drawable: new Set(font.regular.characterSet.filter((codePoint) => bold.has(codePoint))) };
  }
  return fonts;
}

function openFont(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(require.resolve(file)));
  if (!("characterSet" in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

const canDraw = (ch: string): boolean => loadFonts().drawable.has(ch.codePointAt(0) ?? -1);

/** The characters of a text the fonts cannot draw, each once: for texts we write ourselves, which must be fixed. */
export function missingCharacters(text: string): string[] {
  return [...new Set([...text].filter((ch) => !/[\n\r]/.test(ch) && !canDraw(ch)))];
}

/**
 * A text the fonts can draw, for data we do not control (a customer's or a hotel's name): white space other than
 * a no-break space becomes a space, and a character the fonts lack becomes its letter without the accent where
 * they have that, else "?". A document is always produced, never refused over a name.
 */
export function drawable(text: string): string {
  let out = "";
  for (const ch of text) {
    if (ch === " " || ch === "\u00a0") out += ch;
    else if (/[\u2007\u202f]/.test(ch)) out += "\u00a0";
    else if (/\s/.test(ch)) out += " ";
    else if (canDraw(ch)) out += ch;
    else {
      const base = ch.normalize("NFD")[0];
      out += base !== ch && canDraw(base) ? base : "?";
    }
  }
  return out;
}

export interface PdfMeta {
  /** Shown by viewers in the title bar. */
  readonly title: string;
  /** BCP 47 language of the text, e.g. "cs-CZ": screen readers pick their voice by it. */
  readonly language: string;
  /** The program that made the file. */
  readonly producer: string;
  /** The day the document is dated (YYYY-MM-DD), stated as its creation date: never the clock's. */
  readonly createdOn: string;
}

/** pdfkit 0.20 takes a font fontkit has parsed; its types, written for 0.17, know only files. */
const asFontSource = (font: fontkit.Font) => font as unknown as PDFKit.Mixins.PDFFontSource;

/**
 * An empty tagged document: add pages with `addPage({ size, margin: 0 })`, draw through a `Tags` of it (pdf-tags.ts),
 * then `pdfBytes`.
 */
export function createPdf(meta: PdfMeta): Pdf {
  const { font } = loadFonts();
  // pdfkit would date the file by the clock, and derives the file's id from its info, date included: the
  // document's own day keeps both reproducible.
  const creationDate = new Date(`${meta.createdOn}T00:00:00Z`);
  if (Number.isNaN(creationDate.getTime())) throw new RangeError(`"${meta.createdOn}" is not a calendar date`);
  const doc = new PDFDocument({
    // No default font: pdfkit would load Helvetica for each document, never to draw with it.
    font: null as unknown as string,
    autoFirstPage: false,
    bufferPages: true,
    // A structure tree and /MarkInfo: pages join the tree through Tags, which pdfkit leaves to its caller.
    tagged: true,
    lang: meta.language,
    displayTitle: true,
    pdfVersion: "1.7",
    info: { Title: meta.title, Producer: meta.producer, Creator: meta.producer, CreationDate: creationDate },
  });
  doc.registerFont("regular", asFontSource(font.regular));
  doc.registerFont("bold", asFontSource(font.bold));
  return doc;
}

/** Ends the document and gives its bytes. */
export function pdfBytes(doc: Pdf): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
    forgetGlyphs();
  });
}

/**
 * fontkit keeps every glyph it has met with the characters it first met it as, and a document's end (writing its
 * font subset) meets some only as parts of others, with none: the C of Č. The next document drawing a C would take
 * that glyph and tell its text layer the C stands for nothing, so text copied or searched in it came out wrong
 * ("$rlop" for "Urlop"). The fonts stay parsed (parsing took most of a document's time); their glyphs are
 * forgotten once a document has written its subsets, which pdfkit does at once, within `end()`.
 */
function forgetGlyphs(): void {
  for (const font of Object.values(loadFonts().font)) (font as unknown as { _glyphs: object })._glyphs = {};
}
