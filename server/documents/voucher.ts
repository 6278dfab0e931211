/**
 * A value voucher as a PDF to print, in cs, pl or en: the design's artwork, the value, the code, the validity, a QR
 * code that opens the voucher's check page, and how to use it. Two layouts:
 * - "a4": one A4 page, the artwork across its top;
 * - "card": an A4 sheet printed landscape and folded once into an A5 card. The right half is the front (artwork,
 *   title, value), the left half the back (code, validity, QR code, how to use it); the inside stays blank for a
 *   message. Both halves keep 30 pt from every edge, so home printers' margins cut nothing.
 * Money and dates are written as on the invoice (format.ts); every text is the documents' catalogue's (texts/).
 * To a reader (pdf-tags.ts) it reads in the order it is drawn: the title a heading, the QR code a figure named by its
 * address, how to use it a list; the artwork (no words, decoration only), the code's tint and the fold marks are
 * artifacts.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import QRCode from "qrcode";
import { dayNumber } from "../../shared/calendar-date";
import { type VoucherDesign, isVoucherDesign, voucherDesignImage } from "../../shared/voucher-designs";
import type { CurrencyCode } from "../domain/products";
import { formatDate, formatMoney } from "./format";
import { A4, type Color, type Pdf, createPdf, pdfBytes } from "./pdf-file";
import { GREY, PRODUCER } from "./pdf-flow";
import { type BlockStyle, drawBlock } from "./pdf-lines";
import { type Tag, Tags } from "./pdf-tags";
import { type DocumentLanguage, type DocumentTranslate, documentTranslator, languageTag } from "./texts";

export const voucherLayouts = ["a4", "card"] as const;
export type VoucherLayout = (typeof voucherLayouts)[number];

export interface VoucherDocument {
  /** The shop's name in the variant, e.g. "Dovolená za benefity": who the voucher is spent with. */
  readonly brand: string;
  /** The 8-digit code. */
  readonly code: string;
  /** What the voucher is worth, minor units. */
  readonly value: number;
  readonly currency: CurrencyCode;
  /** YYYY-MM-DD: the first and the last day it can be spent. */
  readonly validFrom: string;
  readonly validTo: string;
  readonly design: VoucherDesign;
  /** The absolute address of the check page for this code, which the QR code opens. */
  readonly checkUrl: string;
}

/** Each design's colour for the title, the value and the headings: one that goes with its artwork. */
const accentOf: Record<VoucherDesign, Color> = {
  classic: "#0b6e6e",
  mountains: "#2f6657",
  celebration: "#b8483f",
};

const INK: Color = "#1f2933";
const CODE_TINT: Color = "#f1f4f4";

const artworks = new Map<VoucherDesign, Buffer>();

/** The design's PNG where the web server serves it (public/ of the working directory, as server/web/static-files.ts does). */
function artworkOf(design: VoucherDesign): Buffer {
  let image = artworks.get(design);
  if (!image) {
    image = readFileSync(path.join(path.resolve("public"), voucherDesignImage(design)));
    artworks.set(design, image);
  }
  return image;
}

function checkVoucher(voucher: VoucherDocument): void {
  if (!/^\d{8}$/.test(voucher.code)) throw new RangeError(`voucher code "${voucher.code}" is not 8 digits`);
  if (!Number.isSafeInteger(voucher.value) || voucher.value <= 0) {
    throw new RangeError(`voucher value ${voucher.value} is not a positive amount of minor units`);
  }
  const [from, to] = [dayNumber(voucher.validFrom), dayNumber(voucher.validTo)];
  if (from === undefined || to === undefined || to < from) {
    throw new RangeError(`validity ${voucher.validFrom} – ${voucher.validTo} is not a range of calendar dates`);
  }
  if (!isVoucherDesign(voucher.design)) throw new RangeError(`no voucher design "${voucher.design}"`);
  if (!URL.canParse(voucher.checkUrl) || !/^https?:$/.test(new URL(voucher.checkUrl).protocol)) {
    throw new RangeError(`check page "${voucher.checkUrl}" is not an absolute web address`);
  }
}

/** What both layouts print, in the voucher's language. */
interface Face {
  readonly t: DocumentTranslate;
  readonly voucher: VoucherDocument;
  readonly accent: Color;
  readonly title: string;
  readonly value: string;
  readonly validFrom: string;
  readonly validTo: string;
}

/** The page being drawn, and the structure tree every text and drawing of it joins. */
interface Sheet {
  readonly doc: Pdf;
  readonly tags: Tags;
}

