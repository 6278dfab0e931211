/**
 * The structure tree that makes the shop's PDFs tagged (WCAG 2.2 1.3.1 and 1.3.2, EN 301 549 clause 10): what each
 * piece of a page is to a reader (heading, paragraph, list, table, figure) in the order it is to be read, and every
 * decoration (rules, artwork, the page foot) an artifact that screen readers skip. pdfkit writes the tree; this keeps
 * its bookkeeping in one place: which element is open, and the marked-content sequence that ties what is drawn to it.
 */

import type { Pdf } from "./pdf-file";

/** The standard structure types (PDF 1.7, 14.8.4) the documents use. */
export type Tag =
  | "H1"
  | "H2"
  | "P"
  | "L"
  | "LI"
  | "Lbl"
  | "LBody"
  | "Table"
  | "TR"
  | "TH"
  | "TD"
  | "Figure";

export interface TagOptions {
  /** A figure's text alternative, read in its place. */
  readonly alt?: string;
  /** A header cell's scope: the column under it or the row beside it. */
  readonly scope?: "Column" | "Row";
  /** Where a figure is on the page: left, top, right, bottom, from the page's top left. */
  readonly bbox?: readonly [number, number, number, number];
}

/** pdfkit 0.20 takes scope and bbox; its types, written for 0.17, do not know them. */
const asElementOptions = (options: TagOptions) => options as PDFKit.Mixins.StructureElementOptions;

/** What artifacts are (PDF 1.7, 14.8.2.2): a page's running foot, or a decoration of its layout. */
export type ArtifactKind = { type: "Pagination"; attached: ["Bottom"] } | { type: "Layout" };

interface Open {
  readonly tag: Tag | "Document";
  readonly element: PDFKit.PDFStructureElement;
}

/**
 * The tree of one document, its Document element at the root. Elements are added in reading order; `content` draws
 * into the innermost open one. A document draws all its pieces through this, so none is left untagged.
 */
export class Tags {
  readonly #doc: Pdf;
  /** The open elements, the root first. */
  readonly #open: Open[];
  /** The page of the marked-content sequence `content` left open for the innermost element, if any. */
  #marking: PDFKit.PDFPage | null = null;

  constructor(doc: Pdf) {
    this.#doc = doc;
    const root = doc.struct("Document");
    doc.addStructure(root);
    this.#open = [{ tag: "Document", element: root }];
  }

  get #innermost(): Open {
    return this.#open[this.#open.length - 1];
  }

  /** Opens an element inside the innermost open one: what is drawn or opened next goes into it, until `close`. */
  open(tag: Tag, options: TagOptions = {}): void {
    this.#endMarking();
    const element = this.#doc.struct(tag, asElementOptions(options));
    this.#innermost.element.add(element);
    this.#open.push({ tag, element });
  }

  close(): void {
    if (this.#open.length === 1) throw new Error("No element is open: the root stays open until the file is written");
    this.#endMarking();
    this.#open.pop()!.element.end();
  }

  /**
   * Draws into the innermost open element. Drawing it in several calls (a paragraph line by line) makes one
   * marked-content sequence of them per page: a sequence cannot span pages, so one left open on a page the drawing
   * has since left is closed there, and the element goes on in a new one.
   */
  content<T>(draw: () => T): T {
    if (this.#marking !== this.#doc.page) {
      this.#endMarking();
      const { tag, element } = this.#innermost;
      element.add(this.#doc.markStructureContent(tag));
      this.#marking = this.#doc.page;
    }
    return draw();
  }

  /** An element of its own holding what `draw` draws. */
  element<T>(tag: Tag, draw: () => T, options: TagOptions = {}): T {
    this.open(tag, options);
    const drawn = this.content(draw);
    this.close();
    return drawn;
  }

  /** Drawing that is no content: outside the tree, skipped by screen readers. */
  artifact(kind: ArtifactKind, draw: () => void): void {
    this.#endMarking();
    this.#doc.markContent("Artifact", kind);
    draw();
    this.#doc.endMarkedContent();
  }

  /** Closes every element still open (a list the document ended with), before the file is written. */
  end(): void {
    while (this.#open.length > 1) this.close();
    this.#endMarking();
  }

  #endMarking(): void {
    // On the page it was opened on, which need not be the current one.
    if (this.#marking) this.#doc.endPageMarkings(this.#marking);
    this.#marking = null;
  }
}
