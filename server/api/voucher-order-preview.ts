import type { ServiceImpl } from "@connectrpc/connect";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { marketCurrency } from "../domain/products";
import { previewVoucherOrder } from "../orders/voucher-pricing";
import { toMethodQuote } from "./contract/payment-method";
import { toPaymentRequest } from "./contract/payment-request";
import { requestProductKey } from "./contract/product-variant";
import { toVoucherOrderPreview, voucherAskOf } from "./contract/voucher";
import type { ApiDeps } from "./deps";

/** A voucher purchase priced and kept under a preview id, or re-priced under it (orders/voucher-pricing.ts). */
export function voucherOrderPreview(deps: ApiDeps): ServiceImpl<typeof ShopService>["voucherOrderPreview"] {
  return async (request) => {
    const product = requestProductKey(request.productVariant);
    const { preview, priced, quotes } = await previewVoucherOrder(deps, product, voucherAskOf(request), request.previewId);
    const currency = marketCurrency[product];
    return {
      previewId: preview.id,
      orderPreview: toVoucherOrderPreview(priced, currency),
      paymentRequest: toPaymentRequest(preview.paymentRequest, currency),
      methodQuotes: quotes.map((quote) => toMethodQuote(quote, currency)),
    };
  };
}
