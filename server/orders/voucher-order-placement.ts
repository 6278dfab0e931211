import type { ProviderLanguage } from "../adapters/provider/hotel-provider";
import { marketCurrency, type ProductKey } from "../domain/products";
import { isOrderSentAgain } from "../domain/repeated-order";
import type { VoucherDesign } from "../../shared/voucher-designs";
import { findOrderByVoucherPreview, type CustomerDetails, type PresentFor } from "../stores/orders";
import { samePaymentRequest } from "./payment-requests";
import { Refused } from "./refusals";
import type { UseCaseDeps } from "./use-case-deps";
import { voucherOrderDetail, type VoucherOrderDetail } from "./order-reading";
import { saveVoucherOrder, VoucherOrderRefusedError } from "./voucher-order-creation";
import { voucherPreviewFor, type VoucherAsk } from "./voucher-pricing";

/** What the customer sends to order a voucher preview. */
export interface VoucherOrderAsk {
  readonly previewId: string;
  /** What the purchase asks for, to be held to what its preview was priced with. */
  readonly asked: VoucherAsk;
  readonly customer: CustomerDetails;
  readonly presentFor: PresentFor | null;
  readonly design: VoucherDesign;
  readonly language: ProviderLanguage;
}

/**
 * Creates the voucher order of a preview, once: the same preview sent again with the same customer details answers
 * the order it already made, and with other details is refused. The request must ask for what its preview was priced
 * with (amount, fee mode, extra service, payment request), else the visitor is asked to look at the price again. Its
 * voucher is issued once it is paid in full.
 */
export async function placeVoucherOrder(
  deps: UseCaseDeps,
  product: ProductKey,
  ask: VoucherOrderAsk
): Promise<VoucherOrderDetail> {
  const preview = await voucherPreviewFor(deps, product, ask.previewId);
  const earlier = await findOrderByVoucherPreview(deps.db, preview.id);
  if (earlier) {
    if (!isOrderSentAgain(earlier.customer, ask.customer)) throw new Refused({ kind: "already_ordered" });
    return voucherOrderDetail(deps, earlier);
  }

  const { asked } = ask;
  const previewed = preview.paymentRequest;
  const sameRequest =
    asked.amount === preview.amount &&
    asked.feeMode === preview.feeMode &&
    asked.extraService === preview.extraService &&
    // The preview filled in the cheapest method for an empty last_payment; the form sends it back as it got it.
    samePaymentRequest(
      { ...asked.paymentRequest, lastPayment: asked.paymentRequest.lastPayment || previewed.lastPayment },
      previewed
    );
  if (!sameRequest) throw new Refused({ kind: "not_as_previewed", order: "voucher" });
  try {
    const order = await saveVoucherOrder(deps.db, deps.now, {
      product,
      preview,
      customer: ask.customer,
      presentFor: ask.presentFor,
      design: ask.design,
      language: ask.language,
    });
    return voucherOrderDetail(deps, order);
  } catch (error) {
    if (!(error instanceof VoucherOrderRefusedError)) throw error;
    throw new Refused({ kind: "voucher_order_refused", refusal: error.refusal, currency: marketCurrency[product] });
  }
}
