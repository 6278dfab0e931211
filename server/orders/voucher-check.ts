import { marketCurrency, type CurrencyCode, type ProductKey } from "../domain/products";
import { paysInMarket } from "../domain/voucher-rules";
import { marketDate } from "../domain/stay";
import { findVoucherByCode, spendingsOf, type VoucherRow, type VoucherSpendingRecord } from "../stores/vouchers";
import { Refused } from "./refusals";
import type { UseCaseDeps } from "./use-case-deps";
import { guardVoucherCodes } from "./voucher-code-guard";

/**
 * A value voucher by its code, for the check page: what it held, what is left, its validity and state, and the
 * orders it paid, as read on `today`. The code counts toward the caller's budget of wrong codes first (decision 015).
 * A code of nothing is unknown; a coupon's code is of a type the check does not support; another market's voucher is
 * not supported here, as the SPEC's voucher messages say. A voucher of another variant of the same market is checked:
 * it pays here too (paysInMarket).
 */
export async function checkVoucher(
  deps: Pick<UseCaseDeps, "db" | "now">,
  product: ProductKey,
  code: string,
  client: string
): Promise<{ voucher: VoucherRow; spendings: VoucherSpendingRecord[]; today: string }> {
  await guardVoucherCodes(deps, client, [code], "check");
  const voucher = await findVoucherByCode(deps.db, code);
  if (!voucher) throw new Refused({ kind: "unknown", what: "voucher" });
  if (voucher.kind !== "credit") throw new Refused({ kind: "voucher_not_checkable", reason: "coupon" });
  const currency = voucher.currency as CurrencyCode;
  if (!paysInMarket({ currency }, marketCurrency[product])) throw new Refused({ kind: "voucher_not_checkable", reason: "other_shop" });
  return { voucher, spendings: await spendingsOf(deps.db, voucher.id), today: marketDate(deps.now()) };
}
