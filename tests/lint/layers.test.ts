import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layer check of `npm run lint` (.dependency-cruiser.cjs), tried on a small house built for the purpose: one
 * allowed import and one wrong import per rule, so a rule that stopped firing, or fired at the wrong thing, fails here.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const config = path.join(root, ".dependency-cruiser.cjs");
const depcruise = path.join(root, "node_modules", ".bin", "depcruise");

const house: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }),
  "gen/contract_pb.ts": "export const Contract = 1;",
  "shared/route-table.ts": "export const screens = 1;",
  "app/screen.tsx": "export const Screen = 1;",
  "server/domain/rule.ts":
    'import { Contract } from "../../gen/contract_pb";\nimport { screens } from "../../shared/route-table";\nexport type Rule = number;\nexport const rule = Contract + screens;',
  "server/adapters/provider.ts": "export const provider = 1;",
  "server/api/handler.ts":
    'import { rule } from "../domain/rule";\nimport { mapped } from "./contract/mapping";\nimport { limits } from "./request-limits";\nexport const handler = rule + mapped + limits;',
  "server/api/contract/mapping.ts": "export const mapped = 1;",
  "server/api/request-limits.ts": "export const limits = 1;",
  "server/api/index.ts": 'import { handler } from "./handler";\nexport const api = handler;',
  "server/orders/use-case.ts": 'import { rule } from "../domain/rule";\nexport const useCase = rule;',
  "server/db/schema.ts": "export const orders = 1;\nexport type Transaction = number;",
  "server/stores/store.ts": 'import { rule } from "../domain/rule";\nimport { orders } from "../db/schema";\nexport const store = rule + orders;',
  "server/orders/holds-a-transaction.ts": 'import type { Transaction } from "../db/schema";\nexport const held: Transaction = 1;',
  "server/web/app.ts": 'import { siteVariants } from "../variants/site-variants";\nexport const webApp = siteVariants;',
  "server/variants/site-variants.ts": "export const siteVariants = 1;",
  "server/orders/reads-variants.ts": 'import { siteVariants } from "../variants/site-variants";\nexport const read = siteVariants;',
  "server/main.ts":
    'import { handler } from "./api/handler";\nimport { webApp } from "./web/app";\nexport const main = handler + webApp;',
  "app/types-from-server.ts": 'import type { Rule } from "../server/domain/rule";\nexport const typed: Rule = 1;',
  "app/from-shared.ts": 'import { screens } from "../shared/route-table";\nexport const fromShared = screens;',
  // The wrong ones, each breaking one rule.
  "shared/imports-app.ts": 'import { Screen } from "../app/screen";\nexport const a = Screen;',
  "server/web/imports-app.ts": 'import { Screen } from "~/screen";\nexport const b = Screen;',
  "app/value-from-server.ts": 'import { rule } from "../server/domain/rule";\nexport const c = rule;',
  "server/domain/imports-adapter.ts": 'import { provider } from "../adapters/provider";\nexport const d = provider;',
  "server/orders/imports-api.ts": 'import { handler } from "../api/handler";\nexport const e = handler;',
  "server/stores/imports-use-case.ts": 'import { useCase } from "../orders/use-case";\nexport const f = useCase;',
  "server/orders/writes-tables.ts": 'import { orders } from "../db/schema";\nexport const h = orders;',
  "server/orders/imports-web.ts": 'import { webApp } from "../web/app";\nexport const i = webApp;',
  "server/jobs/queue.ts": 'import { orders } from "../db/schema";\nexport const queue = orders;',
  "server/orders/enqueues.ts": 'import { queue } from "../jobs/queue";\nexport const enqueues = queue;',
  "server/jobs/imports-use-case.ts": 'import { useCase } from "../orders/use-case";\nexport const j = useCase;',
  "server/api/imports-handler.ts": 'import { handler } from "./handler";\nexport const k = handler;',
  "app/imports-nothing-there.ts": 'import { missing } from "./missing";\nexport const g = missing;',
};

type Violation = { from: string; rule: { name: string } };
let violations: Violation[];
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "layers-"));
  for (const [file, text] of Object.entries(house)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const run = spawnSync(depcruise, ["app", "shared", "server", "--config", config, "--output-type", "json"], {
    cwd: dir,
    encoding: "utf8",
  });
  expect(run.status, run.stderr).not.toBe(null);
  violations = JSON.parse(run.stdout).summary.violations;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the layer check", () => {
  it("refuses each wrong import, with the rule it breaks, and nothing else", () => {
    const found = violations.map(({ from, rule }) => `${from} ${rule.name}`).sort();
    expect(found).toEqual(
      [
        "app/imports-nothing-there.ts no-unresolvable-imports",
        "app/value-from-server.ts app-imports-only-types-from-server",
        "server/domain/imports-adapter.ts domain-is-pure",
        "server/orders/writes-tables.ts use-cases-persist-through-stores",
        "server/orders/imports-api.ts only-entry-points-import-the-api",
        "server/orders/imports-web.ts only-the-web-imports-the-web",
        "server/jobs/imports-use-case.ts jobs-are-only-the-queue",
        "server/api/imports-handler.ts handlers-import-no-handler",
        "server/stores/imports-use-case.ts stores-only-persist",
        "server/web/imports-app.ts server-never-imports-app",
        "shared/imports-app.ts shared-stands-alone",
      ].sort()
    );
  });
});
