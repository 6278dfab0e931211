import type { ServiceImpl } from "@connectrpc/connect";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { isVoucherDesign, voucherDesigns } from "../../shared/voucher-designs";
import { placeVoucherOrder } from "../orders/voucher-order-placement";
import { customerOf, presentForOf } from "./contract/customer";
import { providerLanguageOf, requestProductKey } from "./contract/product-variant";
import { toVoucherOrder, voucherAskOf } from "./contract/voucher";
import type { ApiDeps } from "./deps";

/** The voucher order of a preview, made once (orders/voucher-order-placement.ts). */
export function voucherOrderCreate(deps: ApiDeps): ServiceImpl<typeof ShopService>["voucherOrderCreate"] {
  return async (request) => {
    const design = request.design || voucherDesigns[0];
    if (!isVoucherDesign(design)) throw new Error(`the request limits let design "${design}" through`);
    const { readable, voucher, today } = await placeVoucherOrder(deps, requestProductKey(request.productVariant), {
      previewId: request.previewId,
      asked: voucherAskOf(request),
      customer: customerOf(request.order),
      presentFor: request.presentFor ? presentForOf(request.presentFor) : null,
      design,
      language: providerLanguageOf(request.productVariant?.lang),
    });
    return { voucherOrder: toVoucherOrder(readable, voucher, today) };
  };
}
