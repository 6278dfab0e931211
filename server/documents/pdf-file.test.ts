import { describe, expect, it } from "vitest";
import { A4, createPdf, drawable, missingCharacters, pdfBytes } from "./pdf-file";
import { drawLine, measureIn, runsOf, wrap } from "./pdf-lines";
import { readPdf } from "./pdf-text.test-helper";

/** A document of one line per page, as the order documents draw their lines. */
function sample(lines: readonly string[], createdOn = "2026-03-02"): Promise<Uint8Array> {
  const doc = createPdf({ title: "Zkouška – próba", language: "cs-CZ", producer: "test", createdOn });
  for (const line of lines) {
    doc.addPage({ size: [A4.width, A4.height], margin: 0 });
    drawLine(doc, 50, 100, runsOf(drawable(line), "regular"), 10, "#000000");
  }
  return pdfBytes(doc);
}

const czechAndPolish = "Žluťoučký kůň **úpěl** (ďábelské) ódy \\ zażółć gęślą jaźń ŁÓDŹ Őrség";

describe("PDF files", () => {
  it("hold Czech, Polish and other letters that read back as written, bold included", async () => {
    const read = await readPdf(await sample([czechAndPolish, "Strana 2 z 2"]));
    expect(read.pages.map((page) => page.trim())).toEqual([
      "Žluťoučký kůň úpěl (ďábelské) ódy \\ zażółć gęślą jaźń ŁÓDŹ Őrség",
      "Strana 2 z 2",
    ]);
    expect(read.info).toMatchObject({ Title: "Zkouška – próba", Producer: "test", CreationDate: "D:20260302000000Z" });
    expect(read.language).toBe("cs-CZ");
  });

  it("read back right after documents whose letters were parts of others (the C of Č)", async () => {
    await sample(["Čáp Ůvaly Ščerbina"]);
    const read = await readPdf(await sample(["Urlop CET Cena Szczecin"]));
    expect(read.pages[0].trim()).toBe("Urlop CET Cena Szczecin");
  });

  it("are the same bytes for the same document, and differ by the date they are given", async () => {
    const first = Buffer.from(await sample([czechAndPolish]));
    expect(first.equals(Buffer.from(await sample([czechAndPolish])))).toBe(true);
    expect(first.equals(Buffer.from(await sample([czechAndPolish], "2026-03-03")))).toBe(false);
  });

  it("draw a letter the fonts lack without its accent, or as ?, rather than refuse a name", () => {
    expect(drawable("Őrség\u202f5★ Łódź\tx")).toBe("Őrség\u00a05? Łódź x");
    expect(drawable("Ấ")).toBe("Ấ");
    expect(missingCharacters("Dárek ★ → ★")).toEqual(["★", "→"]);
    expect(missingCharacters("Žluťoučký kůň, zażółć gęślą jaźń – „€ 5 × 3“ …")).toEqual([]);
  });
});

describe("line breaking", () => {
  const doc = createPdf({ title: "t", language: "en", producer: "test", createdOn: "2026-01-01" });
  const measure = measureIn(doc);
  const textOf = (lines: ReturnType<typeof wrap>) => lines.map((line) => line.map((run) => run.text).join(" "));

  it("breaks between words only, never inside a no-break space or before glued punctuation", () => {
    const runs = runsOf("alpha beta gamma", "regular");
    expect(textOf(wrap(runs, 10, measure("alpha beta", "regular", 10) + 1, measure))).toEqual(["alpha beta", "gamma"]);
    const glued = runsOf("see **bold**. 12\u00a0345 Kč", "regular");
    expect(glued.map((run) => [run.text, run.weight, run.space])).toEqual([
      ["see", "regular", " "],
      ["bold", "bold", ""],
      [".", "regular", " "],
      ["12\u00a0345", "regular", " "],
      ["Kč", "regular", ""],
    ]);
    const narrow = wrap(glued, 10, measure("see bold", "regular", 10), measure);
    expect(
      narrow.map((line) =>
        line
          .map((run) => run.text + run.space)
          .join("")
          .trim()
      )
    ).toEqual(["see", "bold.", "12\u00a0345", "Kč"]);
  });

  it("cuts a word wider than the line between letters, keeping every letter", () => {
    const long = runsOf("x".repeat(40), "bold");
    const cut = wrap(long, 10, 50, measure);
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.map((line) => line.map((run) => run.text).join("")).join("")).toBe("x".repeat(40));
    for (const line of cut) expect(measure(line.map((run) => run.text).join(""), "bold", 10)).toBeLessThanOrEqual(50);
  });
});
