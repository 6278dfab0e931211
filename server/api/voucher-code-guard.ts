import { Code, type HandlerContext } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { judgeVoucherCodes, WRONG_CODE_WINDOW_MS } from "../domain/voucher-guessing";
import { existingVoucherCodes } from "../stores/vouchers";
import { forgetClientsUnchangedSince, lockWrongCodeTries, saveWrongCodeTries } from "../stores/wrong-voucher-codes";
import { apiError } from "./contract/api-error";
import { clientAddressKey } from "./client-address";
import type { ApiDeps } from "./deps";

/**
 * The one door through which a caller's voucher codes are looked up (decision 015): every method that answers
 * anything about codes a caller sent calls it first. The caller's wrong codes are counted in a transaction of their
 * own, so they stay counted whatever the request does next; once the caller's budget is spent, the request is
 * refused with resource_exhausted (HTTP 429) and the seconds to wait, even when its codes are right.
 *
 * `field` is the request field the codes came in, named by the refusal.
 */
export async function guardVoucherCodes(
  { db, now }: Pick<ApiDeps, "db" | "now">,
  context: HandlerContext,
  codes: readonly string[],
  field: string
): Promise<void> {
  if (codes.length === 0) return;
  const client = context.values.get(clientAddressKey);
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
    throw apiError(
      Code.ResourceExhausted,
      ErrorCode.VOUCHER_ATTEMPTS_EXHAUSTED,
      "too many wrong voucher codes from this client lately",
      field,
      { retryAfterSeconds: verdict.retryAfterSeconds }
    );
  }
}
