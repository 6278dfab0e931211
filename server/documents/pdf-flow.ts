/**
 * Text flowing down A4 pages, for the order documents and the legal PDFs: paragraphs, table rows and rules, with a
 * new page whenever the next piece would cross the bottom margin, and a foot on every page. Every text goes through
 * `drawable`, because these documents carry data (names, addresses) that may hold letters the fonts cannot draw,
 * and an invoice must still be issued. Each piece joins the document's structure tree (pdf-tags.ts) as what it is:
 * a paragraph or a heading of its style's level, labelled paragraphs in a row a list, rows in `table` a table, the
 * rules and the page foot artifacts. The documents say only what the flow cannot tell: a heading's level, a table's
 * extent, its header cells.
 */

import { A4, type Color, type Pdf, type PdfMeta, type Weight, createPdf, drawable, pdfBytes } from "./pdf-file";
import { type Measure, drawLine, lineWidth, linesOf, measureIn, runsOf } from "./pdf-lines";
import { type Tag, Tags } from "./pdf-tags";

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
  /** A paragraph in this style is a heading of this level to a reader (H1, H2); a plain paragraph (P) without. */
  readonly heading?: 1 | 2;
}

export interface Cell {
  /** May hold **bold** markup and "\n" line breaks. */
  readonly text: string;
  readonly width: number;
  readonly align?: "left" | "right";
  readonly weight?: Weight;
  readonly color?: Color;
  /** In a `table`, a header cell (TH) of the column under it or of the row beside it; a data cell (TD) without. */
  readonly header?: "column" | "row";
}

/** Who made the order documents, as the PDF's /Producer says. */
export const PRODUCER = "dzb-shop server/documents";

