import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { PresentFor as ContractPresentFor } from "../../gen/dzb/shop/v1/voucher_pb";
import { minorUnits } from "../../shared/money";
import { isVoucherDesign, voucherDesigns } from "../../shared/voucher-designs";
import { receivingAccount } from "../config";
import { marketCurrency } from "../domain/products";
import { saveVoucherOrder, VoucherOrderRefusedError } from "../orders/voucher-order-creation";
import { findOrderByVoucherPreview, type PresentFor, type StoredVoucherOrder } from "../stores/orders";
import { apiError } from "./contract/api-error";
import { paymentRequestOf, samePaymentRequest } from "./contract/payment-request";
import { providerLanguageOf, requestProductKey } from "./contract/product-variant";
import { feeModeOf } from "./contract/voucher";
import type { ApiDeps } from "./deps";
import { addressOf, customerOf } from "./hotel-order-create";
import { voucherDetailOfOrder } from "./order-detail";
import { voucherOrderError, voucherPreviewFor } from "./voucher-order-preview";

/**
 * Creates the voucher order of a preview, once: the same preview sent again answers the order it already made. The
 * request must ask for what its preview was priced with (amount, fee mode, extra service, payment request), else
 * the visitor is asked to look at the price again. Its voucher is issued once it is paid in full.
 */
export function voucherOrderCreate(deps: ApiDeps): ServiceImpl<typeof ShopService>["voucherOrderCreate"] {
  return async (request) => {
    const product = requestProductKey(request.productVariant);
    const preview = await voucherPreviewFor(deps, product, request.previewId);
    const earlier = await findOrderByVoucherPreview(deps.db, preview.id);
    if (earlier) return { voucherOrder: await answered(deps, earlier) };

    const asked = paymentRequestOf(request.paymentRequest);
    const previewed = preview.paymentRequest;
    const sameRequest =
      minorUnits(request.voucherValue) === preview.amount &&
      feeModeOf(request.feeMode) === preview.feeMode &&
      request.extraService === preview.extraService &&
      // The preview filled in the cheapest method for an empty last_payment; the form sends it back as it got it.
      samePaymentRequest({ ...asked, lastPayment: asked.lastPayment || previewed.lastPayment }, previewed);
    if (!sameRequest) {
      throw apiError(
        Code.FailedPrecondition,
        ErrorCode.PAYMENT_CALCULATION_CHANGED,
        "the order asks for another voucher or payment than its preview was priced with; preview it first",
        "payment_request"
      );
    }
    const design = request.design || voucherDesigns[0];
    if (!isVoucherDesign(design)) throw new Error(`the request limits let design "${design}" through`);
    try {
      const order = await saveVoucherOrder(deps.db, deps.now, {
        product,
        preview,
        customer: customerOf(request.order),
        presentFor: request.presentFor ? presentForOf(request.presentFor) : null,
        design,
        language: providerLanguageOf(request.productVariant?.lang),
        transferAccount: receivingAccount(deps.config, marketCurrency[product]),
      });
      return { voucherOrder: await answered(deps, order) };
    } catch (error) {
      if (!(error instanceof VoucherOrderRefusedError)) throw error;
      if (error.refusal.kind === "not_priceable") throw voucherOrderError(error.refusal.problem, product);
      throw apiError(
        Code.FailedPrecondition,
        ErrorCode.PAYMENT_CALCULATION_CHANGED,
        "the payment calculation differs from the preview's",
        "payment_request"
      );
    }
  };
}

function answered(deps: ApiDeps, order: StoredVoucherOrder) {
  return voucherDetailOfOrder(deps, order);
}

/** The request limits have checked its shapes; names and contacts are kept as typed, trimmed. */
function presentForOf(recipient: ContractPresentFor): PresentFor {
  return {
    firstName: recipient.firstName.trim(),
    lastName: recipient.lastName.trim(),
    email: recipient.email.trim(),
    mobile: recipient.mobile.trim(),
    ...(recipient.address ? { address: addressOf(recipient.address) } : {}),
  };
}
