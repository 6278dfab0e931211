/**
 * Reads back what pdf-writer.ts wrote, for tests: the file's structure (every xref offset points at its object)
 * and the text of each page (content streams inflated, strings decoded through the writer's own encoding).
 * It understands our output only, not PDF in general.
 */

import { inflateSync } from "node:zlib";
import { CHAR_OF_CODE } from "./pdf-writer";

const latin1 = (pdf: Uint8Array) => Buffer.from(pdf).toString("latin1");

/** What is wrong with the file's skeleton; empty when header, objects, xref and trailer agree. */
export function structureProblems(pdf: Uint8Array): string[] {
  const file = latin1(pdf);
  const problems: string[] = [];
  if (!file.startsWith("%PDF-1.4\n")) problems.push("no %PDF-1.4 header");
  if (!file.endsWith("%%EOF\n")) problems.push("no %%EOF at the end");
  const startxref = /startxref\n(\d+)\n%%EOF\n$/.exec(file);
  if (!startxref) return [...problems, "no startxref"];
  const xrefAt = Number(startxref[1]);
  const xref = /^xref\n0 (\d+)\n/.exec(file.slice(xrefAt));
  if (!xref) return [...problems, `startxref ${xrefAt} does not point at the xref table`];
  const count = Number(xref[1]);
  const entries = file
    .slice(xrefAt + xref[0].length)
    .split("\n")
    .slice(0, count);
  if (entries[0] !== "0000000000 65535 f ") problems.push("xref entry 0 is not the free head");
  entries.slice(1).forEach((entry, i) => {
    const offset = Number(entry.slice(0, 10));
    if (!/^\d{10} 00000 n $/.test(entry)) problems.push(`xref entry ${i + 1} is malformed: ${entry}`);
    else if (!file.startsWith(`${i + 1} 0 obj\n`, offset)) problems.push(`xref entry ${i + 1} points at ${offset}`);
  });
  const size = /trailer\n<< \/Size (\d+) /.exec(file);
  if (Number(size?.[1]) !== count) problems.push(`trailer /Size ${size?.[1]} but xref has ${count} entries`);
  // Every stream's /Length must match its bytes, or readers lose their place.
  for (const m of file.matchAll(/\/Length (\d+) >>\nstream\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    if (!file.startsWith("\nendstream", start + Number(m[1]))) problems.push(`stream at ${start} has a wrong /Length`);
  }
  return problems;
}

function objectBody(file: string, number: number): string {
  const start = file.indexOf(`\n${number} 0 obj\n`);
  if (start < 0) throw new Error(`object ${number} not found`);
  return file.slice(start + `\n${number} 0 obj\n`.length, file.indexOf("\nendobj\n", start));
}

function streamOf(file: string, number: number): string {
  const body = objectBody(file, number);
  const length = Number(/\/Length (\d+)/.exec(body)?.[1]);
  const start = body.indexOf("stream\n") + "stream\n".length;
  return inflateSync(Buffer.from(body.slice(start, start + length), "latin1")).toString("latin1");
}

/** A string literal of a content stream, decoded byte by byte through the writer's encoding. */
function decodeLiteral(literal: string): string {
  const bytes = literal.replace(/\\([0-7]{3}|[()\\])/g, (_, escaped: string) =>
    escaped.length === 3 ? String.fromCharCode(parseInt(escaped, 8)) : escaped
  );
  return [...bytes].map((b) => CHAR_OF_CODE.get(b.charCodeAt(0)) ?? "\ufffd").join("");
}

/** Each page's text, one line per text object (BT … ET), in drawing order. */
export function pageTexts(pdf: Uint8Array): string[] {
  const file = latin1(pdf);
  const root = Number(/\/Root (\d+) 0 R/.exec(file)?.[1]);
  const pages = Number(/\/Pages (\d+) 0 R/.exec(objectBody(file, root))?.[1]);
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(objectBody(file, pages))?.[1] ?? "").matchAll(/(\d+) 0 R/g)];
  return kids.map(([, kid]) => {
    const contents = Number(/\/Contents (\d+) 0 R/.exec(objectBody(file, Number(kid)))?.[1]);
    return [...streamOf(file, contents).matchAll(/BT (.*) ET/g)]
      .map(([, ops]) => [...ops.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map(([, s]) => decodeLiteral(s)).join(""))
      .join("\n");
  });
}

/** All the document's text on one line, white space (no-break spaces too) collapsed: for "contains" checks. */
export function flatText(pdf: Uint8Array): string {
  return pageTexts(pdf).join("\n").replace(/\s+/g, " ");
}
