import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags, type Result } from "lighthouse";
import { screenEmulationMetrics } from "lighthouse/core/config/constants.js";
import type { Language } from "../../shared/route-table";
import { buildShopIfStale, header } from "../bench/prepare.mjs";
import { freePort, startShopProcess } from "../fixtures/shop-process";
import { budgetReport, formatTable, medianRun, type AuditRow, type FormFactor } from "./budgets";
import { auditedScreens, preparedPath } from "./screens";
import { ShopClient, sites } from "./shop-data";

/**
 * `npm run audit` (issue 31): Lighthouse's performance, best-practices and SEO categories on every screen of the shop,
 * in each language, on a phone and on a desktop, one run at a time (the machine has two cores, and a run shares them
 * with the shop). Exits with 1 when a row breaks a budget (budgets.ts). A measurement, not a test: it is not part of
 * `npm test`. Options: `--screens home,order` and `--langs cs,pl` (or AUDIT_SCREENS, AUDIT_LANGS), `--forms mobile`
 * (AUDIT_FORMS), `--runs 3` (AUDIT_RUNS, 1 by default): each row the median of that many runs, since one run's
 * figures move with the machine; AUDIT_PORT picks the shop's port (a free one otherwise); `--reports DIR`
 * (AUDIT_REPORTS) keeps each run's whole Lighthouse report there as JSON, to read what the figures come from (the
 * largest paint's element, the long tasks and their scripts). The table's last column is each row's run's
 * benchmark index, Lighthouse's measure of the machine's speed then: the phone is simulated as four times slower than
 * the machine, so rows compare only where it is alike (on this development machine it ranged 1,000–2,250 in an hour).
 */

const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromiumFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const categories = ["performance", "best-practices", "seo"];

/** Lighthouse's mobile preset (a Moto G Power, simulated slow 4G and a 4× slower CPU) on a screen 360 px wide. */
const mobileFlags: Flags = { screenEmulation: { ...screenEmulationMetrics.mobile, width: 360 } };

function selection<T extends string>(option: string | undefined, all: readonly T[], what: string): T[] {
  if (!option) return [...all];
  const chosen = option.split(",").map((value) => value.trim());
  const unknown = chosen.filter((value) => !all.includes(value as T));
  if (unknown.length > 0) throw new Error(`unknown ${what}: ${unknown.join(", ")} (known: ${all.join(", ")})`);
  return chosen as T[];
}

