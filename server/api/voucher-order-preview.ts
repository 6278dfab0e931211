import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { VoucherOrderPreviewRequest } from "../../gen/dzb/shop/v1/shop_service_pb";
import { minorUnits, moneyOf } from "../../shared/money";
import { paymentMethodsFor } from "../domain/payment-methods";
import { marketCurrency, type ProductKey } from "../domain/products";
import { defaultRestMethod } from "../domain/service-fee";
import { marketDate } from "../domain/stay";
import { priceVoucherOrder, type PricedVoucherOrder, type VoucherOrderProblem } from "../domain/voucher-order";
import type { StoredPaymentRequest } from "../stores/previews";
import {
  findVoucherPreview,
  repriceVoucherPreview,
  saveVoucherPreview,
  type StoredVoucherPreview,
  type VoucherPricing,
} from "../stores/voucher-previews";
import { apiError } from "./contract/api-error";
import { calculationError, paymentRequestOf } from "./contract/payment-request";
import { requestProductKey } from "./contract/product-variant";
import { feeModeOf, toVoucherOrderPreview } from "./contract/voucher";
import type { ApiDeps } from "./deps";

/**
 * Prices a voucher purchase and keeps it under a preview id; asked again with that id, re-prices it under the same
 * id, so the order made from it is made once (VoucherOrderCreate). Only the shops that sell vouchers answer.
 */
export function voucherOrderPreview(deps: ApiDeps): ServiceImpl<typeof ShopService>["voucherOrderPreview"] {
  return async (request) => {
    const product = requestProductKey(request.productVariant);
    const wanted = pricingOf(product, request);
    const priced = priceOrThrow(product, wanted, marketDate(deps.now()));
    const pricing: VoucherPricing = {
      ...wanted,
      calculation: priced.calculation,
    };
    let preview: StoredVoucherPreview;
    if (request.previewId === undefined) {
      preview = await saveVoucherPreview(deps.db, { product, ...pricing }, deps.now());
    } else {
      const kept = await voucherPreviewFor(deps, product, request.previewId);
      await repriceVoucherPreview(deps.db, kept.id, pricing, deps.now());
      preview = { ...kept, ...pricing };
    }
    const currency = marketCurrency[product];
    return {
      previewId: preview.id,
      orderPreview: toVoucherOrderPreview(priced, currency),
      paymentRequest: {
        voucherCodes: [],
        lastPayment: preview.paymentRequest.lastPayment,
        payments: preview.paymentRequest.payments.map((part) => ({
          methodId: part.methodId,
          value: moneyOf(part.value, currency),
        })),
      },
    };
  };
}

/**
 * What a request asks to buy, in the domain's terms. An empty last_payment is the cheapest method, as in a hotel
 * order's first preview: the first price a visitor sees carries no fee they did not choose.
 */
function pricingOf(
  product: ProductKey,
  request: Pick<VoucherOrderPreviewRequest, "voucherValue" | "paymentRequest" | "feeMode" | "extraService">
): Omit<VoucherPricing, "calculation"> {
  const paymentRequest: StoredPaymentRequest = paymentRequestOf(request.paymentRequest);
  if (paymentRequest.voucherCodes.length > 0) {
    throw apiError(
      Code.InvalidArgument,
      ErrorCode.VOUCHER_UNSUPPORTED,
      "a voucher cannot pay for a voucher",
      "payment_request.voucher_codes"
    );
  }
  const lastPayment =
    paymentRequest.lastPayment || (defaultRestMethod(product, paymentMethodsFor(product).voucher) ?? "");
  return {
    feeMode: feeModeOf(request.feeMode),
    amount: minorUnits(request.voucherValue),
    extraService: request.extraService,
    paymentRequest: { ...paymentRequest, lastPayment },
  };
}

/** The stored preview with this id made for this shop; another shop's is "not found". */
export async function voucherPreviewFor(
  deps: Pick<ApiDeps, "db">,
  product: ProductKey,
  id: string
): Promise<StoredVoucherPreview> {
  const preview = await findVoucherPreview(deps.db, id.toLowerCase());
  if (!preview || preview.product !== product) {
    throw apiError(Code.NotFound, ErrorCode.PAGE_NOT_FOUND, "no voucher preview with this id", "preview_id");
  }
  return preview;
}

/** The purchase priced as asked; one that cannot be bought is refused with the sentence that says why. */
export function priceOrThrow(
  product: ProductKey,
  wanted: Omit<VoucherPricing, "calculation">,
  today: string
): PricedVoucherOrder {
  const result = priceVoucherOrder({
    product,
    feeMode: wanted.feeMode,
    amount: wanted.amount,
    extraService: wanted.extraService,
    payments: wanted.paymentRequest.payments,
    lastPayment: wanted.paymentRequest.lastPayment,
    today,
  });
  if (!result.ok) throw voucherOrderError(result.problem, product);
  return result.order;
}

export function voucherOrderError(problem: VoucherOrderProblem, product: ProductKey) {
  const currency = marketCurrency[product];
  switch (problem.kind) {
    case "not_sold":
      return apiError(
        Code.InvalidArgument,
        ErrorCode.VOUCHER_UNSUPPORTED,
        "this shop sells no vouchers",
        "product_variant.product"
      );
    case "value_out_of_bounds":
      return apiError(
        Code.InvalidArgument,
        ErrorCode.VOUCHER_VALUE_OUT_OF_RANGE,
        `the voucher's value must be whole units from ${problem.min / 100} to ${problem.max / 100} ${currency}`,
        "voucher_value"
      );
    case "fees_exceed_value":
      return apiError(
        Code.InvalidArgument,
        ErrorCode.VOUCHER_FEES_EXCEED_VALUE,
        "the fees would take the whole amount",
        "voucher_value"
      );
    case "extra_service_unavailable":
      return apiError(
        Code.InvalidArgument,
        ErrorCode.INVALID_ARGUMENT,
        "the extra service is not offered here",
        "extra_service"
      );
    case "calculation":
      return calculationError(problem.problem, currency);
  }
}
