import { describe, expect, it } from "vitest";
import { brokenBudgets, budgetReport, formatTable, medianRun, type AuditRow } from "./budgets";

const withinBudgets: AuditRow = {
  screen: "home",
  language: "cs",
  formFactor: "mobile",
  lcpMs: 1_000,
  tbtMs: 50,
  cls: 0.05,
  fcpMs: 800,
  performance: 99,
  bestPractices: 100,
  seo: 100,
  failedAudits: [],
  benchmarkIndex: 1_512.5,
};

describe("the audit's budgets", () => {
  it("are kept by a row exactly at each limit", () => {
    expect(brokenBudgets(withinBudgets)).toEqual([]);
  });

  it("name each budget a row breaks, with what was measured", () => {
    const row = { ...withinBudgets, lcpMs: 1_010, tbtMs: 51, cls: 0.051, bestPractices: 96, seo: 92 };
    expect(brokenBudgets(row)).toEqual([
      "LCP 1.01 s > 1.00 s",
      "TBT 51 ms > 50 ms",
      "CLS 0.051 > 0.050",
      "best practices 96 < 100",
      "SEO 92 < 100",
    ]);
  });

  it("hold no budget on the performance score or FCP, which are only shown", () => {
    expect(brokenBudgets({ ...withinBudgets, performance: 50, fcpMs: 5_000 })).toEqual([]);
  });

  it("report only the rows that broke one, with the audits that failed", () => {
    const broken = { ...withinBudgets, screen: "status", language: "pl", seo: 66, failedAudits: ["is-crawlable"] };
    expect(budgetReport([withinBudgets, broken])).toEqual(["status pl mobile: SEO 66 < 100 (failed audits: is-crawlable)"]);
  });
});

describe("the median of a screen's runs", () => {
  it("is the whole run whose LCP is in the middle, the lower middle one of an even count", () => {
    const run = (lcpMs: number, tbtMs: number) => ({ ...withinBudgets, lcpMs, tbtMs });
    expect(medianRun([run(2_900, 1), run(900, 2), run(2_700, 3)])).toEqual(run(2_700, 3));
    expect(medianRun([run(1_200, 1), run(800, 2), run(1_000, 3), run(3_000, 4)])).toEqual(run(1_000, 3));
    expect(medianRun([run(1_500, 7)])).toEqual(run(1_500, 7));
  });

  it("needs a run", () => {
    expect(() => medianRun([])).toThrow("no runs");
  });
});

describe("the audit's table", () => {
  it("is a Markdown table with a line per row", () => {
    const table = formatTable([withinBudgets, { ...withinBudgets, screen: "how-it-works", formFactor: "desktop" }]);
    expect(table.split("\n")).toEqual([
      "| screen       | lang | form    |    LCP |   TBT |   CLS |    FCP | perf |  BP | SEO | bench |",
      "|:-------------|:-----|:--------|-------:|------:|------:|-------:|-----:|----:|----:|------:|",
      "| home         | cs   | mobile  | 1.00 s | 50 ms | 0.050 | 0.80 s |   99 | 100 | 100 |  1513 |",
      "| how-it-works | cs   | desktop | 1.00 s | 50 ms | 0.050 | 0.80 s |   99 | 100 | 100 |  1513 |",
    ]);
  });
});
