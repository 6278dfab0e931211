import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { Address as ContractAddress } from "../../gen/dzb/shop/v1/common_pb";
import { DuplicateChoice, type OrderRequest } from "../../gen/dzb/shop/v1/order_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { receivingAccount } from "../config";
import { ProviderError } from "../adapters/provider/hotel-provider";
import { marketCurrency, type ProductKey } from "../domain/products";
import {
  automaticCancelReasonOf,
  confirmOffer,
  OrderRefusedError,
  saveHotelOrder,
  type AutomaticCancelReason,
  type NewHotelOrder,
  type OrderRefusal,
} from "../orders/order-creation";
import { orderOwnerKey } from "../orders/owner-key";
import { findOrderByPreview, type Address, type CustomerDetails, type StoredOrder } from "../stores/orders";
import { apiError } from "./contract/api-error";
import { toHotelOrder } from "./contract/order";
import { calculationError, paymentRequestOf, samePaymentRequest } from "./contract/payment-request";
import { providerLanguageOf, requestProductKey } from "./contract/product-variant";
import type { ApiDeps } from "./deps";
import { askProvider, availabilityFor } from "./hotel-availability";
import { chosenOrThrow, previewFor } from "./hotel-order-preview";
import { guardVoucherCodes } from "./voucher-code-guard";

/** Why the shop cancelled an order on its own, as a retry of the same preview is told again. */
const cancelReasons: Record<AutomaticCancelReason, ErrorCode> = {
  accommodation_unavailable: ErrorCode.ORDER_ACCOMMODATION_UNAVAILABLE,
  price_increased: ErrorCode.ORDER_PRICE_INCREASED,
};

const duplicateChoices: Record<DuplicateChoice, NewHotelOrder["duplicates"]> = {
  [DuplicateChoice.UNSPECIFIED]: "ask",
  [DuplicateChoice.REPLACE]: "replace",
  [DuplicateChoice.KEEP_BOTH]: "keep_both",
};

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
    if (earlier) return answered(deps, earlier);
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
    try {
      const saved = await saveHotelOrder(deps.db, deps.now, {
        product,
        preview,
        availability,
        chosen,
        customer,
        language,
        duplicates: duplicateChoices[request.duplicates],
        transferAccount: receivingAccount(deps.config, marketCurrency[product]),
      });
      if (!("order" in saved)) {
        const earlier = saved.unpaidOrdersOfStay.map((order) => ({
          orderNumber: order.orderNumber,
          createdAt: timestampFromDate(order.createdAt),
        }));
        return { unpaidOrdersOfStay: earlier };
      }
      const search = { product, hotelId: availability.answer.hotel.hotelId, stay: availability.stay, language };
      await confirmOffer(
        deps.db,
        deps.now,
        saved.order.id,
        chosen,
        () => askProvider(deps, search, context.signal),
        (error) => error instanceof ProviderError && error.kind === "nothing_available"
      );
      // The order as its creation committed it: the offer's check changes it only by cancelling it, and throws then.
      return answered(deps, saved.order);
    } catch (error) {
      if (error instanceof OrderRefusedError) throw refusalError(error.refusal, product);
      throw error;
    }
  };
}

/**
 * The order with its owner key, for whoever created it; an order the shop cancelled on its own answers with its
 * reason, however often it is asked for.
 */
function answered(deps: ApiDeps, order: StoredOrder) {
  const reason = automaticCancelReasonOf(order);
  if (reason) throw refusalError({ kind: "cancelled", reason }, order.product);
  return {
    hotelOrder: toHotelOrder(order, deps.config, deps.now(), "customer"),
    ownerKey: orderOwnerKey(deps.config.orderKeySecret, order.id),
  };
}

function refusalError(refusal: OrderRefusal, product: ProductKey) {
  switch (refusal.kind) {
    case "not_payable":
      return calculationError(refusal.problem, marketCurrency[product]);
    case "calculation_changed":
      return refusal.difference === "voucher_balance"
        ? apiError(
            Code.FailedPrecondition,
            ErrorCode.VOUCHER_BALANCE_CHANGED,
            "a voucher has less credit than the preview counted on",
            "payment_request.voucher_codes"
          )
        : apiError(
            Code.FailedPrecondition,
            ErrorCode.PAYMENT_CALCULATION_CHANGED,
            "the payment calculation differs from the preview's",
            "payment_request"
          );
    case "cancelled":
      return apiError(
        Code.FailedPrecondition,
        cancelReasons[refusal.reason],
        refusal.reason.replaceAll("_", " "),
        "preview_id"
      );
  }
}

export function addressOf(address: ContractAddress | undefined): Address {
  return {
    streetAddress: address?.streetAddress ?? "",
    city: address?.city ?? "",
    country: address?.country ?? "",
    postalCode: address?.postalCode ?? "",
  };
}

/** The request limits have checked the required fields and their shapes. */
export function customerOf(order: OrderRequest | undefined): CustomerDetails {
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
