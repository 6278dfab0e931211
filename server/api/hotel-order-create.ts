import { Code, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { Address as ContractAddress, ProductVariant } from "../../gen/dzb/shop/v1/common_pb";
import { DuplicateChoice, type OrderRequest } from "../../gen/dzb/shop/v1/order_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { Language } from "../../shared/route-table";
import { ProviderError } from "../adapters/provider/hotel-provider";
import {
  calculationDifference,
  offerChange,
  stayTiming,
  type ChosenProduct,
  type PricedHotelOrder,
} from "../domain/hotel-order";
import type { PaymentCalculation } from "../domain/payment-calculation";
import { payByDeadline } from "../domain/order-lifecycle";
import { voucherCredit } from "../domain/payment-methods";
import { marketCurrency, type ProductKey } from "../domain/products";
import { marketTimeZones } from "../../shared/market-time-zones";
import { marketDate } from "../domain/stay";
import type { StoredAvailability } from "../stores/availabilities";
import {
  cancelOrder,
  findOrder,
  findOrderByPreview,
  insertHotelOrder,
  insertPayments,
  replaceOrder,
  unpaidOrdersOfStay,
  type Address,
  type CustomerDetails,
  type HotelOrderSummary,
  type OrderReference,
  type StoredOrder,
} from "../stores/orders";
import type { StoredPreview } from "../stores/previews";
import { spendVoucher, voucherLookups } from "../stores/vouchers";
import { enqueueOrderMail } from "../orders/order-jobs";
import { onOrderCreated, settleOrder } from "../orders/payment-settlement";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { askProvider, availabilityFor } from "./hotel-availability";
import { chosenOrThrow, previewFor, priceOrThrow } from "./hotel-order-preview";
import { orderedRoom, toHotelOrder } from "./contract/order";
import { paymentRequestOf, samePaymentRequest } from "./contract/payment-request";
import { providerLanguageOf, requestProductKey } from "./contract/product-variant";
import { guardVoucherCodes } from "./voucher-code-guard";

/** Why the shop cancelled an order on its own, and what a retry of the same preview is told again. */
const cancelReasons = {
  accommodation_unavailable: ErrorCode.ORDER_ACCOMMODATION_UNAVAILABLE,
  price_increased: ErrorCode.ORDER_PRICE_INCREASED,
} as const;
type CancelReason = keyof typeof cancelReasons;

/**
 * Creates the order of a preview, once: the same preview submitted again (a double click, two tabs, a retry)
 * answers the order it already made. The order, its payments and the vouchers' credit are saved in one transaction
 * before anything outside is contacted; then the provider's current offer is checked, and an order whose rooms are
 * gone or dearer is cancelled, its credit returned, with the message that sends the visitor to a fresh offer.
 */
export function hotelOrderCreate(deps: ApiDeps): ServiceImpl<typeof ShopService>["hotelOrderCreate"] {
  return async (request, context) => {
    const product = requestProductKey(request.productVariant);
    const preview = await previewFor(deps, product, request.previewId);
    const earlier = await findOrderByPreview(deps.db, preview.id);
    if (earlier) return { hotelOrder: await answered(deps, earlier) };
    // Before the request is compared with its preview: a client that used up its budget learns nothing of its codes.
    const codes = request.paymentRequest?.voucherCodes ?? [];
    await guardVoucherCodes(deps, context, codes, "payment_request.voucher_codes");

    const customer = customerOf(request.order);
    if (
      !samePaymentRequest(paymentRequestOf(request.paymentRequest), preview.paymentRequest) ||
      customer.cancellationInsurance !== preview.cancellationInsurance
    ) {
      throw apiError(
        Code.FailedPrecondition,
        ErrorCode.PAYMENT_CALCULATION_CHANGED,
        "the order asks for another payment or insurance than its preview was priced with; preview it first",
        "payment_request"
      );
    }
    const availability = await availabilityFor(deps, product, preview.availabilityId);
    const chosen = chosenOrThrow(availability, preview.productIds);
    const language = providerLanguageOf(request.productVariant?.lang);
    const { duplicates } = request;
    const saved = await saveOrder(deps, product, preview, availability, chosen, customer, language, duplicates);
    if (!("orderId" in saved)) {
      const earlier = saved.unpaidOrdersOfStay.map((order) => ({ orderId: order.id, orderNumber: order.orderNumber }));
      return { unpaidOrdersOfStay: earlier };
    }
    const { orderId } = saved;
    await confirmOffer(deps, request.productVariant, orderId, availability, chosen, context);
    const order = await findOrder(deps.db, orderId);
    if (!order) throw new Error(`order ${orderId} vanished after it was saved`);
    return { hotelOrder: await answered(deps, order) };
  };
}

/** An order the shop cancelled on its own answers with its reason, however often it is asked for. */
async function answered(deps: ApiDeps, order: StoredOrder) {
  if (order.status === "cancelled_automatically" && order.cancelReason && order.cancelReason in cancelReasons) {
    throw cancelledError(order.cancelReason as CancelReason);
  }
  return toHotelOrder(order, deps.config, deps.now());
}

function cancelledError(reason: CancelReason) {
  return apiError(Code.FailedPrecondition, cancelReasons[reason], reason.replaceAll("_", " "), "preview_id");
}

/**
 * One transaction: the order (unless the preview already has one), the vouchers' credit taken under their row locks,
 * the payments, the order's status, and the customer's unpaid orders of the same stay replaced or kept as they chose.
 * Without a choice while there are such orders nothing is saved: they are answered, for the customer to choose.
 */
async function saveOrder(
  deps: ApiDeps,
  product: ProductKey,
  preview: StoredPreview,
  availability: StoredAvailability,
  chosen: readonly ChosenProduct[],
  customer: CustomerDetails,
  language: Language,
  duplicates: DuplicateChoice
): Promise<{ orderId: string } | { unpaidOrdersOfStay: OrderReference[] }> {
  const { db, now } = deps;
  const currency = marketCurrency[product];
  const today = marketDate(now());
  return db.transaction(async (tx) => {
    // Locked first: two orders spending one voucher wait for each other here, and each prices with what is left.
    const vouchers = await voucherLookups(tx, preview.paymentRequest.voucherCodes, currency, today, { lock: true });
    const order = priceOrThrow(product, chosen, preview, vouchers, today);
    const duplicateKey = duplicateKeyOf(product, customer.email, availability, preview.productIds);
    // Nothing changes behind the customer's back: an unpaid order of the same stay is replaced, or kept, as they say.
    const earlier = await unpaidOrdersOfStay(tx, duplicateKey, preview.id);
    if (earlier.length > 0 && duplicates === DuplicateChoice.UNSPECIFIED) return { unpaidOrdersOfStay: earlier };
    const summary = summaryOf(availability, chosen, order);
    const createdAt = now();
    const inserted = await insertHotelOrder(tx, {
      product,
      previewId: preview.id,
      email: customer.email,
      currency,
      total: order.price.total,
      customer,
      summary,
      duplicateKey,
      language,
      payBy: payByDeadline(
        createdAt,
        summary.stay.checkIn,
        summary.rooms.map((room) => room.freeCancellationUntil),
        marketTimeZones[currency]
      ),
      now: createdAt,
    });
    // Another create of this preview got there first and has committed: its order is the answer.
    if (!inserted) {
      const existing = await findOrderByPreview(tx, preview.id);
      if (!existing) throw new Error(`preview ${preview.id} has neither a new nor an earlier order`);
      return { orderId: existing.id };
    }
    checkSameCalculation(preview.calculation, order.calculation);
    for (const credit of order.calculation.credits) {
      if (credit.willBeUsed > 0) await spendVoucher(tx, credit.voucherId, inserted.id, credit.willBeUsed);
    }
    await insertPayments(tx, inserted.id, [
      ...order.calculation.credits
        .filter((credit) => credit.willBeUsed > 0)
        .map((credit) => ({
          methodId: voucherCredit.id,
          value: credit.willBeUsed,
          status: "paid" as const,
          voucherId: credit.voucherId,
        })),
      ...order.calculation.outputs.map((output) => ({
        methodId: output.methodId,
        value: output.value,
        status: "waiting" as const,
      })),
    ], createdAt);
    await onOrderCreated(tx, await settleOrder(tx, inserted.id, createdAt), createdAt);
    if (duplicates === DuplicateChoice.REPLACE) {
      for (const replaced of earlier) {
        await replaceOrder(tx, replaced.id, inserted.id, createdAt);
        await enqueueOrderMail(tx, { kind: "order_replaced", orderId: replaced.id }, createdAt);
      }
    }
    return { orderId: inserted.id };
  });
}

/** The order must take from vouchers and charge to methods exactly what the visitor saw in the preview. */
function checkSameCalculation(previewed: PaymentCalculation, now: PaymentCalculation): void {
  const difference = calculationDifference(previewed, now);
  if (difference === "voucher_balance") {
    throw apiError(
      Code.FailedPrecondition,
      ErrorCode.VOUCHER_BALANCE_CHANGED,
      "a voucher has less credit than the preview counted on",
      "payment_request.voucher_codes"
    );
  }
  if (difference === "payments") {
    throw apiError(
      Code.FailedPrecondition,
      ErrorCode.PAYMENT_CALCULATION_CHANGED,
      "the payment calculation differs from the preview's",
      "payment_request"
    );
  }
}

/**
 * Asks the provider whether the chosen rooms are still offered at their price. A provider that cannot answer now
 * leaves the order as it is: it is saved and paid for as previewed, and the booking checks the offer again.
 */
async function confirmOffer(
  deps: ApiDeps,
  variant: ProductVariant | undefined,
  orderId: string,
  availability: StoredAvailability,
  chosen: readonly ChosenProduct[],
  context: HandlerContext
): Promise<void> {
  let change: ReturnType<typeof offerChange>;
  try {
    const fresh = await askProvider(
      deps,
      {
        product: availability.product,
        hotelId: availability.answer.hotel.hotelId,
        stay: availability.stay,
        language: providerLanguageOf(variant?.lang),
      },
      context.signal
    );
    change = offerChange(chosen, fresh);
  } catch (error) {
    if (error instanceof ProviderError && error.kind === "nothing_available") change = "unavailable";
    else {
      console.warn(`order ${orderId}: the provider's offer could not be confirmed: ${String(error)}`);
      return;
    }
  }
  if (!change) return;
  const reason: CancelReason = change === "unavailable" ? "accommodation_unavailable" : "price_increased";
  await deps.db.transaction((tx) => cancelOrder(tx, orderId, "cancelled_automatically", reason, deps.now()));
  throw cancelledError(reason);
}

function summaryOf(
  availability: StoredAvailability,
  chosen: readonly ChosenProduct[],
  order: PricedHotelOrder
): HotelOrderSummary {
  return {
    availabilityId: availability.id,
    requestId: availability.answer.requestId,
    answeredAt: availability.answer.answeredAt.toISOString(),
    hotel: availability.answer.hotel,
    stay: availability.stay,
    rooms: order.products.map(orderedRoom),
    price: order.price,
    bookOnlyAfterPayment: order.bookOnlyAfterPayment,
    timing: stayTiming(chosen),
  };
}

/** The same person ordering the same rooms of the same hotel for the same nights. */
function duplicateKeyOf(
  product: ProductKey,
  email: string,
  availability: StoredAvailability,
  productIds: readonly string[]
): string {
  const { stay, answer } = availability;
  return [
    product,
    email.trim().toLowerCase(),
    answer.hotel.hotelId,
    stay.checkIn,
    stay.checkOut,
    [...productIds].sort().join(","),
  ].join("|");
}

function addressOf(address: ContractAddress | undefined): Address {
  return {
    streetAddress: address?.streetAddress ?? "",
    city: address?.city ?? "",
    country: address?.country ?? "",
    postalCode: address?.postalCode ?? "",
  };
}

/** The request limits have checked the required fields and their shapes. */
function customerOf(order: OrderRequest | undefined): CustomerDetails {
  if (!order) throw apiError(Code.InvalidArgument, ErrorCode.INPUT_REQUIRED, "order is required", "order");
  const billing = order.billingAddress;
  return {
    firstName: order.firstName.trim(),
    lastName: order.lastName.trim(),
    email: order.email.trim(),
    mobile: order.mobile.trim(),
    contactAddress: addressOf(order.contactAddress),
    ...(billing
      ? {
          billing: {
            address: addressOf(billing.address),
            companyName: billing.companyName,
            companyId: billing.companyId,
            taxId: billing.taxId,
          },
        }
      : {}),
    noteForHotel: order.noteForHotel,
    agreeCp: order.agreeCp,
    agreeTac: order.agreeTac,
    agreeMp: order.agreeMp,
    bookingForSomeoneElse: order.bookingForSomeoneElse,
    isMainGuest: order.isMainGuest,
    guestName: order.guestName.trim(),
    carRentalInterest: order.carRentalInterest,
    cancellationInsurance: order.cancellationInsurance,
  };
}
