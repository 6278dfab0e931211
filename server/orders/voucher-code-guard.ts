import type { Database } from "../db/database";
import { judgeVoucherCodes, WRONG_CODE_WINDOW_MS } from "../domain/voucher-guessing";
import { existingVoucherCodes } from "../stores/vouchers";
import { forgetClientsUnchangedSince, lockWrongCodeTries, saveWrongCodeTries } from "../stores/wrong-voucher-codes";
import { Refused } from "./refusals";

/**
 * The one door through which a caller's voucher codes are looked up (decision 015): every use case that answers
 * anything about codes a caller sent calls it first. The caller's wrong codes are counted in a transaction of their
 * own, so they stay counted whatever the request does next; once the caller's budget is spent, the request is
 * refused with the seconds to wait, even when its codes are right.
 *
 * `client` is the caller's address; `asked` says how the codes came (to pay, or to check a voucher).
 */
export async function guardVoucherCodes(
  { db, now }: { db: Database; now: () => Date },
  client: string,
  codes: readonly string[],
  asked: "payment" | "check"
): Promise<void> {
  if (codes.length === 0) return;
  const at = now();
  const verdict = await db.transaction(async (tx) => {
    await forgetClientsUnchangedSince(tx, new Date(at.getTime() - WRONG_CODE_WINDOW_MS));
    const recent = await lockWrongCodeTries(tx, client, at);
    const existing = await existingVoucherCodes(tx, codes);
    const judged = judgeVoucherCodes(
      recent,
      codes.filter((code) => !existing.has(code)),
      at.getTime()
    );
    await saveWrongCodeTries(tx, client, judged.recent, at);
    return judged;
  });
  if (!verdict.allowed) {
    throw new Refused({ kind: "voucher_codes_exhausted", retryAfterSeconds: verdict.retryAfterSeconds, asked });
  }
}
