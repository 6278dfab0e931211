import { Transform } from "node:stream";

/**
 * A page's head carries only the rules of the stylesheet its own HTML uses (decision 069). The whole sheet inlined
 * (decision 058) was half of every page's compressed bytes, and pushed the rooms, reservation and status pages past
 * the 14.6 KB a new connection's first round trip carries: a second round trip before the first paint on a slow
 * network. A rule is left out only when one of the classes each of its selectors names is nowhere in the page: such
 * a rule cannot match until a script changes the page, and the browser then loads the whole sheet
 * (inline-stylesheet.tsx).
 */

/** One rule of the sheet, in the at-rules (`@media …`) it is nested in. */
type Rule = {
  /** The rule's text as written, `selectors{declarations}`. */
  text: string;
  /** The classes each of its selectors needs; the rule can match when one selector has all of its own. */
  needs: string[][];
  /** The at-rules around it, outermost first. */
  within: string[];
};

const sheets = new Map<string, Rule[]>();

/** The sheet's rules in order, read once per sheet. */
function rulesOf(css: string): Rule[] {
  let rules = sheets.get(css);
  if (!rules) {
    rules = parseRules(css, []);
    sheets.set(css, rules);
  }
  return rules;
}

/** Grouping at-rules whose contents are rules; any other block (`@keyframes`, `@font-face`) is kept whole. */
const groupingAtRule = /^@(media|supports|layer|container)\b/;

function parseRules(css: string, within: string[]): Rule[] {
  const rules: Rule[] = [];
  let start = 0;
  for (let at = 0; at < css.length; at++) {
    const char = css[at];
    if (char === '"' || char === "'") at = css.indexOf(char, at + 1);
    else if (char === ";" && css[start] === "@") {
      // A statement at-rule (`@charset`, `@import`): kept as it is.
      rules.push({ text: css.slice(start, at + 1), needs: [[]], within });
      start = at + 1;
    } else if (char === "{") {
      const end = closingBrace(css, at);
      const prelude = css.slice(start, at).trim();
      if (groupingAtRule.test(prelude)) rules.push(...parseRules(css.slice(at + 1, end), [...within, prelude]));
      else {
        const needs = prelude.startsWith("@") ? [[]] : splitSelectors(prelude).map(classesNeeded);
        rules.push({ text: `${prelude}${css.slice(at, end + 1)}`, needs, within });
      }
      at = end;
      start = end + 1;
    }
  }
  return rules;
}

function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let at = open; at < css.length; at++) {
    const char = css[at];
    if (char === '"' || char === "'") at = css.indexOf(char, at + 1);
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return at;
  }
  throw new Error("The stylesheet has a block that is never closed");
}

/** A selector list's selectors: split at its top-level commas (not those inside `:is(…)` or `:has(…)`). */
function splitSelectors(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < list.length; at++) {
    const char = list[at];
    if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "," && depth === 0) {
      selectors.push(list.slice(start, at));
      start = at + 1;
    }
  }
  selectors.push(list.slice(start));
  return selectors;
}

/**
 * The classes a selector needs to match anything. Attribute values and what `:not(…)` names need no class (a class
 * absent satisfies `:not`); a selector with `:is(…)` or `:where(…)`, whose alternatives this does not weigh, needs
 * none.
 */
function classesNeeded(selector: string): string[] {
  if (/:(is|where|matches)\(/.test(selector)) return [];
  const bare = withoutParts(withoutParts(selector, "[", "]"), ":not(", ")");
  return [...bare.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]);
}

/** The selector without each `open…close` part (nesting counted). */
function withoutParts(selector: string, open: string, close: string): string {
  let result = "";
  let at = 0;
  for (let found = selector.indexOf(open); found !== -1; found = selector.indexOf(open, at)) {
    result += selector.slice(at, found);
    let depth = 0;
    let end = found;
    for (; end < selector.length; end++) {
      if (selector[end] === open.at(-1)) depth++;
      else if (selector[end] === close && --depth === 0) break;
    }
    at = end + 1;
  }
  return result + selector.slice(at);
}

/** The classes the elements of a piece of HTML have. */
export function classesIn(html: string, into = new Set<string>()): Set<string> {
  for (const [, names] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of names.split(/\s+/)) if (name) into.add(name);
  }
  return into;
}

const canMatch = (rule: Rule, classes: Set<string>) => rule.needs.some((needs) => needs.every((c) => classes.has(c)));

/** The rules as CSS text, each in its at-rules, neighbours in the same at-rules sharing them. */
function cssOf(rules: Rule[]): string {
  let css = "";
  let open: string[] = [];
  for (const rule of rules) {
    let shared = 0;
    while (shared < open.length && open[shared] === rule.within[shared]) shared++;
    css += "}".repeat(open.length - shared);
    for (const prelude of rule.within.slice(shared)) css += `${prelude}{`;
    css += rule.text;
    open = rule.within;
  }
  return css + "}".repeat(open.length);
}

/** The rules of the sheet that the page's classes let match, in the sheet's order. */
export function usedRules(css: string, classes: Set<string>): string {
  return cssOf(rulesOf(css).filter((rule) => canMatch(rule, classes)));
}

const inlineStart = '<style id="shop-stylesheet"';

/**
 * The page's parts as React streams them (rendered-parts.server.ts), the inlined sheet in the first part cut to the
 * rules its HTML uses. A later part (a deferred answer) whose classes let more rules match is preceded by a `<style>`
 * of them, and of every rule after the first of them in the sheet's order, so that the cascade is the sheet's; the
 * element is one more at the end of the body, where React's own streamed parts are. `nonce` is the page's.
 */
export function usedStyles(nonce: string | undefined): Transform {
  let sheet: string | undefined;
  const classes = new Set<string>();
  const sent = new Set<Rule>();
  return new Transform({
    transform(part: Buffer, _encoding, callback) {
      // Read byte for byte (latin1): the scan looks only at ASCII, and the bytes around the sheet go on untouched.
      const html = part.toString("latin1");
      if (sheet === undefined) {
        const start = html.indexOf(inlineStart);
        if (start === -1) return callback(null, part);
        const textStart = html.indexOf(">", start) + 1;
        const textEnd = html.indexOf("</style>", textStart);
        sheet = html.slice(textStart, textEnd);
        classesIn(html, classes);
        const used = rulesOf(sheet).filter((rule) => canMatch(rule, classes));
        for (const rule of used) sent.add(rule);
        const cut = Buffer.from(cssOf(used), "latin1");
        return callback(null, Buffer.concat([part.subarray(0, textStart), cut, part.subarray(textEnd)]));
      }
      classesIn(html, classes);
      const rules = rulesOf(sheet);
      const first = rules.findIndex((rule) => !sent.has(rule) && canMatch(rule, classes));
      if (first === -1) return callback(null, part);
      const later = rules.slice(first).filter((rule) => canMatch(rule, classes));
      for (const rule of later) sent.add(rule);
      const style = `<style${nonce ? ` nonce="${nonce}"` : ""}>${cssOf(later)}</style>`;
      callback(null, Buffer.concat([Buffer.from(style, "latin1"), part]));
    },
  });
}