/** The voucher as a PDF in the given language and layout. */
export function voucherPdf(
  voucher: VoucherDocument,
  language: DocumentLanguage,
  layout: VoucherLayout
): Promise<Uint8Array> {
  checkVoucher(voucher);
  const t = documentTranslator(language);
  const face: Face = {
    t,
    voucher,
    accent: accentOf[voucher.design],
    title: t("voucher.title"),
    value: formatMoney(voucher.value, voucher.currency, language),
    validFrom: formatDate(voucher.validFrom, language),
    validTo: formatDate(voucher.validTo, language),
  };
  const doc = createPdf({
    title: `${face.title} ${voucher.code}`,
    language: languageTag[language],
    producer: PRODUCER,
    createdOn: voucher.validFrom,
  });
  const sheet: Sheet = { doc, tags: new Tags(doc) };
  if (layout === "a4") a4Page(sheet, face);
  else foldedCard(sheet, face);
  sheet.tags.end();
  return pdfBytes(doc);
}

const A4_MARGIN = 42;

function a4Page(sheet: Sheet, face: Face): void {
  const { t, voucher, accent } = face;
  sheet.doc.addPage({ size: [A4.width, A4.height], margin: 0 });
  const left = A4_MARGIN;
  const width = A4.width - 2 * A4_MARGIN;
  artwork(sheet, voucher.design, left, A4_MARGIN, width, 300);

  text(sheet, voucher.brand, left, 378, width, { size: 10.5, leading: 14, weight: "bold", color: accent });
  text(sheet, face.title, left, 410, width, { size: 26, leading: 30, weight: "bold", color: INK }, "H1");

  // Left: value, code, validity; right: the QR code; under both, where the QR code leads.
  const qrSize = 140;
  const qrLeft = left + width - qrSize;
  const column = qrLeft - left - 30;
  label(sheet, t("voucher.value"), left, 456, column);
  text(sheet, face.value, left, 488, column, { size: 30, leading: 34, weight: "bold", color: accent });
  label(sheet, t("voucher.code"), left, 522, column);
  code(sheet, voucher.code, left, 530, 200, 24);
  validity(sheet, face, left, 600, column);
  qr(sheet, face, qrLeft, 448, qrSize);
  const hint = t("voucher.check", { url: voucher.checkUrl });
  text(sheet, hint, left, 656, width, { size: 9, leading: 12.5, color: GREY });

  howToUse(sheet, face, left, 704, width, { size: 9.5, leading: 13.5 });
}

/** Half of the landscape sheet: one side of the folded card. */
const HALF = A4.height / 2;
const CARD_MARGIN = 30;

function foldedCard(sheet: Sheet, face: Face): void {
  const { t, voucher, accent } = face;
  sheet.doc.addPage({ size: [A4.height, A4.width], margin: 0 });
  const width = HALF - 2 * CARD_MARGIN;

  // The front: the right half.
  const front = HALF + CARD_MARGIN;
  artwork(sheet, voucher.design, front, CARD_MARGIN, width, 350);
  const centred = { align: "center", color: INK } as const;
  text(sheet, face.title, front, 428, width, { ...centred, size: 22, leading: 26, weight: "bold" }, "H1");
  text(sheet, face.value, front, 478, width, { ...centred, size: 30, leading: 34, weight: "bold", color: accent });
  text(sheet, voucher.brand, front, A4.width - CARD_MARGIN - 6, width, {
    ...centred,
    size: 10,
    leading: 13,
    weight: "bold",
    color: accent,
  });

  // The back: the left half. Its brand and title repeat the front's: paragraphs, so the card has one title.
  const back = CARD_MARGIN;
  text(sheet, voucher.brand, back, CARD_MARGIN + 10, width, { size: 9, leading: 12, weight: "bold", color: accent });
  text(sheet, face.title, back, CARD_MARGIN + 34, width, { size: 16, leading: 19, weight: "bold", color: INK });
  // Two columns, as `validity` has them below: the code, and the value.
  const half = width / 2;
  label(sheet, t("voucher.code"), back, 104, half);
  code(sheet, voucher.code, back, 112, half - 14, 22);
  label(sheet, t("voucher.value"), back + half, 104, half);
  text(sheet, face.value, back + half, 138, half, { size: 15, leading: 18, weight: "bold", color: accent });
  validity(sheet, face, back, 182, width);

  const qrSize = 110;
  qr(sheet, face, back, 226, qrSize);
  const hint = t("voucher.check", { url: voucher.checkUrl });
  text(sheet, hint, back + qrSize + 16, 240, width - qrSize - 16, { size: 8, leading: 11, color: GREY });

  howToUse(sheet, face, back, 376, width, { size: 8.5, leading: 12 });

  foldMarks(sheet, t);
}

/** A block of text (drawBlock) as what it is to a reader, a paragraph unless said otherwise; its last baseline. */
function text(
  sheet: Sheet,
  words: string,
  x: number,
  y: number,
  width: number,
  style: BlockStyle,
  tag: Tag = "P"
): number {
  return sheet.tags.element(tag, () => drawBlock(sheet.doc, words, x, y, width, style));
}

