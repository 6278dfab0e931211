import { describe, expect, it } from "vitest";
import { pageTexts, structureProblems } from "./pdf-text.test-helper";
import { PdfDocument, runsOf, textWidth, toEncodable, wrap } from "./pdf-writer";

function sample(): Uint8Array {
  const doc = new PdfDocument();
  const first = doc.addPage();
  first.fill([0, 0, 0]);
  first.text(50, 700, runsOf("Žluťoučký kůň **úpěl** (ďábelské) ódy \\ zażółć gęślą jaźń", "regular"), 10);
  first.line(50, 690, 300, 690, [0.8, 0.8, 0.8], 0.5);
  doc.addPage().text(50, 700, "Strona 2 z 2", 8);
  return doc.toBytes({ title: "Zkouška – próba", language: "cs-CZ", producer: "test (unit)" });
}

describe("pdf writer", () => {
  it("writes a well-formed PDF: header, objects where the xref says, stream lengths, trailer", () => {
    const pdf = sample();
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(structureProblems(pdf)).toEqual([]);
  });

  it("notices a broken file (the helper is not blind)", () => {
    const pdf = Buffer.from(sample());
    const at = pdf.indexOf("2 0 obj");
    pdf.write("X", at, "latin1");
    expect(structureProblems(pdf)).toContain(`xref entry 2 points at ${at}`);
  });

  it("writes Czech and Polish letters that read back as written", () => {
    expect(pageTexts(sample())).toEqual(["Žluťoučký kůň úpěl (ďábelské) ódy \\ zażółć gęślą jaźń", "Strona 2 z 2"]);
  });

  it("gives the same bytes for the same document", () => {
    expect(Buffer.from(sample()).equals(Buffer.from(sample()))).toBe(true);
  });

  it("breaks lines between words only, and cuts a word wider than the line only when asked", () => {
    const runs = runsOf("alpha beta gamma", "regular");
    const lines = wrap(runs, 10, textWidth("alpha beta", "regular", 10) + 1);
    expect(lines.map((line) => line.map((run) => run.text).join(" "))).toEqual(["alpha beta", "gamma"]);
    const long = runsOf("x".repeat(40), "bold");
    expect(() => wrap(long, 10, 50)).toThrow(/too long/);
    const cut = wrap(long, 10, 50, "cut");
    expect(cut.map((line) => line.map((run) => run.text).join("")).join("")).toBe("x".repeat(40));
    for (const line of cut) expect(textWidth(line.map((run) => run.text).join(""), "bold", 10)).toBeLessThanOrEqual(50);
  });

  it("draws foreign letters without their accents rather than refusing a name", () => {
    expect(toEncodable("Őrség Hotel\u202f5★ Łódź")).toBe("Orség Hotel\u00a05? Łódź");
    expect(() => new PdfDocument().addPage().text(0, 0, "★", 10)).toThrow(/U\+2605/);
  });
});
