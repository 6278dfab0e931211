import type { AppLoadContext } from "@remix-run/node";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import { errorCodeOf, formErrorOf } from "~/rpc-form-error.server";
import { viewFormats } from "~/view-formats.server";
import { translator } from "~/screen.server";
import { voucherView } from "~/screens/voucher-status/voucher-view.server";
import type { VoucherView } from "~/screens/voucher-status/voucher-view";

export type VoucherCheck = { voucher: VoucherView; error: null } | { voucher: null; error: string };

/** The page's status for each refusal: a code that names no voucher of this shop is not found, too many tries wait. */
const refusalStatus: Partial<Record<ErrorCode, number>> = {
  [ErrorCode.VOUCHER_NOT_FOUND]: 404,
  [ErrorCode.VOUCHER_UNSUPPORTED]: 404,
  [ErrorCode.VOUCHER_UNSUPPORTED_TYPE]: 404,
  [ErrorCode.INVALID_VOUCHER_CODE]: 400,
  [ErrorCode.VOUCHER_ATTEMPTS_EXHAUSTED]: 429,
};

/**
 * The voucher with this code, as the check page shows it, or the api's refusal in the visitor's words (SPEC §8: not
 * found, unsupported type, unsupported, invalid code, too many wrong codes) with the page's status for it. The api
 * counts a code it does not know toward the visitor's wrong-code budget (decision 015).
 */
export async function checkVoucher(
  context: AppLoadContext,
  code: string
): Promise<{ check: VoucherCheck; status: number }> {
  try {
    const { voucher } = await context.rpc.voucherDetail({ voucherCode: code });
    if (!voucher) throw new Error(`VoucherDetail answered ${code} without a voucher`);
    return { check: { voucher: voucherView(voucher, viewFormats(context)), error: null }, status: 200 };
  } catch (error) {
    const t = translator(context);
    const { message } = formErrorOf(error, t, { fieldOf: () => undefined, supportEmail: context.variant.support.email });
    const code = errorCodeOf(error);
    return { check: { voucher: null, error: message }, status: (code !== undefined && refusalStatus[code]) || 503 };
  }
}
