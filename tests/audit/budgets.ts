/**
 * What `npm run audit` measured of one screen, the budgets it is held to (issue 31), and the table it prints.
 * Pure: the Lighthouse runs are in run.ts.
 */

export type FormFactor = "mobile" | "desktop";

export type AuditRow = {
  screen: string;
  language: string;
  formFactor: FormFactor;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Lighthouse's category scores, 0–100 as its report shows them. */
  performance: number;
  bestPractices: number;
  seo: number;
  /** Ids of the best-practices and SEO audits that did not pass: what to fix when those scores fall short. */
  failedAudits: string[];
  /**
   * Lighthouse's measure of how fast the machine was during the run (its `benchmarkIndex`): the simulated phone is
   * four times slower than the machine, whatever the machine, so two runs compare only where these are alike.
   */
  benchmarkIndex: number;
};

export const budgets = {
  lcpMs: 1_000,
  tbtMs: 50,
  cls: 0.05,
  bestPractices: 100,
  seo: 100,
} as const;

/** The budgets a row breaks, each as "what: measured > allowed"; none when the row keeps them all. */
export function brokenBudgets(row: AuditRow): string[] {
  const broken: string[] = [];
  if (row.lcpMs > budgets.lcpMs) broken.push(`LCP ${seconds(row.lcpMs)} > ${seconds(budgets.lcpMs)}`);
  if (row.tbtMs > budgets.tbtMs) broken.push(`TBT ${milliseconds(row.tbtMs)} > ${milliseconds(budgets.tbtMs)}`);
  if (row.cls > budgets.cls) broken.push(`CLS ${layoutShift(row.cls)} > ${layoutShift(budgets.cls)}`);
  if (row.bestPractices < budgets.bestPractices) {
    broken.push(`best practices ${row.bestPractices} < ${budgets.bestPractices}`);
  }
  if (row.seo < budgets.seo) broken.push(`SEO ${row.seo} < ${budgets.seo}`);
  return broken;
}

/**
 * Of several runs of one screen, the run whose LCP is the median (the lower of the two middle ones for an even count):
 * a whole run, so its figures come from one trace, as Lighthouse's own median run is chosen.
 */
export function medianRun(runs: AuditRow[]): AuditRow {
  if (runs.length === 0) throw new Error("no runs to take the median of");
  const byLcp = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
  return byLcp[Math.floor((byLcp.length - 1) / 2)];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const milliseconds = (ms: number) => `${Math.round(ms)} ms`;
const layoutShift = (cls: number) => cls.toFixed(3);

const columns: { title: string; cell: (row: AuditRow) => string; alignLeft?: boolean }[] = [
  { title: "screen", cell: (row) => row.screen, alignLeft: true },
  { title: "lang", cell: (row) => row.language, alignLeft: true },
  { title: "form", cell: (row) => row.formFactor, alignLeft: true },
  { title: "LCP", cell: (row) => seconds(row.lcpMs) },
  { title: "TBT", cell: (row) => milliseconds(row.tbtMs) },
  { title: "CLS", cell: (row) => layoutShift(row.cls) },
  { title: "FCP", cell: (row) => seconds(row.fcpMs) },
  { title: "perf", cell: (row) => String(row.performance) },
  { title: "BP", cell: (row) => String(row.bestPractices) },
  { title: "SEO", cell: (row) => String(row.seo) },
  { title: "bench", cell: (row) => String(Math.round(row.benchmarkIndex)) },
];

/** The rows as a Markdown table: readable in a terminal and pasted as it is into docs/performance.md. */
export function formatTable(rows: AuditRow[]): string {
  const cells = [columns.map((column) => column.title), ...rows.map((row) => columns.map((column) => column.cell(row)))];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index].length)));
  const line = (values: string[]) =>
    `| ${values.map((value, index) => (columns[index].alignLeft ? value.padEnd(widths[index]) : value.padStart(widths[index]))).join(" | ")} |`;
  const rule = `|${widths.map((width, index) => (columns[index].alignLeft ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join("\n");
}

/** One line for each row that broke a budget, with the audits that failed it; empty when every row kept them. */
export function budgetReport(rows: AuditRow[]): string[] {
  return rows.flatMap((row) => {
    const broken = brokenBudgets(row);
    if (broken.length === 0) return [];
    const audits = row.failedAudits.length > 0 ? ` (failed audits: ${row.failedAudits.join(", ")})` : "";
    return [`${row.screen} ${row.language} ${row.formFactor}: ${broken.join("; ")}${audits}`];
  });
}
