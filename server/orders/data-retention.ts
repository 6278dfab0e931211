import type { Config } from "../config";
import { WRONG_CODE_WINDOW_MS } from "../domain/voucher-guessing";
import { deleteFinishedJobs } from "../jobs/queue";
import { deleteUnusedAvailabilities } from "../stores/availabilities";
import { deleteUnorderedPreviews } from "../stores/previews";
import { deleteUnorderedVoucherPreviews } from "../stores/voucher-previews";
import { forgetClientsUnchangedSince } from "../stores/wrong-voucher-codes";
import { DAY_MS } from "../../shared/calendar-date";
import type { UseCaseDeps } from "./use-case-deps";

/**
 * What the shop keeps only for a while, deleted once it has been kept long enough (decision 048), by a job the workers
 * enqueue once an hour: often enough that each run has little to delete, and one run per hour among all workers.
 */
export const dataRetentionJob = { kind: "data-retention", everyMs: 60 * 60_000 } as const;

/** Rows one statement deletes: its locks and its time stay small on a busy table. */
const ROWS_PER_DELETE = 500;

/**
 * Statements per kind of data and run, so that a first run on a database that kept everything for months does not
 * hold its worker for long; the next hour's run goes on where this one stopped.
 */
const DELETES_PER_RUN = 40;

export interface DeletedData {
  previews: number;
  voucherPreviews: number;
  availabilities: number;
  jobs: number;
  wrongVoucherCodeClients: number;
}

/**
 * Deletes, by `now`, what is older than its retention in `config.retentionDays`: previews no order was made from
 * (before the checks, so that a check whose last preview goes now goes in the same run), availability checks no
 * preview was made from, finished jobs, and the wrong voucher codes' budgets of clients quiet for longer than the
 * budget's window (which count for nothing any more). What an order was made from stays with it. Answers how much
 * went.
 */
export async function deleteDataKeptLongEnough(
  deps: Pick<UseCaseDeps, "db" | "now"> & { config: Pick<Config, "retentionDays"> }
): Promise<DeletedData> {
  const { db } = deps;
  const now = deps.now().getTime();
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);
  const { availability, preview, doneJob, deadJob } = deps.config.retentionDays;
  return {
    previews: await repeatDeleting((limit) => deleteUnorderedPreviews(db, daysAgo(preview), limit)),
    voucherPreviews: await repeatDeleting((limit) => deleteUnorderedVoucherPreviews(db, daysAgo(preview), limit)),
    availabilities: await repeatDeleting((limit) => deleteUnusedAvailabilities(db, daysAgo(availability), limit)),
    jobs: await repeatDeleting((limit) =>
      deleteFinishedJobs(db, { doneBefore: daysAgo(doneJob), deadBefore: daysAgo(deadJob), limit })
    ),
    wrongVoucherCodeClients: await repeatDeleting((limit) =>
      forgetClientsUnchangedSince(db, new Date(now - WRONG_CODE_WINDOW_MS), limit)
    ),
  };
}

/** Deletes in statements of ROWS_PER_DELETE rows until fewer are left, at most DELETES_PER_RUN times. */
async function repeatDeleting(deleteUpTo: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let statements = 0; statements < DELETES_PER_RUN; statements += 1) {
    const deleted = await deleteUpTo(ROWS_PER_DELETE);
    total += deleted;
    if (deleted < ROWS_PER_DELETE) break;
  }
  return total;
}
