/**
 * Reads a PDF back as a reader's viewer does, for tests: pdf.js (Mozilla's PDF reader) opens the file, and gives
 * each page's text, in the order it was drawn, its images, and the page as pixels.
 */

import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/types/src/display/api";

export interface ReadPdf {
  /** Each page's text, "\n" where the text starts a new line. */
  readonly pages: readonly string[];
  /** Each page's size in points, [width, height]. */
  readonly sizes: readonly (readonly [number, number])[];
  /** How many images each page draws. */
  readonly images: readonly number[];
  /** The document information dictionary (Title, Producer, CreationDate, …) and the catalogue's language. */
  readonly info: Readonly<Record<string, unknown>>;
  readonly language: string | null;
}

async function open(pdf: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js takes the buffer over; a copy leaves the caller's bytes alone.
  return getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
}

async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  return content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
}

async function imageCount(page: PDFPageProxy): Promise<number> {
  const { fnArray } = await page.getOperatorList();
  return fnArray.filter((op) => op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject).length;
}

/** Opens the file as a viewer does; throws when it is no PDF. */
export async function readPdf(pdf: Uint8Array): Promise<ReadPdf> {
  const document = await open(pdf);
  try {
    const pages = await Promise.all(Array.from({ length: document.numPages }, (_, i) => document.getPage(i + 1)));
    const metadata = await document.getMetadata();
    return {
      pages: await Promise.all(pages.map(pageText)),
      sizes: pages.map((page) => [page.view[2] - page.view[0], page.view[3] - page.view[1]] as const),
      images: await Promise.all(pages.map(imageCount)),
      info: metadata.info as Record<string, unknown>,
      language: (metadata.info as { Language?: string }).Language ?? null,
    };
  } finally {
    await document.destroy();
  }
}

/** Each page's text. */
export async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  return [...(await readPdf(pdf)).pages];
}

/** All the document's text on one line, white space (no-break spaces too) collapsed: for "contains" checks. */
export async function flatText(pdf: Uint8Array): Promise<string> {
  return (await pageTexts(pdf)).join("\n").replace(/\s+/g, " ");
}

interface CanvasFactory {
  create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
}

/** A page drawn as RGBA pixels at `scale` (1 = 72 dpi), as a viewer shows it. */
export async function pagePixels(
  pdf: Uint8Array,
  pageNumber: number,
  scale: number
): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const document = await open(pdf);
  try {
    const page = await document.getPage(pageNumber);
    const viewport = page.getViewport({ scale });
    // pdf.js draws on the canvas of its own factory (@napi-rs/canvas in Node); its type is not exported.
    const factory = (document as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const { canvas, context } = factory.create(viewport.width, viewport.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: image.data, width: image.width, height: image.height };
  } finally {
    await document.destroy();
  }
}