/**
 * The design's artwork filling a box with rounded corners: scaled to cover it, centred, the overflow cut off. It
 * has no words and says nothing the texts do not (decision 026): a decoration to a reader.
 */
function artwork(
  { doc, tags }: Sheet,
  design: VoucherDesign,
  x: number,
  y: number,
  width: number,
  height: number
): void {
  tags.artifact({ type: "Layout" }, () => {
    doc.save();
    doc.roundedRect(x, y, width, height, 12).clip();
    doc.image(artworkOf(design), x, y, { cover: [width, height], align: "center", valign: "center" });
    doc.restore();
  });
}

function label(sheet: Sheet, words: string, x: number, y: number, width: number): void {
  text(sheet, words, x, y, width, { size: 9, leading: 12, color: GREY });
}

/** The code large and bold on a tinted band, so it is the first thing a reader copies. */
function code(sheet: Sheet, words: string, x: number, y: number, width: number, size: number): void {
  const height = size * 1.75;
  sheet.tags.artifact({ type: "Layout" }, () =>
    sheet.doc.roundedRect(x, y, width, height, 6).fillColor(CODE_TINT).fill()
  );
  text(sheet, words, x, y + height / 2 + size * 0.36, width, {
    size,
    leading: size,
    weight: "bold",
    color: INK,
    align: "center",
  });
}

/** "Valid from" and "Valid until" side by side, each above its date. */
function validity(sheet: Sheet, { t, validFrom, validTo }: Face, x: number, y: number, width: number): void {
  const half = width / 2;
  const dated = { size: 12, leading: 15, weight: "bold", color: INK } as const;
  label(sheet, t("voucher.validFrom"), x, y, half);
  text(sheet, validFrom, x, y + 17, half, dated);
  label(sheet, t("voucher.validTo"), x + half, y, half);
  text(sheet, validTo, x + half, y + 17, half, dated);
}

/** The steps of spending the voucher, as a heading and a bulleted list. */
function howToUse(
  sheet: Sheet,
  { t, voucher, accent }: Face,
  x: number,
  y: number,
  width: number,
  body: { size: number; leading: number }
): void {
  const { doc, tags } = sheet;
  const heading = { size: body.size + 2, leading: body.leading, weight: "bold", color: accent } as const;
  text(sheet, t("voucher.howTo.title"), x, y, width, heading, "H2");
  let baseline = y + body.leading + 6;
  const steps = [
    t("voucher.howTo.book", { brand: voucher.brand }),
    t("voucher.howTo.pay"),
    t("voucher.howTo.rest"),
    t("voucher.howTo.gift"),
  ];
  tags.open("L");
  for (const step of steps) {
    tags.open("LI");
    tags.element("Lbl", () => drawBlock(doc, "•", x, baseline, 10, { ...body, color: accent }));
    const last = tags.element("LBody", () =>
      drawBlock(doc, step, x + 12, baseline, width - 12, { ...body, color: INK })
    );
    tags.close();
    baseline = last + body.leading + 3;
  }
  tags.close();
}

/**
 * The QR code as filled squares of the page's own drawing, sharp at any print size. The layouts leave the quiet
 * zone a reader needs (4 modules) blank around it. A figure whose text says where it leads.
 */
function qr({ doc, tags }: Sheet, { t, voucher }: Face, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(voucher.checkUrl, { errorCorrectionLevel: "M" });
  const cell = size / modules.size;
  const alt = t("voucher.qrAlt", { url: voucher.checkUrl });
  tags.element(
    "Figure",
    () => {
      // Each row's runs of dark modules as one rectangle, all filled as one shape: no hairline seams between them.
      for (let row = 0; row < modules.size; row++) {
        for (let col = 0; col < modules.size; ) {
          if (!modules.get(row, col)) {
            col++;
            continue;
          }
          const start = col;
          while (col < modules.size && modules.get(row, col)) col++;
          doc.rect(x + start * cell, y + row * cell, (col - start) * cell, cell);
        }
      }
      doc.fillColor("#000000").fill();
    },
    { alt, bbox: [x, y, x + size, y + size] }
  );
}

/**
 * Where to fold: short ticks at the top and bottom of the middle, outside the card's printed faces, and the words
 * saying so. An instruction to the printer, not the voucher's: an artifact.
 */
function foldMarks({ doc, tags }: Sheet, t: DocumentTranslate): void {
  tags.artifact({ type: "Layout" }, () => {
    doc.save();
    doc.lineWidth(0.5).strokeColor(GREY).dash(3, { space: 2 });
    doc.moveTo(HALF, 8).lineTo(HALF, 22).stroke();
    doc
      .moveTo(HALF, A4.width - 22)
      .lineTo(HALF, A4.width - 8)
      .stroke();
    doc.restore();
    drawBlock(doc, t("voucher.fold"), HALF + 5, 19, 150, { size: 6.5, leading: 8, color: GREY });
  });
}
