import type { ChoiceProblem } from "../domain/hotel-order";
import type { CancelRefusal } from "../domain/order-lifecycle";
import type { AnyDocumentKind } from "../domain/order-documents";
import type { CalculationProblem } from "../domain/payment-calculation";
import type { CurrencyCode } from "../domain/products";
import type { StayProblem } from "../domain/stay";
import type { VoucherOrderProblem } from "../domain/voucher-order";
import type { OrderRefusal } from "./order-creation";
import type { PaymentChangeRefusal } from "./payment-change";
import type { VoucherOrderRefusal } from "./voucher-order-creation";

/** What a request may name that the shop does not have; another shop's is as unknown as one never made. */
export type UnknownThing =
  | "availability"
  | "preview"
  | "voucher_preview"
  | "order"
  | "hotel_order"
  | "voucher_order"
  | "payment_attempt"
  | "voucher";

/**
 * Why a use case refuses what it was asked, in the shop's terms. The api says each in the contract's words, with the
 * request field it concerns (api/contract/refusals.ts); a use case knows no Connect code and no catalogue entry.
 */
export type Refusal =
  | { readonly kind: "unknown"; readonly what: UnknownThing }
  | { readonly kind: "stay"; readonly problem: StayProblem }
  | { readonly kind: "choice"; readonly problem: ChoiceProblem }
  | { readonly kind: "calculation"; readonly problem: CalculationProblem; readonly currency: CurrencyCode }
  | { readonly kind: "voucher_order"; readonly problem: VoucherOrderProblem; readonly currency: CurrencyCode }
  /** A voucher cannot pay for a voucher. */
  | { readonly kind: "voucher_pays_voucher" }
  /** The order asks for another stay payment, insurance or voucher than its preview was priced with. */
  | { readonly kind: "not_as_previewed"; readonly order: "hotel" | "voucher" }
  /** The preview made its order for other customer details (domain/repeated-order.ts). */
  | { readonly kind: "already_ordered" }
  | { readonly kind: "hotel_order_refused"; readonly refusal: OrderRefusal; readonly currency: CurrencyCode }
  | { readonly kind: "voucher_order_refused"; readonly refusal: VoucherOrderRefusal; readonly currency: CurrencyCode }
  /** The customer may not cancel the order now (domain/order-lifecycle.ts). */
  | { readonly kind: "cancel_refused"; readonly reason: CancelRefusal }
  /** The payment cannot move to the method asked for (orders/payment-change.ts). */
  | { readonly kind: "payment_change_refused"; readonly refusal: PaymentChangeRefusal }
  /** Changing an order takes its owner key (decision 041). */
  | { readonly kind: "owner_key_invalid" }
  /** The caller spent its budget of wrong voucher codes (decision 015); `asked` is how the codes came. */
  | { readonly kind: "voucher_codes_exhausted"; readonly retryAfterSeconds: number; readonly asked: "payment" | "check" }
  /** A gateway would send the visitor back to an address not the shop's own: an open redirect in its name. */
  | { readonly kind: "return_url_invalid" }
  /** The order has no such document in its state (domain/order-documents.ts). */
  | { readonly kind: "document_unavailable"; readonly document: AnyDocumentKind }
  /** A voucher's code names a coupon, or another shop's voucher. */
  | { readonly kind: "voucher_not_checkable"; readonly reason: "coupon" | "other_shop" };

export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`refused: ${refusal.kind}`);
  }
}
