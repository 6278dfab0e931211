import { Code } from "@connectrpc/connect";
import type { Address as ContractAddress } from "../../../gen/dzb/shop/v1/common_pb";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import type { OrderRequest } from "../../../gen/dzb/shop/v1/order_pb";
import type { PresentFor as ContractPresentFor } from "../../../gen/dzb/shop/v1/voucher_pb";
import type { Address, CustomerDetails, PresentFor } from "../../stores/orders";
import { apiError } from "./api-error";

/** The customer of an order request, and a voucher's recipient, in the shop's terms. */

function addressOf(address: ContractAddress | undefined): Address {
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

/** The request limits have checked its shapes; names and contacts are kept as typed, trimmed. */
export function presentForOf(recipient: ContractPresentFor): PresentFor {
  return {
    firstName: recipient.firstName.trim(),
    lastName: recipient.lastName.trim(),
    email: recipient.email.trim(),
    mobile: recipient.mobile.trim(),
    ...(recipient.address ? { address: addressOf(recipient.address) } : {}),
  };
}
