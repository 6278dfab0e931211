/**
 * Reads a PDF's tags back as a screen reader meets them, for tests: pdf.js (pdf-text.test-helper.ts) gives the
 * catalogue's marks (tagged, its language, its title shown), each page's structure tree with the text of each
 * element, and what the page draws outside the tree: its artifacts, and anything left unmarked, which a tagged file
 * must not have (a reader would meet it nowhere, or out of order).
 */

import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFPageProxy, StructTreeNode, TextItem, TextMarkedContent } from "pdfjs-dist/types/src/display/api";

// pdf.js gives a marked-content sequence's tag and an element's alt text; its types do not declare them.
type MarkedContent = TextMarkedContent & { readonly tag?: string | null };
type StructNode = StructTreeNode & { readonly alt?: string };

export interface TagNode {
  readonly role: string;
  /** Its text and its descendants', in reading order, white space collapsed. */
  readonly text: string;
  readonly alt?: string;
  readonly children: readonly TagNode[];
}

export interface ReadTags {
  /** /MarkInfo /Marked: the file says it is tagged. */
  readonly marked: boolean;
  /** The catalogue's /Lang. */
  readonly language: string | null;
  readonly title: string | null;
  /** /ViewerPreferences /DisplayDocTitle: viewers show the title, not the file's name. */
  readonly displayDocTitle: boolean;
  /** Each page's Document element, with what of the tree lies on that page. */
  readonly pages: readonly TagNode[];
  /** Each page's text drawn as artifacts, white space collapsed. */
  readonly artifacts: readonly string[];
  /** What each page paints in artifacts: "image", "path" or "text", once each. */
  readonly artifactPaints: readonly (readonly string[])[];
  /** What each page paints as content of the tree, likewise. */
  readonly taggedPaints: readonly (readonly string[])[];
  /** How many text, path and image paintings each page makes outside any marked content. */
  readonly unmarked: readonly number[];
}

const ARTIFACT = "artifact";
const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** The text of each marked-content sequence of a page by its id, and the page's artifacts' text. */
async function markedTexts(page: PDFPageProxy): Promise<{ byId: Map<string, string>; artifacts: string }> {
  const content = await page.getTextContent({ includeMarkedContent: true });
  const byId = new Map<string, string>();
  const open: string[] = [];
  let artifacts = "";
  for (const item of content.items) {
    if ("type" in item) {
      const marked = item as MarkedContent;
      if (marked.type === "endMarkedContent") open.pop();
      else open.push(marked.tag === "Artifact" ? ARTIFACT : (marked.id ?? ""));
      continue;
    }
    const text = (item as TextItem).str + ((item as TextItem).hasEOL ? "\n" : "");
    const owner = open[open.length - 1];
    if (owner === ARTIFACT) artifacts += text;
    else if (owner) byId.set(owner, (byId.get(owner) ?? "") + text);
  }
  return { byId, artifacts: collapse(artifacts) };
}

const textPaints = new Set<number>([
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
]);
const imagePaints = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintSolidColorImageMask,
]);

/** What an operator paints, if anything; a path that only clips (endPath) paints nothing. */
function paintOf(fn: number, args: unknown): string | null {
  if (textPaints.has(fn)) return "text";
  if (imagePaints.has(fn)) return "image";
  if (fn === OPS.shadingFill) return "path";
  // pdf.js gathers a path into constructPath, its painting operator first.
  if (fn === OPS.constructPath) return (args as number[])[0] === OPS.endPath ? null : "path";
  return null;
}

/** What a page paints in artifacts and as tagged content, and how much it paints outside any marked content. */
async function paints(page: PDFPageProxy): Promise<{ artifact: string[]; tagged: string[]; unmarked: number }> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const open: boolean[] = [];
  const artifact = new Set<string>();
  const tagged = new Set<string>();
  let unmarked = 0;
  fnArray.forEach((fn, i) => {
    if (fn === OPS.beginMarkedContent || fn === OPS.beginMarkedContentProps) {
      const tag = (argsArray[i] as [unknown])[0];
      open.push(tag === "Artifact" || (tag as { name?: string })?.name === "Artifact");
    } else if (fn === OPS.endMarkedContent) open.pop();
    else {
      const paint = paintOf(fn, argsArray[i]);
      if (!paint) return;
      if (!open.length) unmarked++;
      else (open[open.length - 1] ? artifact : tagged).add(paint);
    }
  });
  return { artifact: [...artifact].sort(), tagged: [...tagged].sort(), unmarked };
}

function toNode(node: StructNode, byId: ReadonlyMap<string, string>): TagNode {
  const children: TagNode[] = [];
  const texts: string[] = [];
  for (const child of node.children) {
    if ("role" in child) {
      const kid = toNode(child, byId);
      children.push(kid);
      texts.push(kid.text);
    } else if (child.type === "content") texts.push(byId.get(child.id) ?? "");
  }
  return {
    role: node.role,
    text: collapse(texts.join(" ")),
    ...(node.alt === undefined ? {} : { alt: node.alt }),
    children,
  };
}

/** Opens the file as a viewer does and reads its tags; throws when it is no PDF. */
export async function readTags(pdf: Uint8Array): Promise<ReadTags> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const pages = await Promise.all(Array.from({ length: document.numPages }, (_, i) => document.getPage(i + 1)));
    const read = await Promise.all(
      pages.map(async (page) => {
        const { byId, artifacts } = await markedTexts(page);
        const tree = await page.getStructTree();
        // pdf.js roots each page's tree in a node of its own, above the Document element.
        const root = tree ? toNode(tree, byId).children[0] : undefined;
        return { root, artifacts, paints: await paints(page) };
      })
    );
    const [metadata, markInfo, preferences] = await Promise.all([
      document.getMetadata(),
      document.getMarkInfo(),
      document.getViewerPreferences(),
    ]);
    const info = metadata.info as { Language?: string; Title?: string };
    return {
      marked: markInfo?.Marked === true,
      language: info.Language ?? null,
      title: info.Title ?? null,
      displayDocTitle: (preferences as { DisplayDocTitle?: boolean } | null)?.DisplayDocTitle === true,
      pages: read.map(({ root }) => root ?? { role: "(no structure tree)", text: "", children: [] }),
      artifacts: read.map(({ artifacts }) => artifacts),
      artifactPaints: read.map(({ paints }) => paints.artifact),
      taggedPaints: read.map(({ paints }) => paints.tagged),
      unmarked: read.map(({ paints }) => paints.unmarked),
    };
  } finally {
    await document.destroy();
  }
}

/** The tree as an indented outline, one element a line with its alt text or its own text: to compare and to read. */
export function outline(node: TagNode, depth = 0): string[] {
  const own = node.alt !== undefined ? `alt="${node.alt}"` : node.children.length ? "" : node.text;
  return [
    `${"  ".repeat(depth)}${node.role}${own ? ` ${own}` : ""}`,
    ...node.children.flatMap((child) => outline(child, depth + 1)),
  ];
}

/** Every element of the tree, depth first: the order a reader meets them in. */
export function elements(node: TagNode): TagNode[] {
  return [node, ...node.children.flatMap(elements)];
}
