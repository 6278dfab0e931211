import { describe, expect, it } from "vitest";
import { anchorOf, renderMarkdown, splitFrontMatter } from "./markdown";

describe("a page's Markdown", () => {
  it("is split into its intro and its ## sections, each with an anchor of its words", () => {
    const rendered = renderMarkdown(
      "Úvod s **důrazem**.\n\n## Kdy dostanu fakturu?\nPo zaplacení.\n\n### Podrobněji\nV e-mailu.\n\n## Storno\n- ano"
    );
    expect(rendered.html).toBe("<p>Úvod s <strong>důrazem</strong>.</p>\n");
    expect(rendered.sections.map(({ id, heading }) => [id, heading])).toEqual([
      ["kdy-dostanu-fakturu", "Kdy dostanu fakturu?"],
      ["storno", "Storno"],
    ]);
    expect(rendered.sections[0]!.html).toContain("<h3>Podrobněji</h3>");
    expect(rendered.sections[1]!.html).toContain("<li>ano</li>");
  });

  it("gives two sections of the same words anchors of their own", () => {
    const ids = renderMarkdown("## Platba\na\n## Platba\nb").sections.map((section) => section.id);
    expect(ids).toEqual(["platba", "platba-2"]);
  });

  it("brings no markup of its own: raw HTML is shown as text", () => {
    const { html } = renderMarkdown('Hi <script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;script&gt;");
  });

  it("links only to the web, mail, a phone or the site's own paths", () => {
    const { html } = renderMarkdown(
      "[a](https://example.com) [b](/kontakt) [c](mailto:x@example.com) [d](tel:+420228882288) " +
        "[e](javascript:alert(1)) [f](//evil.example) ![g](data:image/svg+xml,x)"
    );
    for (const href of ["https://example.com", "/kontakt", "mailto:x@example.com", "tel:+420228882288"]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("//evil.example");
    expect(html).not.toContain("data:image");
    expect(html).toContain("e f g");
  });

  it.each([
    ["Kdy dostanu fakturu?", "kdy-dostanu-fakturu"],
    ["Płatność łączona", "platnosc-laczona"],
    ["???", "section"],
  ])("anchors %j as %j", (text, anchor) => {
    expect(anchorOf(text)).toBe(anchor);
  });
});

describe("front matter", () => {
  it("is key: value lines between --- lines, a value keeping its colons", () => {
    const { fields, body } = splitFrontMatter("---\ntitle: Časté dotazy\ndescription: Odpovědi: platba\n---\nText");
    expect(fields).toEqual({
      title: "Časté dotazy",
      description: "Odpovědi: platba",
    });
    expect(body).toBe("Text");
  });

  it("is optional, and a line that is no key: value is refused", () => {
    expect(splitFrontMatter("Just text").fields).toEqual({});
    expect(() => splitFrontMatter("---\nno colon here\n---\n")).toThrow(/key: value/);
  });
});
