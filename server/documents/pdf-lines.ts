/**
 * Lines of text on a PDF page: words with inline **bold**, line breaking where a space follows a word, and drawing
 * a line with its baseline at a point. Flowing lines down pages is pdf-flow.ts.
 */

import { type Color, type Pdf, type Weight, drawable } from "./pdf-file";

/** A word of a line: `space` is " " when a space follows it, which is also where a line may break. */
export interface Run {
  readonly text: string;
  readonly weight: Weight;
  readonly space: "" | " ";
}

/** Width in points of a text in a weight and size, as the document's fonts draw it. */
export type Measure = (text: string, weight: Weight, size: number) => number;

export function measureIn(doc: Pdf): Measure {
  return (text, weight, size) => doc.font(weight).fontSize(size).widthOfString(text);
}

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

/** Width in points of a line of runs as `drawLine` draws it (the last run's space is not drawn). */
export function lineWidth(line: readonly Run[], size: number, measure: Measure): number {
  return line.reduce(
    (sum, run, i) => sum + measure(run.text + (i < line.length - 1 ? run.space : ""), run.weight, size),
    0
  );
}

/** A unit wider than a line cut between characters into pieces that fit; the last piece keeps the unit's space. */
function cutUnit(unit: readonly Run[], size: number, maxWidth: number, measure: Measure): Run[][] {
  const pieces: { text: string; weight: Weight; space: "" | " " }[][] = [[]];
  let width = 0;
  for (const run of unit) {
    for (const ch of run.text) {
      const w = measure(ch, run.weight, size);
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

/** Greedy line breaking, only where a space follows a word; a word wider than the line is cut between letters. */
export function wrap(runs: readonly Run[], size: number, maxWidth: number, measure: Measure): Run[][] {
  const unitWidth = (unit: readonly Run[]) => unit.reduce((sum, run) => sum + measure(run.text, run.weight, size), 0);
  const lines: Run[][] = [];
  let line: Run[] = [];
  let width = 0;
  for (const unit of unitsOf(runs)) {
    const uw = unitWidth(unit);
    const gap = line.length ? measure(" ", line[line.length - 1].weight, size) : 0;
    if (line.length && width + gap + uw > maxWidth) {
      lines.push(line);
      line = [];
      width = 0;
    }
    if (uw > maxWidth) {
      const pieces = cutUnit(unit, size, maxWidth, measure);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1];
      width = unitWidth(line);
      continue;
    }
    width += (line.length ? gap : 0) + uw;
    line.push(...unit);
  }
  if (line.length) lines.push(line);
  return lines;
}

/**
 * Lines of a text with "\n" breaks and **bold** markup, each wrapped to the width. Every text goes through
 * `drawable`: data (names, addresses) may hold letters the fonts lack, and a document must still be made.
 */
export function linesOf(text: string, weight: Weight, size: number, width: number, measure: Measure): Run[][] {
  return text.split(/\r\n?|\n/).flatMap((part) => {
    const lines = wrap(runsOf(drawable(part), weight), size, width, measure);
    return lines.length ? lines : [[]];
  });
}

/** One line of runs, its baseline starting at (x, y) from the page's top left; a run per change of weight. */
export function drawLine(doc: Pdf, x: number, y: number, line: readonly Run[], size: number, color: Color): void {
  const pieces: { text: string; weight: Weight }[] = [];
  line.forEach((run, i) => {
    const text = run.text + (i < line.length - 1 ? run.space : "");
    const last = pieces[pieces.length - 1];
    if (last?.weight === run.weight) last.text += text;
    else pieces.push({ text, weight: run.weight });
  });
  let cursor = x;
  doc.fillColor(color);
  for (const piece of pieces) {
    doc.font(piece.weight).fontSize(size).text(piece.text, cursor, y, { lineBreak: false, baseline: "alphabetic" });
    cursor += doc.widthOfString(piece.text);
  }
}

export interface BlockStyle {
  readonly size: number;
  /** Baseline to baseline. */
  readonly leading: number;
  readonly weight?: Weight;
  readonly color: Color;
  readonly align?: "left" | "center" | "right";
}

/**
 * A text wrapped to `width`, its first baseline at `y` from the page's top: for the fixed places of a page (the
 * voucher's), where nothing flows onto another page. Gives the last line's baseline.
 */
export function drawBlock(doc: Pdf, text: string, x: number, y: number, width: number, style: BlockStyle): number {
  const measure = measureIn(doc);
  const lines = linesOf(text, style.weight ?? "regular", style.size, width, measure);
  lines.forEach((line, i) => {
    const free = width - lineWidth(line, style.size, measure);
    const dx = style.align === "center" ? free / 2 : style.align === "right" ? free : 0;
    drawLine(doc, x + dx, y + i * style.leading, line, style.size, style.color);
  });
  return y + (lines.length - 1) * style.leading;
}
