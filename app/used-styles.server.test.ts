import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { classesIn, usedRules, usedStyles } from "./used-styles.server";

const sheet = [
  ":root{--ink:#123}",
  "*,*:before{box-sizing:border-box}",
  "body{margin:0}",
  ".header{color:red}",
  ".card .title,.teaser{font-weight:700}",
  '.link[href$=".pdf"]{color:blue}',
  ".field:not(.field--error){border:1px solid}",
  ".form:has(.error) .button{opacity:.5}",
  ":is(.a,.b) p{margin:1px}",
  "@keyframes spin{to{transform:rotate(1turn)}}",
  '.quote:before{content:"{"}',
  "@media (min-width:48em){.header{color:blue}.footer{color:green}}",
  "@media print{@supports (display:grid){.header{display:grid}}}",
].join("");

const html = (classes: string) => `<html><body><div class="${classes}"></div></body></html>`;

describe("the rules a page uses", () => {
  it("are the rules whose selectors name no class, and those with a selector whose classes all are in the page", () => {
    expect(usedRules(sheet, classesIn(html("header field link")))).toBe(
      [
        ":root{--ink:#123}",
        "*,*:before{box-sizing:border-box}",
        "body{margin:0}",
        ".header{color:red}",
        '.link[href$=".pdf"]{color:blue}',
        ".field:not(.field--error){border:1px solid}",
        ":is(.a,.b) p{margin:1px}",
        "@keyframes spin{to{transform:rotate(1turn)}}",
        "@media (min-width:48em){.header{color:blue}}",
        "@media print{@supports (display:grid){.header{display:grid}}}",
      ].join("")
    );
  });

  it("keep a selector list's rule for any one of its selectors, and a :has() rule when what it looks for is there", () => {
    expect(usedRules(sheet, classesIn(html("teaser")))).toContain(".card .title,.teaser{font-weight:700}");
    expect(usedRules(sheet, classesIn(html("card")))).not.toContain(".title");
    expect(usedRules(sheet, classesIn(html("form button")))).not.toContain(":has(");
    expect(usedRules(sheet, classesIn(html("form button error")))).toContain(".form:has(.error) .button{opacity:.5}");
  });

  it("read braces inside strings as text", () => {
    expect(usedRules(sheet, classesIn(html("quote footer")))).toContain(
      '.quote:before{content:"{"}@media (min-width:48em){.footer{color:green}}'
    );
  });

  it("are found by the class attributes of the page's elements", () => {
    expect([...classesIn('<a class="x  y"></a><p class="">.z</p><i data-class="w"></i>')]).toEqual(["x", "y"]);
  });
});

/** The parts of a page through usedStyles, as the browser receives them. */
function streamed(parts: string[], nonce = "n0nce"): Promise<string[]> {
  const out: string[] = [];
  const stream = Readable.from(parts.map((part) => Buffer.from(part))).pipe(usedStyles(nonce));
  stream.on("data", (chunk: Buffer) => out.push(String(chunk)));
  return new Promise((resolve) => stream.on("end", () => resolve(out)));
}

describe("a page's stream", () => {
  const head = `<!DOCTYPE html><html><head><style id="shop-stylesheet" nonce="n0nce">${sheet}</style></head>`;

  it("carries in its head the rules its shell uses, and before a later part only the rules that part adds", async () => {
    const [shell, late, last] = await streamed([
      `${head}<body><div class="header"></div>`,
      `<div hidden id="S:0"><p class="footer"></p></div>`,
      `<div hidden id="S:1"><p class="header"></p></div></body></html>`,
    ]);
    expect(shell).toContain('<style id="shop-stylesheet" nonce="n0nce">:root{--ink:#123}');
    expect(shell).toContain("@media (min-width:48em){.header{color:blue}}@media print{");
    expect(shell).not.toContain(".footer");
    // The rules after the footer's in the sheet come again after it, as they override it in the sheet.
    expect(late).toBe(
      '<style nonce="n0nce">@media (min-width:48em){.footer{color:green}}@media print{@supports (display:grid){.header{display:grid}}}</style><div hidden id="S:0"><p class="footer"></p></div>'
    );
    expect(last).toBe(`<div hidden id="S:1"><p class="header"></p></div></body></html>`);
  });

  it("passes on the page's and the sheet's other characters byte for byte", async () => {
    const page = `<html><head><style id="shop-stylesheet" nonce="n0nce">.tick:before{content:"✓ "}.cross:before{content:"✗"}</style></head><body><p class="tick">Příliš žluťoučký kůň</p></body></html>`;
    expect((await streamed([page])).join("")).toBe(page.replace('.cross:before{content:"✗"}', ""));
  });

  it("leaves a page without the inlined sheet as it is", async () => {
    expect(await streamed(["<p class='x'>", "</p>"])).toEqual(["<p class='x'>", "</p>"]);
  });
});