const { values: options } = parseArgs({
  options: {
    screens: { type: "string" },
    langs: { type: "string" },
    forms: { type: "string" },
    runs: { type: "string" },
    reports: { type: "string" },
  },
});
const screenNames = selection(
  options.screens ?? process.env.AUDIT_SCREENS,
  auditedScreens.map((audited) => audited.name),
  "screens",
);
const languages = selection<Language>(options.langs ?? process.env.AUDIT_LANGS, ["cs", "pl", "en"], "languages");
const formFactors = selection<FormFactor>(options.forms ?? process.env.AUDIT_FORMS, ["mobile", "desktop"], "forms");
const runs = Number(options.runs ?? process.env.AUDIT_RUNS ?? 1);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number of runs, 1 or more: ${runs}`);
const reportDir = options.reports ?? process.env.AUDIT_REPORTS;

/** One Lighthouse run in a Chromium of its own: a fresh profile, so every run is a new visitor (the cookie banner). */
async function lighthouseRun(url: string, formFactor: FormFactor): Promise<Result> {
  const chromium = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  try {
    const flags: Flags = { port: chromium.port, logLevel: "error", onlyCategories: categories };
    const answer =
      formFactor === "mobile"
        ? await lighthouse(url, { ...flags, ...mobileFlags })
        : await lighthouse(url, flags, desktopConfig);
    if (!answer) throw new Error(`Lighthouse answered nothing for ${url}`);
    return answer.lhr;
  } finally {
    chromium.kill();
  }
}

/**
 * A run whose trace Lighthouse could not read (NO_NAVSTART and its kin, now and then on a busy machine) measured
 * nothing: it is run again, up to three times in all.
 */
async function audit(url: string, formFactor: FormFactor): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouseRun(url, formFactor);
    if (!result.runtimeError) return result;
    const failure = `Lighthouse failed on ${url} (${formFactor}): ${result.runtimeError.code}`;
    if (attempt === 3) throw new Error(failure);
    console.error(`${failure}; running it again`);
  }
}

function score(result: Result, category: string): number {
  const value = result.categories[category]?.score;
  if (typeof value !== "number") throw new Error(`Lighthouse gave ${result.finalDisplayedUrl} no ${category} score`);
  return Math.round(100 * value);
}

/** The audits of a category that count towards its score and did not pass. */
function failedAudits(result: Result, category: string): string[] {
  return result.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .filter((ref) => {
      const { score } = result.audits[ref.id];
      return score !== null && score < 1;
    })
    .map((ref) => ref.id);
}

function rowOf(result: Result, screen: string, language: Language, formFactor: FormFactor): AuditRow {
  const metric = (id: string) => result.audits[id].numericValue ?? Number.NaN;
  return {
    screen,
    language,
    formFactor,
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    fcpMs: metric("first-contentful-paint"),
    performance: score(result, "performance"),
    bestPractices: score(result, "best-practices"),
    seo: score(result, "seo"),
    failedAudits: [...failedAudits(result, "best-practices"), ...failedAudits(result, "seo")],
    benchmarkIndex: result.environment.benchmarkIndex,
  };
}

async function main(): Promise<number> {
  buildShopIfStale();
  console.log(header("audit"));
  const port = Number(process.env.AUDIT_PORT ?? (await freePort()));
  const dataDir = mkdtempSync(path.join(tmpdir(), "dzb-audit-"));
  // The built shop on its embedded defaults, as `npm start` runs it, on a fresh database.
  const shopProcess = await startShopProcess(port, { DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  const shop = new ShopClient(port);
  const rows: AuditRow[] = [];
  const failures: string[] = [];
  try {
    for (const language of languages) {
      const site = sites[language];
      for (const audited of auditedScreens.filter((screen) => screenNames.includes(screen.name))) {
        if (audited.on && !audited.on(site)) continue;
        // A screen that could not be made or measured is reported, and the others are still measured.
        try {
          const url = shop.url(site, await preparedPath(shop, site, audited));
          for (const formFactor of formFactors) {
            const measured: AuditRow[] = [];
            for (let run = 1; run <= runs; run++) {
              console.error(`auditing ${audited.name} ${language} ${formFactor} (run ${run} of ${runs}): ${url}`);
              const result = await audit(url, formFactor);
              if (reportDir) keepReport(result, `${audited.name}-${language}-${formFactor}-${run}`);
              measured.push(rowOf(result, audited.name, language, formFactor));
            }
            rows.push(medianRun(measured));
          }
        } catch (error) {
          failures.push(`${audited.name} ${language}: ${error instanceof Error ? error.message : error}`);
          console.error(`not measured: ${failures.at(-1)}`);
        }
      }
    }
  } finally {
    await shopProcess.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${formatTable(rows)}\n`);
  const broken = budgetReport(rows);
  if (failures.length > 0) console.log(`${failures.length} screens not measured:\n${indented(failures)}`);
  if (broken.length > 0) console.log(`${broken.length} of ${rows.length} rows broke a budget:\n${indented(broken)}`);
  if (failures.length === 0 && broken.length === 0) console.log(`All ${rows.length} rows kept their budgets.`);
  return failures.length === 0 && broken.length === 0 ? 0 : 1;
}

function keepReport(result: Result, name: string): void {
  mkdirSync(reportDir!, { recursive: true });
  writeFileSync(path.join(reportDir!, `${name}.json`), JSON.stringify(result));
}

const indented = (lines: string[]) => lines.map((line) => `  ${line}`).join("\n");

process.exitCode = await main();
