import { Code, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import {
  chooseProducts,
  priceHotelOrder,
  pricedHotelOrder,
  type ChosenProduct,
  type PricedHotelOrder,
} from "../domain/hotel-order";
import { paymentMethodsFor } from "../domain/payment-methods";
import type { VoucherLookup } from "../domain/payment-calculation";
import { marketCurrency, type ProductKey } from "../domain/products";
import { defaultRestMethod } from "../domain/service-fee";
import { marketDate } from "../domain/stay";
import type { StoredAvailability } from "../stores/availabilities";
import {
  findPreview,
  repricePreview,
  savePreview,
  type StoredPaymentRequest,
  type StoredPreview,
} from "../stores/previews";
import { voucherLookups } from "../stores/vouchers";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { availabilityFor } from "./hotel-availability";
import { toHotelDetail, toHotelRequest } from "./contract/hotel";
import { moneyOf } from "../../shared/money";
import { toOrderPreview } from "./contract/order";
import { calculationError, choiceError, paymentRequestOf } from "./contract/payment-request";
import { requestProductKey } from "./contract/product-variant";
import { guardVoucherCodes } from "./voucher-code-guard";

/** How a preview is to be paid: the request and the insurance choice. */
export interface Pricing {
  readonly paymentRequest: StoredPaymentRequest;
  readonly cancellationInsurance: boolean;
}

/**
 * Prices a choice of rooms from a kept availability check and keeps it under a preview id; asked again with that id
 * and a payment request, re-prices it under the same id; asked with the id alone, answers it as kept.
 */
export function hotelOrderPreview(deps: ApiDeps): ServiceImpl<typeof ShopService>["hotelOrderPreview"] {
  return async (request, context) => {
    const product = requestProductKey(request.productVariant);
    const pricing = (): Pricing | undefined =>
      request.paymentRequest && {
        paymentRequest: paymentRequestOf(request.paymentRequest),
        cancellationInsurance: request.cancellationInsurance,
      };
    switch (request.lookup.case) {
      case "specification": {
        const wanted = withDefaultRestMethod(product, pricing());
        if (!wanted) {
          throw apiError(
            Code.InvalidArgument,
            ErrorCode.INPUT_REQUIRED,
            "payment_request is required",
            "payment_request"
          );
        }
        const { availabilityId, productIds } = request.lookup.value;
        const availability = await availabilityFor(deps, product, availabilityId);
        const chosen = chosenOrThrow(availability, productIds);
        const priced = await price(deps, context, product, chosen, wanted);
        const preview = await savePreview(deps.db, {
          product,
          availabilityId: availability.id,
          productIds: [...productIds],
          ...wanted,
          calculation: priced.calculation,
        });
        return answer(preview, availability, priced);
      }
      case "previewId": {
        const kept = await previewFor(deps, product, request.lookup.value);
        const availability = await availabilityFor(deps, product, kept.availabilityId);
        const chosen = chosenOrThrow(availability, kept.productIds);
        const asStored = (preview: StoredPreview) =>
          answer(
            preview,
            availability,
            pricedHotelOrder(product, chosen, preview.cancellationInsurance, preview.calculation)
          );
        const wanted = pricing();
        if (!wanted) return asStored(kept);
        const priced = await price(deps, context, product, chosen, wanted);
        const revision = request.revision > 0n ? Number(request.revision) : undefined;
        const applied = await repricePreview(
          deps.db,
          kept.id,
          { ...wanted, calculation: priced.calculation },
          deps.now(),
          revision
        );
        // A later re-price of the same screen was applied first: this one arrived late, and the later one stands.
        if (!applied) return asStored(await previewFor(deps, product, kept.id));
        return answer({ ...kept, ...wanted, calculation: priced.calculation }, availability, priced);
      }
      default:
        throw apiError(
          Code.InvalidArgument,
          ErrorCode.INPUT_REQUIRED,
          "specification or preview_id is required",
          "specification"
        );
    }
  };
}

/**
 * A new preview whose request names no method for the rest is paid by the variant's default, the cheapest: the
 * customer has not chosen yet, and the first price they see must carry no fee they did not choose.
 */
function withDefaultRestMethod(product: ProductKey, wanted: Pricing | undefined): Pricing | undefined {
  if (!wanted || wanted.paymentRequest.lastPayment !== "") return wanted;
  const lastPayment = defaultRestMethod(product, paymentMethodsFor(product).hotel) ?? "";
  return { ...wanted, paymentRequest: { ...wanted.paymentRequest, lastPayment } };
}

/** The preview with this id made for this shop; another shop's is "not found". */
export async function previewFor(deps: Pick<ApiDeps, "db">, product: ProductKey, id: string): Promise<StoredPreview> {
  const preview = await findPreview(deps.db, id.toLowerCase());
  if (!preview || preview.product !== product) {
    throw apiError(Code.NotFound, ErrorCode.PAGE_NOT_FOUND, "no preview with this id", "preview_id");
  }
  return preview;
}

/** The rooms a preview names, checked against the offer they were chosen from and the party. */
export function chosenOrThrow(availability: StoredAvailability, productIds: readonly string[]): ChosenProduct[] {
  const choice = chooseProducts(availability.answer, productIds, availability.stay);
  if (!choice.ok) throw choiceError(choice.problem);
  return choice.chosen;
}

/** The rooms priced as asked, the codes looked up through the caller's budget of wrong ones. */
async function price(
  deps: ApiDeps,
  context: HandlerContext,
  product: ProductKey,
  chosen: readonly ChosenProduct[],
  { paymentRequest, cancellationInsurance }: Pricing
): Promise<PricedHotelOrder> {
  const today = marketDate(deps.now());
  await guardVoucherCodes(deps, context, paymentRequest.voucherCodes, "payment_request.voucher_codes");
  const vouchers = await voucherLookups(deps.db, paymentRequest.voucherCodes, marketCurrency[product], today);
  return priceOrThrow(product, chosen, { paymentRequest, cancellationInsurance }, vouchers, today);
}

/** The rooms priced with a payment request and the vouchers it names; a request that cannot be paid is refused. */
export function priceOrThrow(
  product: ProductKey,
  chosen: readonly ChosenProduct[],
  { paymentRequest, cancellationInsurance }: Pricing,
  vouchers: readonly VoucherLookup[],
  today: string
): PricedHotelOrder {
  const result = priceHotelOrder({
    product,
    chosen,
    cancellationInsurance,
    vouchers,
    payments: paymentRequest.payments,
    lastPayment: paymentRequest.lastPayment,
    methods: paymentMethodsFor(product).hotel,
    today,
  });
  if (!result.ok) throw calculationError(result.problem, marketCurrency[product]);
  return result.order;
}

function answer(preview: StoredPreview, availability: StoredAvailability, priced: PricedHotelOrder) {
  const currency = marketCurrency[preview.product];
  const { paymentRequest } = preview;
  return {
    previewId: preview.id,
    hotelRequest: toHotelRequest(availability.answer.hotel.hotelId, availability.stay),
    hotelDetail: toHotelDetail(availability.answer),
    orderPreview: toOrderPreview(priced, availability.answer, currency),
    paymentRequest: {
      voucherCodes: [...paymentRequest.voucherCodes],
      lastPayment: paymentRequest.lastPayment,
      payments: paymentRequest.payments.map((part) => ({
        methodId: part.methodId,
        value: moneyOf(part.value, currency),
      })),
    },
    cancellationInsurance: preview.cancellationInsurance,
    availabilityId: availability.id,
  };
}
