import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { marketCurrency } from "../domain/products";
import { marketDate } from "../domain/stay";
import { findVoucherByCode, spendingsOf } from "../stores/vouchers";
import { apiError } from "./contract/api-error";
import { requestProductKey } from "./contract/product-variant";
import { toVoucher } from "./contract/voucher";
import type { ApiDeps } from "./deps";
import { guardVoucherCodes } from "./voucher-code-guard";

/**
 * A value voucher by its code, for the check page: what it held, what is left, its validity and state, and the
 * orders it paid. The code counts toward the caller's budget of wrong codes first (decision 015). A code of nothing
 * is not found; a coupon's code is of a type the check does not support; another shop's voucher (another market, or
 * a voucher kept for another variant) is not supported here, as the SPEC's voucher messages say.
 */
export function voucherDetail(deps: ApiDeps): ServiceImpl<typeof ShopService>["voucherDetail"] {
  return async (request, context) => {
    const product = requestProductKey(request.productVariant);
    await guardVoucherCodes(deps, context, [request.voucherCode], "voucher_code");
    const voucher = await findVoucherByCode(deps.db, request.voucherCode);
    if (!voucher)
      throw apiError(Code.NotFound, ErrorCode.VOUCHER_NOT_FOUND, "no voucher with this code", "voucher_code");
    if (voucher.kind !== "credit") {
      throw apiError(
        Code.FailedPrecondition,
        ErrorCode.VOUCHER_UNSUPPORTED_TYPE,
        "a discount code, not a value voucher",
        "voucher_code"
      );
    }
    const otherShop =
      voucher.currency !== marketCurrency[product] || (voucher.product !== null && voucher.product !== product);
    if (otherShop) {
      throw apiError(
        Code.FailedPrecondition,
        ErrorCode.VOUCHER_UNSUPPORTED,
        "a voucher of another shop",
        "voucher_code"
      );
    }
    const spendings = await spendingsOf(deps.db, voucher.id);
    return { voucher: toVoucher(voucher, spendings, marketDate(deps.now())) };
  };
}
