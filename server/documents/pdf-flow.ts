/**
 * Text flowing down A4 pages, for the order documents and the legal PDFs: paragraphs, table rows and rules, with a
 * new page whenever the next piece would cross the bottom margin, and a foot on every page. Every text goes through
 * `drawable`, because these documents carry data (names, addresses) that may hold letters the fonts cannot draw,
 * and an invoice must still be issued.
 */

import { A4, type Color, type Pdf, type PdfMeta, type Weight, createPdf, drawable, pdfBytes } from "./pdf-file";
import { type Measure, drawLine, lineWidth, linesOf, measureIn, runsOf } from "./pdf-lines";

const BLACK: Color = "#000000";
export const GREY: Color = "#595959";
export const ACCENT: Color = "#0b6e6e";
const RULE_GREY: Color = "#cccccc";

export interface TextStyle {
  readonly size: number;
  /** Baseline to baseline. */
  readonly leading: number;
  readonly weight?: Weight;
  readonly color?: Color;
}

export interface Cell {
  /** May hold **bold** markup and "\n" line breaks. */
  readonly text: string;
  readonly width: number;
  readonly align?: "left" | "right";
  readonly weight?: Weight;
  readonly color?: Color;
}

/** Who made the order documents, as the PDF's /Producer says. */
export const PRODUCER = "dzb-shop server/documents";

export const TITLE: TextStyle = { size: 16, leading: 20, weight: "bold", color: ACCENT };
export const HEADING: TextStyle = { size: 11, leading: 15, weight: "bold", color: ACCENT };
export const BODY: TextStyle = { size: 9.5, leading: 13 };
export const SMALL: TextStyle = { size: 8.5, leading: 11 };

/** Where the text may go on an A4 page, in points: left and right margin, room above and below. */
export interface Frame {
  readonly marginX: number;
  readonly top: number;
  readonly bottom: number;
}

const ORDER_DOCUMENT_FRAME: Frame = { marginX: 50, top: 56, bottom: 64 };

/** Room between table cells, so right-aligned numbers do not touch the next column's text. */
const CELL_PAD = 6;

export class Flow {
  readonly left: number;
  readonly width: number;
  readonly #doc: Pdf;
  readonly #frame: Frame;
  readonly #measure: Measure;
  /** The last baseline drawn on the page, from its top; the top margin on a new page. */
  #y = 0;

  constructor(meta: PdfMeta, frame: Frame = ORDER_DOCUMENT_FRAME) {
    this.#doc = createPdf({ ...meta, title: drawable(meta.title) });
    this.#frame = frame;
    this.#measure = measureIn(this.#doc);
    this.left = frame.marginX;
    this.width = A4.width - 2 * frame.marginX;
    this.#newPage();
  }

  #newPage(): void {
    this.#doc.addPage({ size: [A4.width, A4.height], margin: 0 });
    this.#y = this.#frame.top;
  }

  get #atTop(): boolean {
    return this.#y === this.#frame.top;
  }

  /** Vertical space; none at the top of a page, where it would only push the text down. */
  gap(height: number): void {
    if (!this.#atTop) this.#y += height;
  }

  /** Starts a new page unless `height` more points fit on this one (a page never starts empty-handed). */
  keep(height: number): void {
    if (this.#y + height > A4.height - this.#frame.bottom && !this.#atTop) this.#newPage();
  }

  /** A wrapped paragraph, `indent` points in from the left margin, with an optional label (a bullet) before it. */
  paragraph(text: string, style: TextStyle, options: { indent?: number; label?: string } = {}): void {
    const indent = options.indent ?? 0;
    const size = style.size;
    const lines = linesOf(text, style.weight ?? "regular", size, this.width - indent, this.#measure);
    const color = style.color ?? BLACK;
    // Two lines at least stay together, so a paragraph never leaves one line behind at the bottom of a page.
    this.keep(Math.min(lines.length, 2) * style.leading);
    lines.forEach((line, i) => {
      this.keep(style.leading);
      this.#y += style.leading;
      if (options.label !== undefined && i === 0) {
        const label = runsOf(options.label, "regular");
        const x = this.left + indent - 6 - lineWidth(label, size, this.#measure);
        drawLine(this.#doc, x, this.#y, label, size, color);
      }
      drawLine(this.#doc, this.left + indent, this.#y, line, size, color);
    });
  }

  /** A table row: cells side by side from the left margin, each wrapped to its width; the row never splits. */
  row(cells: readonly Cell[], style: TextStyle): void {
    const wrapped = cells.map((cell) =>
      linesOf(cell.text, cell.weight ?? style.weight ?? "regular", style.size, cell.width - CELL_PAD, this.#measure)
    );
    const height = Math.max(...wrapped.map((lines) => lines.length)) * style.leading;
    this.keep(height);
    let x = this.left;
    cells.forEach((cell, i) => {
      wrapped[i].forEach((line, li) => {
        const y = this.#y + (li + 1) * style.leading;
        const dx = cell.align === "right" ? cell.width - lineWidth(line, style.size, this.#measure) : 0;
        if (line.length) drawLine(this.#doc, x + dx, y, line, style.size, cell.color ?? style.color ?? BLACK);
      });
      x += cell.width;
    });
    this.#y += height;
  }

  /**
   * A square image (a PNG as bytes or a data URL) `size` points wide at the right margin, beside what `beside` draws
   * in the width left of it (with a gap); the flow goes on under the taller of the two.
   */
  imageBeside(image: Buffer | string, size: number, beside: (width: number) => void): void {
    this.keep(size);
    const top = this.#y;
    this.#doc.image(image, this.left + this.width - size, top, { width: size, height: size });
    beside(this.width - size - 3 * CELL_PAD);
    this.#y = Math.max(this.#y, top + size);
  }

  /** A thin line across the text width, `below` points under the last baseline. */
  rule(color: Color = RULE_GREY, width = 0.5, below = 4): void {
    this.#y += below;
    this.#doc
      .moveTo(this.left, this.#y)
      .lineTo(this.left + this.width, this.#y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }

  /** Writes the foot of every page (`footer` on the left, the page label on the right) and gives the file. */
  finish(footer: string, pageLabel: (page: number, pages: number) => string): Promise<Uint8Array> {
    const doc = this.#doc;
    const { start, count } = doc.bufferedPageRange();
    const size = 8;
    const y = A4.height - 40;
    for (let i = 0; i < count; i++) {
      doc.switchToPage(start + i);
      doc
        .moveTo(this.left, y - 12)
        .lineTo(this.left + this.width, y - 12)
        .lineWidth(0.5)
        .strokeColor(RULE_GREY)
        .stroke();
      const right = runsOf(drawable(pageLabel(i + 1, count)), "regular");
      drawLine(doc, this.left, y, runsOf(drawable(footer), "regular"), size, GREY);
      drawLine(doc, this.left + this.width - lineWidth(right, size, this.#measure), y, right, size, GREY);
    }
    return pdfBytes(doc);
  }
}
