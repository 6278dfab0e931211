/**
 * Text flowing down A4 pages for the order documents: paragraphs, table rows and rules, with a new page whenever
 * the next piece would cross the bottom margin. Every text goes through `toEncodable`, because these documents
 * carry data (names, addresses) that may hold letters the fonts cannot draw, and an invoice must still be issued.
 */

import {
  A4,
  PdfDocument,
  type PdfMeta,
  type PdfPage,
  type Rgb,
  type Run,
  type Weight,
  lineWidth,
  runsOf,
  toEncodable,
  wrap,
} from "./pdf-writer";

const BLACK: Rgb = [0, 0, 0];
export const GREY: Rgb = [0.35, 0.35, 0.35];
const ACCENT: Rgb = [0.043, 0.431, 0.431];
const RULE_GREY: Rgb = [0.8, 0.8, 0.8];

export interface TextStyle {
  readonly size: number;
  /** Baseline to baseline. */
  readonly leading: number;
  readonly weight?: Weight;
  readonly color?: Rgb;
}

export interface Cell {
  /** May hold **bold** markup and "\n" line breaks. */
  readonly text: string;
  readonly width: number;
  readonly align?: "left" | "right";
  readonly weight?: Weight;
  readonly color?: Rgb;
}

/** Who made the file, as the PDF's /Producer says. */
export const PRODUCER = "dzb-shop server/documents";

export const TITLE: TextStyle = { size: 16, leading: 20, weight: "bold", color: ACCENT };
export const HEADING: TextStyle = { size: 11, leading: 15, weight: "bold", color: ACCENT };
export const BODY: TextStyle = { size: 9.5, leading: 13 };
export const SMALL: TextStyle = { size: 8.5, leading: 11 };

const MARGIN_X = 50;
const TOP = A4.height - 56;
const BOTTOM = 64;
/** Room between table cells, so right-aligned numbers do not touch the next column's text. */
const CELL_PAD = 6;

/** Lines of a text with "\n" breaks, each wrapped to the width; over-long words are cut, never refused. */
function linesOf(text: string, weight: Weight, size: number, width: number): Run[][] {
  return text.split(/\r\n?|\n/).flatMap((part) => {
    const lines = wrap(runsOf(toEncodable(part), weight), size, width, "cut");
    return lines.length ? lines : [[]];
  });
}

export class Flow {
  readonly left = MARGIN_X;
  readonly width = A4.width - 2 * MARGIN_X;
  readonly #doc: PdfDocument;
  #page: PdfPage;
  #y = TOP;

  constructor() {
    this.#doc = new PdfDocument();
    this.#page = this.#doc.addPage();
  }

  /** Vertical space; none at the top of a page, where it would only push the text down. */
  gap(height: number): void {
    if (this.#y !== TOP) this.#y -= height;
  }

  /** Starts a new page unless `height` more points fit on this one (a page never starts empty-handed). */
  keep(height: number): void {
    if (this.#y - height < BOTTOM && this.#y !== TOP) {
      this.#page = this.#doc.addPage();
      this.#y = TOP;
    }
  }

  /** A wrapped paragraph, `indent` points in from the left margin, with an optional label (a bullet) before it. */
  paragraph(text: string, style: TextStyle, options: { indent?: number; label?: string } = {}): void {
    const indent = options.indent ?? 0;
    const lines = linesOf(text, style.weight ?? "regular", style.size, this.width - indent);
    // Two lines at least stay together, so a paragraph never leaves one line behind at the bottom of a page.
    this.keep(Math.min(lines.length, 2) * style.leading);
    lines.forEach((line, i) => {
      this.keep(style.leading);
      this.#y -= style.leading;
      this.#page.fill(style.color ?? BLACK);
      if (options.label !== undefined && i === 0) {
        const label = runsOf(options.label, "regular");
        this.#page.text(this.left + indent - 6 - lineWidth(label, style.size), this.#y, label, style.size);
      }
      this.#page.text(this.left + indent, this.#y, line, style.size);
    });
  }

  /** A table row: cells side by side from the left margin, each wrapped to its width; the row never splits. */
  row(cells: readonly Cell[], style: TextStyle): void {
    const wrapped = cells.map((cell) =>
      linesOf(cell.text, cell.weight ?? style.weight ?? "regular", style.size, cell.width - CELL_PAD)
    );
    const height = Math.max(...wrapped.map((lines) => lines.length)) * style.leading;
    this.keep(height);
    let x = this.left;
    cells.forEach((cell, i) => {
      this.#page.fill(cell.color ?? style.color ?? BLACK);
      wrapped[i].forEach((line, li) => {
        const y = this.#y - (li + 1) * style.leading;
        const dx = cell.align === "right" ? cell.width - lineWidth(line, style.size) : 0;
        if (line.length) this.#page.text(x + dx, y, line, style.size);
      });
      x += cell.width;
    });
    this.#y -= height;
  }

  /** A thin line across the text width, `below` points under the last baseline. */
  rule(color: Rgb = RULE_GREY, width = 0.5, below = 4): void {
    this.#y -= below;
    this.#page.line(this.left, this.#y, this.left + this.width, this.#y, color, width);
  }

  /** Writes the foot of every page (`left`, and the page label on the right) and returns the file. */
  finish(
    meta: PdfMeta & { readonly footer: string; readonly pageLabel: (page: number, pages: number) => string }
  ): Uint8Array {
    const pages = this.#doc.pages;
    const size = 8;
    const y = 40;
    pages.forEach((page, i) => {
      const right = runsOf(toEncodable(meta.pageLabel(i + 1, pages.length)), "regular");
      page.line(this.left, y + 12, this.left + this.width, y + 12, RULE_GREY, 0.5);
      page.fill(GREY);
      page.text(this.left, y, toEncodable(meta.footer), size);
      page.text(this.left + this.width - lineWidth(right, size), y, right, size);
    });
    return this.#doc.toBytes({ title: toEncodable(meta.title), language: meta.language, producer: meta.producer });
  }
}
