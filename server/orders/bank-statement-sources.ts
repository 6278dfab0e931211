import { mkdir, readdir, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import { BankStatementFormatError, FioClient, readBankStatement } from "../adapters/bank-statements";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { marketDate } from "../domain/stay";
import type { Logger } from "../logging/logger";
import { importBankStatement, type ImportedMovement } from "./bank-statement-import";

/**
 * Where the worker finds the bank's movements (issue 33): the statement files an operator or the bank's export drops
 * into BANK_STATEMENT_DIR, and Fio's API when FIO_API_TOKEN is set. A job the workers enqueue themselves every
 * BANK_IMPORT_INTERVAL_SECONDS, once per period among them all, so Fio is asked by one of them at a time.
 */
export const bankImportJobKind = "bank-import";

/** The folders inside BANK_STATEMENT_DIR that the files read are moved into. */
const statementFolders = { imported: "imported", unreadable: "unreadable" } as const;

const DAY_MS = 86_400_000;

export interface BankImportDeps {
  readonly db: Database;
  readonly config: Pick<Config, "bankImport">;
  readonly now: () => Date;
  readonly log: Pick<Logger, "info" | "warn" | "error">;
}

/** Whether the shop has anywhere to take movements from: the periodic job runs only then. */
export function importsBankStatements(config: Pick<Config, "bankImport">): boolean {
  return config.bankImport.statementDir !== undefined || config.bankImport.fio !== undefined;
}

/** What one run imported, from where; each movement as the import answered it. */
export type SourceImport = { readonly source: string; readonly movements: readonly ImportedMovement[] };

/**
 * Imports every statement file waiting in the folder, then Fio's movements of the last days. A file is moved out of
 * the folder once imported, or once found unreadable (and logged); when the database fails, it stays for the next run.
 * Fio's trouble is thrown after the files are done, so the job is tried again.
 */
export async function importBankStatements(deps: BankImportDeps): Promise<SourceImport[]> {
  const { statementDir, fio } = deps.config.bankImport;
  const imports = statementDir === undefined ? [] : await importStatementFiles(deps, statementDir);
  if (fio !== undefined) {
    const now = deps.now();
    const client = new FioClient({ token: fio.token, baseUrl: fio.baseUrl });
    const firstDay = marketDate(new Date(now.getTime() - (fio.days - 1) * DAY_MS));
    const statement = await client.movementsBetween(firstDay, marketDate(now));
    imports.push({ source: "fio", movements: await importBankStatement(deps.db, statement, "fio", now) });
  }
  for (const { source, movements } of imports) logImport(deps.log, source, movements);
  return imports;
}

async function importStatementFiles(deps: BankImportDeps, folder: string): Promise<SourceImport[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith(".")).map((entry) => entry.name);
  const imports: SourceImport[] = [];
  for (const name of files.sort()) {
    const path = join(folder, name);
    let content: Uint8Array;
    try {
      content = await readFile(path);
    } catch (error) {
      // Another worker's run of an earlier period took it meanwhile.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    let movements: ImportedMovement[];
    try {
      movements = await importBankStatement(deps.db, readBankStatement(content, name), name, deps.now());
    } catch (error) {
      if (!(error instanceof BankStatementFormatError)) throw error;
      deps.log.error({ file: name, reason: error.message }, "bank statement unreadable; moved aside");
      await moveInto(folder, statementFolders.unreadable, name, deps.now());
      continue;
    }
    await moveInto(folder, statementFolders.imported, name, deps.now());
    imports.push({ source: name, movements });
  }
  return imports;
}

/**
 * Moves a file into a folder beside it, its name prefixed with the moment, since banks give each day's file the same
 * name. A file another worker moved first is left to it.
 */
async function moveInto(folder: string, into: string, name: string, now: Date): Promise<void> {
  await mkdir(join(folder, into), { recursive: true });
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  try {
    await rename(join(folder, name), join(folder, into, `${stamp}-${name}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** A line for the import, and one for each movement the operator has to look at. */
function logImport(log: BankImportDeps["log"], source: string, movements: readonly ImportedMovement[]): void {
  const count = (outcomes: readonly string[]) => movements.filter((m) => outcomes.includes(m.outcome)).length;
  log.info(
    {
      source,
      movements: movements.length,
      paid: count(["paid", "overpaid"]),
      partlyPaid: count(["partly_paid"]),
      alreadyImported: count(["already_imported"]),
    },
    "bank statement imported"
  );
  for (const { entry, outcome, orderNumber, surplus } of movements) {
    if (surplus > 0) {
      log.warn(
        { source, reference: entry.reference, outcome, orderNumber, surplus, currency: entry.currency },
        "bank movement for the operator: money no order owed"
      );
    }
  }
}
