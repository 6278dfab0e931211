import type { ServiceImpl } from "@connectrpc/connect";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { checkVoucher } from "../orders/voucher-check";
import { clientAddressKey } from "./client-address";
import { requestProductKey } from "./contract/product-variant";
import { toVoucher } from "./contract/voucher";
import type { ApiDeps } from "./deps";

/** A value voucher by its code, for the check page (orders/voucher-check.ts). */
export function voucherDetail(deps: ApiDeps): ServiceImpl<typeof ShopService>["voucherDetail"] {
  return async (request, context) => {
    const product = requestProductKey(request.productVariant);
    const client = context.values.get(clientAddressKey);
    const { voucher, spendings, today } = await checkVoucher(deps, product, request.voucherCode, client);
    return { voucher: toVoucher(voucher, spendings, today) };
  };
}
