import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { HotelOrderPreviewRequest, ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { marketCurrency } from "../domain/products";
import {
  previewHotelOrder,
  type HotelPreview,
  type Planning,
  type PreviewAsk,
  type Pricing,
} from "../orders/hotel-pricing";
import { apiError } from "./contract/api-error";
import { clientAddressKey } from "./client-address";
import type { ApiDeps } from "./deps";
import { toHotelDetail, toHotelRequest } from "./contract/hotel";
import { minorUnits, moneyOf } from "../../shared/money";
import { toOrderPreview, toPaymentOutput } from "./contract/order";
import { toMethodQuote } from "./contract/payment-method";
import { paymentRequestOf, toPaymentRequest } from "./contract/payment-request";
import { requestProductKey } from "./contract/product-variant";

function askOf(request: HotelOrderPreviewRequest): PreviewAsk {
  const pricing: Pricing | undefined = request.paymentRequest && {
    paymentRequest: paymentRequestOf(request.paymentRequest),
    cancellationInsurance: request.cancellationInsurance,
  };
  const planning: Planning = {
    balances: request.balances.map((part) => ({ methodId: part.methodId, balance: minorUnits(part.value) })),
    take: request.takeSplitProposal,
  };
  switch (request.lookup.case) {
    case "specification": {
      if (!pricing) {
        throw apiError(Code.InvalidArgument, ErrorCode.INPUT_REQUIRED, "payment_request is required", "payment_request");
      }
      const { availabilityId, productIds } = request.lookup.value;
      return { availabilityId, productIds, pricing, planning };
    }
    case "previewId":
      return {
        previewId: request.lookup.value,
        pricing,
        revision: request.revision > 0n ? Number(request.revision) : undefined,
        planning,
      };
    default:
      throw apiError(
        Code.InvalidArgument,
        ErrorCode.INPUT_REQUIRED,
        "specification or preview_id is required",
        "specification"
      );
  }
}

function answer({ preview, availability, priced, quotes, proposal, orderNumber }: HotelPreview) {
  const currency = marketCurrency[preview.product];
  return {
    previewId: preview.id,
    hotelRequest: toHotelRequest(availability.answer.hotel.hotelId, availability.stay),
    hotelDetail: toHotelDetail(availability.answer),
    orderPreview: toOrderPreview(priced, availability.answer, currency),
    paymentRequest: toPaymentRequest(preview.paymentRequest, currency),
    cancellationInsurance: preview.cancellationInsurance,
    availabilityId: availability.id,
    orderNumber: orderNumber ?? "",
    methodQuotes: quotes.map((quote) => toMethodQuote(quote, currency)),
    splitProposal: proposal && {
      paymentRequest: toPaymentRequest(proposal.paymentRequest, currency),
      paymentOutputs: proposal.outputs.map((output) => toPaymentOutput(output, currency)),
      serviceFee: moneyOf(proposal.serviceFee, currency),
      total: moneyOf(proposal.total, currency),
    },
  };
}

/** A choice of rooms priced and kept under a preview id, or a kept preview re-priced (orders/hotel-pricing.ts). */
export function hotelOrderPreview(deps: ApiDeps): ServiceImpl<typeof ShopService>["hotelOrderPreview"] {
  return async (request, context) => {
    const product = requestProductKey(request.productVariant);
    const client = context.values.get(clientAddressKey);
    return answer(await previewHotelOrder(deps, product, askOf(request), client));
  };
}
