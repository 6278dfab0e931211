import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { messages } from "../../shared/i18n/messages";
import type { MessageTree } from "../../shared/i18n/translator";
import { browserMessages } from "./message-assets";

/** Every browser module of the app: what the page's scripts may render with the catalogue. */
function browserSources(folder = "app"): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return browserSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.(server|test)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("the browser's message catalogue", () => {
  it("leaves out each screen's title and description, and keeps every other message", () => {
    for (const catalogue of Object.values(messages)) {
      const browser = browserMessages(catalogue) as { screens: Record<string, MessageTree> };
      const screens = catalogue.screens as Record<string, MessageTree>;
      for (const [screen, texts] of Object.entries(screens)) {
        const { title: _title, description: _description, ...rest } = texts;
        expect(browser.screens[screen]).toEqual(rest);
      }
      expect({ ...browser, screens: undefined }).toEqual({ ...catalogue, screens: undefined });
    }
  });

  it("holds what the browser renders: no browser module asks for a screen's title or description", () => {
    const asked = browserSources().filter((file) =>
      /screens\.(\w+\.(title|description)\b|\$\{)/.test(readFileSync(file, "utf8"))
    );
    expect(asked).toEqual([]);
  });
});
