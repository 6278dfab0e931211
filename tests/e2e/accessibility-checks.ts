import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { javaScriptEnabled } from "./support";

/**
 * Checks of WCAG 2.2 AA that axe makes, and some it cannot: the focus ring's contrast, read from the computed styles
 * of a control focused from the keyboard (1.4.11, 2.4.7), and the size or spacing of every target (2.5.8). Each
 * runs in the page as the test's own code, so with JavaScript off too.
 */

/**
 * axe's findings on the page as its visitor sees it. axe is a script: a page opened without JavaScript cannot run it,
 * so its DOM as it stands (the server's HTML, whatever the test typed and posted) is opened again, its scripts taken
 * out, at the same address with JavaScript on, where axe sees what the script-less visitor sees.
 */
export async function expectNoAxeViolations(page: Page, testInfo: TestInfo) {
  if (javaScriptEnabled(testInfo)) return expectNothingFound(page);
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const address = page.url();
  // A new context takes the project's options (JavaScript off) unless told otherwise.
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: true, viewport: page.viewportSize(), locale: "cs-CZ" });
  try {
    const copy = await context.newPage();
    await copy.route((url) => url.href === address, (route) =>
      route.fulfill({ contentType: "text/html; charset=utf-8", body: html })
    );
    await copy.goto(address);
    await expectNothingFound(copy);
  } finally {
    await context.close();
  }
}

async function expectNothingFound(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(found).toEqual([]);
}

/** What the focus ring of the focused element is drawn with, and the colours it is seen against. */
type FocusRing = {
  focusVisible: boolean;
  outlineStyle: string;
  outlineWidth: number;
  /** The ring's colour, and its contrast with the background around the control and with the control itself. */
  outlineColor: string;
  againstAround: number;
  againstControl: number;
  /** A band of another colour inside the ring (a box-shadow), and its contrast with the control. */
  bandAgainstControl: number;
};

/**
 * Moves the cursor onto the control from the keyboard (Shift+Tab, then Tab), so that the browser shows its focus as it
 * would to a keyboard user.
 */
export async function focusFromKeyboard(control: Locator) {
  await control.focus();
  await control.page().keyboard.press("Shift+Tab");
  await control.page().keyboard.press("Tab");
  await expect(control).toBeFocused();
}

/** The control's focus ring, focused from the keyboard. */
export async function focusRingOf(control: Locator): Promise<FocusRing> {
  await focusFromKeyboard(control);
  return control.evaluate((element) => {
    function rgba(color: string): number[] {
      const parts = /rgba?\(([^)]+)\)/.exec(color)?.[1].split(/[\s,/]+/).filter(Boolean).map(Number) ?? [0, 0, 0, 0];
      return [parts[0], parts[1], parts[2], parts[3] ?? 1];
    }
    function luminance([r, g, b]: number[]): number {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    }
    function contrast(a: number[], b: number[]): number {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light + 0.05) / (dark + 0.05);
    }
    /** The first opaque background from `node` up: what the ring is drawn on. */
    function backgroundFrom(node: Element | null): number[] {
      for (let at = node; at; at = at.parentElement) {
        const color = rgba(getComputedStyle(at).backgroundColor);
        if (color[3] > 0.5) return color;
      }
      return [255, 255, 255, 1];
    }
    const style = getComputedStyle(element);
    const ring = rgba(style.outlineColor);
    const around = backgroundFrom(element.parentElement);
    // A control's own colour: its background, or its border where it has no background (a checkbox, a link).
    const ownBackground = rgba(style.backgroundColor);
    const control = ownBackground[3] > 0.5 ? ownBackground : around;
    const band = /rgba?\([^)]+\)/.exec(style.boxShadow)?.[0];
    return {
      focusVisible: element.matches(":focus-visible"),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outlineColor: style.outlineColor,
      againstAround: contrast(ring, around),
      againstControl: contrast(ring, control),
      bandAgainstControl: band ? contrast(rgba(band), control) : 0,
    };
  });
}

/**
 * WCAG 1.4.11 and 2.4.7 for one control: focused from the keyboard, it shows a solid ring at least 2 px wide, of 3:1
 * against the background around it, and (the ring itself or the band inside it) of 3:1 against the control.
 */
export async function expectVisibleFocus(control: Locator, name: string) {
  const ring = await focusRingOf(control);
  expect(ring.focusVisible, `${name}: the browser shows focus`).toBe(true);
  expect(ring.outlineStyle, `${name}: a solid ring`).toBe("solid");
  expect(ring.outlineWidth, `${name}: the ring's width`).toBeGreaterThanOrEqual(2);
  expect(ring.againstAround, `${name}: ${ring.outlineColor} against the background`).toBeGreaterThanOrEqual(3);
  expect(
    Math.max(ring.againstControl, ring.bandAgainstControl),
    `${name}: the ring or its band against the control`
  ).toBeGreaterThanOrEqual(3);
}

/**
 * The targets smaller than 24 × 24 px that are not links inside a sentence (WCAG 2.5.8's inline exception). Stricter
 * than 2.5.8, which also lets a small target pass when it is spaced from the others: a link alone on its line is held
 * to 24 px, as an audit by hand holds it. A control hidden the accessible way (1 px, clipped) is not a target: its
 * label is. Described as tag, text and size.
 */
export function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary";
    /** Inline in a block that has text of its own besides the target's: a link in a sentence. */
    const inSentence = (element: HTMLElement) => {
      if (getComputedStyle(element).display !== "inline") return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
      return (block?.textContent ?? "").trim().length > (element.textContent ?? "").trim().length;
    };
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const shown = box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== "hidden";
        return shown && (box.width < 24 || box.height < 24) && !inSentence(element);
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const text = (element.textContent || element.getAttribute("name") || "").trim().slice(0, 40);
        return `${element.tagName.toLowerCase()} "${text}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  });
}
