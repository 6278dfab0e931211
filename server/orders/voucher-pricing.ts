import { voucherMethodQuotes, type MethodQuote } from "../domain/method-quotes";
import { paymentMethodsFor } from "../domain/payment-methods";
import { marketCurrency, type ProductKey } from "../domain/products";
import { defaultRestMethod } from "../domain/service-fee";
import { marketDate } from "../domain/stay";
import { priceVoucherOrder, type PricedVoucherOrder } from "../domain/voucher-order";
import {
  findVoucherPreview,
  repriceVoucherPreview,
  saveVoucherPreview,
  type StoredVoucherPreview,
  type VoucherPricing,
} from "../stores/voucher-previews";
import { Refused } from "./refusals";
import type { UseCaseDeps } from "./use-case-deps";

/** What a voucher purchase is asked for, before it is priced. */
export type VoucherAsk = Omit<VoucherPricing, "calculation">;

/**
 * Prices a voucher purchase and keeps it under a preview id; asked again with that id, re-prices it under the same
 * id, so the order made from it is made once (placeVoucherOrder). Only the shops that sell vouchers price one.
 * An empty last payment is the cheapest method, as in a hotel order's first preview: the first price a visitor
 * sees carries no fee they did not choose.
 */
export async function previewVoucherOrder(
  deps: Pick<UseCaseDeps, "db" | "now">,
  product: ProductKey,
  asked: VoucherAsk,
  previewId: string | undefined
): Promise<{ preview: StoredVoucherPreview; priced: PricedVoucherOrder; quotes: MethodQuote[] }> {
  if (asked.paymentRequest.voucherCodes.length > 0) throw new Refused({ kind: "voucher_pays_voucher" });
  const lastPayment =
    asked.paymentRequest.lastPayment || (defaultRestMethod(product, paymentMethodsFor(product).voucher) ?? "");
  const wanted = { ...asked, paymentRequest: { ...asked.paymentRequest, lastPayment } };
  const today = marketDate(deps.now());
  const priced = priceOrThrow(product, wanted, today);
  const { feeMode, amount, extraService } = wanted;
  const quotes = voucherMethodQuotes({ product, feeMode, amount, extraService, today });
  const pricing: VoucherPricing = { ...wanted, calculation: priced.calculation };
  if (previewId === undefined) {
    return { preview: await saveVoucherPreview(deps.db, { product, ...pricing }, deps.now()), priced, quotes };
  }
  const kept = await voucherPreviewFor(deps, product, previewId);
  await repriceVoucherPreview(deps.db, kept.id, pricing, deps.now());
  return { preview: { ...kept, ...pricing }, priced, quotes };
}

/** The stored preview with this id made for this shop; another shop's is unknown. */
export async function voucherPreviewFor(
  deps: Pick<UseCaseDeps, "db">,
  product: ProductKey,
  id: string
): Promise<StoredVoucherPreview> {
  const preview = await findVoucherPreview(deps.db, id.toLowerCase());
  if (!preview || preview.product !== product) throw new Refused({ kind: "unknown", what: "voucher_preview" });
  return preview;
}

/** The purchase priced as asked; one that cannot be bought is refused with the reason. */
function priceOrThrow(product: ProductKey, wanted: VoucherAsk, today: string): PricedVoucherOrder {
  const result = priceVoucherOrder({
    product,
    feeMode: wanted.feeMode,
    amount: wanted.amount,
    extraService: wanted.extraService,
    payments: wanted.paymentRequest.payments,
    lastPayment: wanted.paymentRequest.lastPayment,
    today,
  });
  if (!result.ok) {
    throw new Refused({ kind: "voucher_order", problem: result.problem, currency: marketCurrency[product] });
  }
  return result.order;
}
