import type { ProviderLanguage } from "../adapters/provider/hotel-provider";
import { ProviderError } from "../adapters/provider/hotel-provider";
import { marketCurrency, type ProductKey } from "../domain/products";
import { isOrderSentAgain } from "../domain/repeated-order";
import { findOrderByPreview, type CustomerDetails, type StoredOrder, type UnpaidOrderOfStay } from "../stores/orders";
import type { StoredPaymentRequest } from "../stores/previews";
import { samePaymentRequest } from "./payment-requests";
import { chosenOrThrow, previewFor } from "./hotel-pricing";
import {
  automaticCancelReasonOf,
  confirmOffer,
  OrderRefusedError,
  saveHotelOrder,
  type NewHotelOrder,
} from "./order-creation";
import { readableHotelOrder, type ReadableHotelOrder } from "./readable-order";
import { Refused } from "./refusals";
import { askProvider, availabilityFor } from "./stay-availability";
import type { UseCaseDeps } from "./use-case-deps";
import { guardVoucherCodes } from "./voucher-code-guard";

/** What the customer sends to order a preview. */
export interface HotelOrderAsk {
  readonly previewId: string;
  readonly paymentRequest: StoredPaymentRequest;
  readonly customer: CustomerDetails;
  readonly language: ProviderLanguage;
  readonly duplicates: NewHotelOrder["duplicates"];
}

/**
 * The order made (or made before), as its customer sees it, or the customer's unpaid orders of the same stay, for
 * them to choose.
 */
export type HotelOrderPlaced =
  | { readonly placed: ReadableHotelOrder }
  | { readonly unpaidOrdersOfStay: readonly UnpaidOrderOfStay[] };

/**
 * Creates the order of a preview, once: the same preview submitted again with the same customer details (a double
 * click, two tabs, a retry) answers the order it already made, and with other details is refused. The order, its payments and the vouchers' credit are saved in one transaction
 * before anything outside is contacted; then the provider's current offer is checked, and an order whose rooms are
 * gone or dearer is cancelled, its credit returned, with the refusal that sends the visitor to a fresh offer.
 */
export async function placeHotelOrder(
  deps: UseCaseDeps,
  product: ProductKey,
  ask: HotelOrderAsk,
  client: string,
  signal: AbortSignal
): Promise<HotelOrderPlaced> {
  const currency = marketCurrency[product];
  const preview = await previewFor(deps, product, ask.previewId);
  const earlier = await findOrderByPreview(deps.db, preview.id);
  if (earlier) {
    if (!isOrderSentAgain(earlier.customer, ask.customer)) throw new Refused({ kind: "already_ordered" });
    return placedOrder(deps, earlier);
  }
  // Before the request is compared with its preview: a client that used up its budget learns nothing of its codes.
  await guardVoucherCodes(deps, client, ask.paymentRequest.voucherCodes, "payment");
  if (
    !samePaymentRequest(ask.paymentRequest, preview.paymentRequest) ||
    ask.customer.cancellationInsurance !== preview.cancellationInsurance
  ) {
    throw new Refused({ kind: "not_as_previewed", order: "hotel" });
  }
  const availability = await availabilityFor(deps, product, preview.availabilityId);
  const chosen = chosenOrThrow(availability, preview.productIds);
  try {
    const saved = await saveHotelOrder(deps.db, deps.now, {
      product,
      preview,
      availability,
      chosen,
      customer: ask.customer,
      language: ask.language,
      duplicates: ask.duplicates,
    });
    if (!("order" in saved)) return { unpaidOrdersOfStay: saved.unpaidOrdersOfStay };
    const search = { product, hotelId: availability.answer.hotel.hotelId, stay: availability.stay, language: ask.language };
    await confirmOffer(
      deps,
      saved.order.id,
      chosen,
      () => askProvider(deps, search, signal),
      (error) => error instanceof ProviderError && error.kind === "nothing_available"
    );
    // The order as its creation committed it: the offer's check changes it only by cancelling it, and throws then.
    return placedOrder(deps, saved.order);
  } catch (error) {
    if (error instanceof OrderRefusedError) throw new Refused({ kind: "hotel_order_refused", refusal: error.refusal, currency });
    throw error;
  }
}

/** The order placed, read by its customer, who placed it; its status page, seen next, shows the transfers' QR codes. */
function placedOrder(deps: Pick<UseCaseDeps, "config" | "now">, order: StoredOrder): HotelOrderPlaced {
  return { placed: readableHotelOrder(asCreated(order), deps.config, deps.now(), "customer", "left out") };
}

/** An order the shop cancelled on its own is refused with its reason, however often its preview is ordered. */
function asCreated(order: StoredOrder): StoredOrder {
  const reason = automaticCancelReasonOf(order);
  if (reason) {
    throw new Refused({
      kind: "hotel_order_refused",
      refusal: { kind: "cancelled", reason },
      currency: marketCurrency[order.product],
    });
  }
  return order;
}
