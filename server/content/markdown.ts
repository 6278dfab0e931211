import { Marked, type Token, type Tokens } from "marked";
import { escapeHtml } from "../../shared/html-escape";

/**
 * The content's Markdown, rendered on the server: a page's intro and its `##` sections apart, so that each screen
 * shows them its own way (the FAQ's questions as disclosures, how it works as numbered steps). Markdown from the
 * repository and from a CMS is rendered alike, and neither may bring markup of its own: raw HTML is shown as text,
 * and a link or an image goes only to the web, mail, a phone or a path of the site.
 */

export interface RenderedSection {
  /** The heading's text as an anchor (`#jak-platit`), unique in its page. */
  readonly id: string;
  readonly heading: string;
  /** The section's body, without its heading. */
  readonly html: string;
}

export interface RenderedMarkdown {
  /** What comes before the first `##` heading. */
  readonly html: string;
  readonly sections: readonly RenderedSection[];
}

const safeUrl = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const marked = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!safeUrl.test(href)) return text;
      const titled = title ? ` title="${escapeHtml(title)}"` : "";
      return `<a href="${escapeHtml(href)}"${titled}>${text}</a>`;
    },
    image({ href, text }: Tokens.Image) {
      if (!safeUrl.test(href)) return escapeHtml(text);
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" loading="lazy">`;
    },
  },
});

/** Renders a page's Markdown: its intro and each `##` section. */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const tokens = marked.lexer(markdown);
  const intro: Token[] = [];
  const sections: { heading: Tokens.Heading; body: Token[] }[] = [];
  for (const token of tokens) {
    if (token.type === "heading" && (token as Tokens.Heading).depth === 2) {
      sections.push({ heading: token as Tokens.Heading, body: [] });
    } else {
      (sections.at(-1)?.body ?? intro).push(token);
    }
  }
  const ids = new Set<string>();
  return {
    html: render(intro, tokens),
    sections: sections.map(({ heading, body }) => ({
      id: uniqueId(anchorOf(plainText(heading.tokens)), ids),
      heading: plainText(heading.tokens),
      html: render(body, tokens),
    })),
  };
}

/** A part of a lexed document, with the document's link definitions (`[text][ref]` may point anywhere in it). */
function render(part: Token[], whole: ReturnType<Marked["lexer"]>): string {
  return marked.parser(Object.assign(part, { links: whole.links }));
}

/** A heading's words without their emphasis, as a screen shows them in its own markup. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => ("tokens" in token && token.tokens ? plainText(token.tokens) : "text" in token ? token.text : ""))
    .join("");
}

/** "Kdy dostanu fakturu?" → "kdy-dostanu-fakturu": lowercase ASCII, diacritics dropped. */
export function anchorOf(text: string): string {
  const anchor = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return anchor || "section";
}

function uniqueId(anchor: string, taken: Set<string>): string {
  let id = anchor;
  for (let n = 2; taken.has(id); n++) id = `${anchor}-${n}`;
  taken.add(id);
  return id;
}

/** A file's front matter (`key: value` lines between `---` lines) and the Markdown after it. */
export function splitFrontMatter(text: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text.replace(/^\uFEFF/, ""));
  if (!match) return { fields: {}, body: text };
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (colon < 1) throw new SyntaxError(`front matter line "${line}" is not "key: value"`);
    fields[line.slice(0, colon).trim()] = unquote(line.slice(colon + 1).trim());
  }
  return { fields, body: text.slice(match[0].length) };
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? quoted[2]! : value;
}
