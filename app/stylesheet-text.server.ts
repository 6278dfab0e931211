import { readFileSync } from "node:fs";
import path from "node:path";

const texts = new Map<string, string>();

/**
 * The text of a built stylesheet, by the address the browser would fetch it from: the file under public/ that the
 * static files serve (server/web/static-files.ts), read once per process.
 */
export function stylesheetText(href: string): string {
  let text = texts.get(href);
  if (text === undefined) {
    text = readFileSync(path.resolve("public", `.${href}`), "utf8");
    texts.set(href, text);
  }
  return text;
}
