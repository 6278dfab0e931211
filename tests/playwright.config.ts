import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests in Debian's Chromium (a browser cannot be downloaded here), against the
 * built shop started on its embedded defaults with a fresh data folder. A spec runs twice, with
 * JavaScript and without it, because every page must work before its scripts load; but only once,
 * with JavaScript, when nothing it checks can come out differently without (withJavaScriptOnly).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
// Set once, in the runner: its workers inherit the variable, so they read the e-mails of the same server.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "dzb-e2e-")));

/** Where the shop under test writes its e-mails (.eml files; no SMTP is configured). */
export const e2eMailDir = path.join(dataDir, "mail");

export const baseURL = `http://localhost:${port}`;

/** Value vouchers the shop under test starts with, one per market currency, each worth a million. */
export const e2eVouchers = { CZK: "40000001", PLN: "40000002" } as const;

/**
 * Small vouchers (500 CZK, 50 PLN) that pay only part of a stay, so the rest is split over methods. One per
 * project (with and without JavaScript), since each order spends its voucher.
 */
export const e2eSmallVouchers = {
  CZK: { js: "40000011", "no-js": "40000012" },
  PLN: { js: "40000021", "no-js": "40000022" },
} as const;

/** Vouchers only the check page's tests read, so that no order spends from them (2 500 CZK, 250 PLN). */
export const e2eCheckedVouchers = { CZK: "40000031", PLN: "40000032" } as const;

/**
 * The specs the project without JavaScript leaves out. Without JavaScript a spec runs when it posts a form, follows a
 * link or button a script takes over (client-side navigation, the language form, the menu, more articles) or reads a
 * page after such a step: there the shop answers a script-less browser by other paths. These do none of that: they
 * check what only a script does or sees, what the server answers a request made without a browser, or one page as the
 * server rendered it, nothing clicked or sent (decision 044).
 */
const withJavaScriptOnly = [
  "page-weight.spec.ts", // the JavaScript a page loads
  "versions.spec.ts", // a page running JavaScript when the shop changes under it
  "monitoring.spec.ts", // the browser's monitoring is a script
  "search-engines.spec.ts", // robots.txt, sitemaps and page heads, as the server sends them
  "form-input.spec.ts", // posts sent without a browser
  "form-fuzz.spec.ts", // posts sent without a browser
  "home.spec.ts", // the home page's text as rendered on the server, nothing clicked
  "one-brand.spec.ts", // the white label's pages and sitemap, as the server sends them
  "slow-phone.spec.ts", // typing before the scripts run, and a connection lost under a script's navigation
];

function codeOptions(codes: Record<string, string>): string {
  return Object.values(codes)
    .map((code) => `--code ${code}`)
    .join(" ");
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "../test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A journey through several pages takes 10 to 25 s on a busy two-core machine; the default 30 s left no margin.
  timeout: 90_000,
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "cs-CZ",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: withJavaScriptOnly },
  ],
  webServer: {
    // The order specs pay partly with these vouchers; the data folder is fresh, so the codes are free.
    command: [
      `npx tsx server/ops.ts voucher-issue --product DZB_CZ --value 1000000 --code ${e2eVouchers.CZK}`,
      `npx tsx server/ops.ts voucher-issue --product DZB_PL --value 1000000 --code ${e2eVouchers.PLN}`,
      `npx tsx server/ops.ts voucher-issue --product DZB_CZ --value 500 ${codeOptions(e2eSmallVouchers.CZK)}`,
      `npx tsx server/ops.ts voucher-issue --product DZB_PL --value 50 ${codeOptions(e2eSmallVouchers.PLN)}`,
      `npx tsx server/ops.ts voucher-issue --product DZB_CZ --value 2500 --code ${e2eCheckedVouchers.CZK}`,
      `npx tsx server/ops.ts voucher-issue --product DZB_PL --value 250 --code ${e2eCheckedVouchers.PLN}`,
      "node build/main.js",
    ].join(" && "),
    cwd: "..",
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // Six commands each open a fresh database first: on a busy machine that alone can take minutes.
    timeout: 300_000,
    // The shop's log is on stdout: its warnings and errors are shown, a line per request would bury them.
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ENV: "test",
      LOG_LEVEL: "warn",
      // As behind a proxy: a test may name its visitor in X-Forwarded-For, so that what the shop counts per visitor
      // (wrong voucher codes) is that test's alone.
      TRUST_PROXY: "1",
      // Pages the same for every visitor are kept for ten minutes, not one second: a spec can tell a kept page from a
      // render without racing the clock, and every spec that visits such a page after another runs on a kept one.
      PAGE_CACHE_TTL_MS: "600000",
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