export const TITLE: TextStyle = { size: 16, leading: 20, weight: "bold", color: ACCENT, heading: 1 };
export const HEADING: TextStyle = { size: 11, leading: 15, weight: "bold", color: ACCENT, heading: 2 };
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
  readonly #tags: Tags;
  /** The last baseline drawn on the page, from its top; the top margin on a new page. */
  #y = 0;
  /** Whether the list that labelled paragraphs make is open: the next piece that is no item closes it. */
  #inList = false;
  /** Whether rows are a table's (TR) rather than paragraphs: within `table`. */
  #inTable = false;

  constructor(meta: PdfMeta, frame: Frame = ORDER_DOCUMENT_FRAME) {
    this.#doc = createPdf({ ...meta, title: drawable(meta.title) });
    this.#tags = new Tags(this.#doc);
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

  /**
   * A wrapped paragraph, `indent` points in from the left margin, with an optional label (a bullet, a number) before
   * it. A labelled one is an item (LI, its label Lbl and its text LBody) of the list that labelled paragraphs in a
   * row make.
   */
  paragraph(text: string, style: TextStyle, options: { indent?: number; label?: string } = {}): void {
    const indent = options.indent ?? 0;
    const size = style.size;
    const lines = linesOf(text, style.weight ?? "regular", size, this.width - indent, this.#measure);
    const color = style.color ?? BLACK;
    const tags = this.#tags;
    const { label } = options;
    const item = label !== undefined;
    this.#list(item);
    if (item) tags.open("LI");
    // Two lines at least stay together, so a paragraph never leaves one line behind at the bottom of a page.
    this.keep(Math.min(lines.length, 2) * style.leading);
    lines.forEach((line, i) => {
      this.keep(style.leading);
      this.#y += style.leading;
      if (label !== undefined && i === 0) {
        const runs = runsOf(label, "regular");
        const x = this.left + indent - 6 - lineWidth(runs, size, this.#measure);
        tags.element("Lbl", () => drawLine(this.#doc, x, this.#y, runs, size, color));
      }
      if (i === 0) tags.open(item ? "LBody" : paragraphTag(style));
      tags.content(() => drawLine(this.#doc, this.left + indent, this.#y, line, size, color));
    });
    tags.close();
    if (item) tags.close();
  }

  /** Opens the list when an item comes, closes it when anything else does. */
  #list(item: boolean): void {
    if (item === this.#inList) return;
    if (item) this.#tags.open("L");
    else this.#tags.close();
    this.#inList = item;
  }

  /**
   * The rows `rows` draws as one table (Table, a TR a row, TH or TD a cell) to a reader, who can then tell each
   * value by its column's or row's header. Tables do not nest.
   */
  table(rows: () => void): void {
    this.#list(false);
    this.#tags.open("Table");
    this.#inTable = true;
    rows();
    this.#inTable = false;
    this.#tags.close();
  }

  /**
   * A row: cells side by side from the left margin, each wrapped to its width; the row never splits. In a `table`
   * it is a table row; outside one a paragraph, its cells read one after another (a label and its amount).
   */
  row(cells: readonly Cell[], style: TextStyle): void {
    this.#list(false);
    const wrapped = cells.map((cell) =>
      linesOf(cell.text, cell.weight ?? style.weight ?? "regular", style.size, cell.width - CELL_PAD, this.#measure)
    );
    const height = Math.max(...wrapped.map((lines) => lines.length)) * style.leading;
    this.keep(height);
    const tags = this.#tags;
    tags.open(this.#inTable ? "TR" : "P");
    let x = this.left;
    cells.forEach((cell, i) => {
      // An empty cell is a cell still, so every row of a table has all its columns.
      if (this.#inTable) tags.open(cell.header ? "TH" : "TD", cell.header ? { scope: scopes[cell.header] } : {});
      wrapped[i].forEach((line, li) => {
        const y = this.#y + (li + 1) * style.leading;
        const dx = cell.align === "right" ? cell.width - lineWidth(line, style.size, this.#measure) : 0;
        const color = cell.color ?? style.color ?? BLACK;
        if (line.length) tags.content(() => drawLine(this.#doc, x + dx, y, line, style.size, color));
      });
      if (this.#inTable) tags.close();
      x += cell.width;
    });
    tags.close();
    this.#y += height;
  }

  /**
   * A square image (a PNG as bytes or a data URL) `size` points wide at the right margin, beside what `beside` draws
   * in the width left of it (with a gap), which must fit in the image's height; the flow goes on under the taller of
   * the two. The image is a figure with `alt` as its text, read after what stands left of it, as the eye reads.
   */
  imageBeside(image: Buffer | string, size: number, alt: string, beside: (width: number) => void): void {
    this.#list(false);
    this.keep(size);
    const top = this.#y;
    beside(this.width - size - 3 * CELL_PAD);
    // Drawn after what is beside it, so the page's own order is the reading order too (text copied, reflow).
    const x = this.left + this.width - size;
    this.#tags.element("Figure", () => this.#doc.image(image, x, top, { width: size, height: size }), {
      // Never drawn, so as written, letters the fonts lack too.
      alt,
      bbox: [x, top, x + size, top + size],
    });
    this.#y = Math.max(this.#y, top + size);
  }

  /** A thin line across the text width, `below` points under the last baseline: a decoration, no content. */
  rule(color: Color = RULE_GREY, width = 0.5, below = 4): void {
    this.#y += below;
    this.#tags.artifact({ type: "Layout" }, () =>
      this.#doc
        .moveTo(this.left, this.#y)
        .lineTo(this.left + this.width, this.#y)
        .lineWidth(width)
        .strokeColor(color)
        .stroke()
    );
  }

  /**
   * Writes the foot of every page (`footer` on the left, the page label on the right) and gives the file. The foot
   * repeats on each page, so it is a pagination artifact: a screen reader would read it between every two pages.
   */
  finish(footer: string, pageLabel: (page: number, pages: number) => string): Promise<Uint8Array> {
    const doc = this.#doc;
    this.#tags.end();
    const { start, count } = doc.bufferedPageRange();
    const size = 8;
    const y = A4.height - 40;
    for (let i = 0; i < count; i++) {
      doc.switchToPage(start + i);
      this.#tags.artifact({ type: "Pagination", attached: ["Bottom"] }, () => {
        doc
          .moveTo(this.left, y - 12)
          .lineTo(this.left + this.width, y - 12)
          .lineWidth(0.5)
          .strokeColor(RULE_GREY)
          .stroke();
        const right = runsOf(drawable(pageLabel(i + 1, count)), "regular");
        drawLine(doc, this.left, y, runsOf(drawable(footer), "regular"), size, GREY);
        drawLine(doc, this.left + this.width - lineWidth(right, size, this.#measure), y, right, size, GREY);
      });
    }
    return pdfBytes(doc);
  }
}

const scopes = { column: "Column", row: "Row" } as const;

function paragraphTag(style: TextStyle): Tag {
  return style.heading ? `H${style.heading}` : "P";
}
