import {
  chooseProducts,
  priceHotelOrder,
  pricedHotelOrder,
  type ChosenProduct,
  type PricedHotelOrder,
} from "../domain/hotel-order";
import { hotelMethodQuotes, type MethodQuote } from "../domain/method-quotes";
import { planHotelSplit, type MethodBalance } from "../domain/split-planner";
import { paymentMethodsFor } from "../domain/payment-methods";
import type { PaymentOutput, VoucherLookup } from "../domain/payment-calculation";
import { marketCurrency, type ProductKey } from "../domain/products";
import { defaultRestMethod } from "../domain/service-fee";
import { marketDate } from "../domain/stay";
import type { StoredAvailability } from "../stores/availabilities";
import { findOrderByPreview } from "../stores/orders";
import {
  findPreview,
  repricePreview,
  savePreview,
  type StoredPaymentRequest,
  type StoredPreview,
} from "../stores/previews";
import { voucherLookups } from "../stores/vouchers";
import { Refused } from "./refusals";
import { availabilityFor } from "./stay-availability";
import type { UseCaseDeps } from "./use-case-deps";
import { guardVoucherCodes } from "./voucher-code-guard";

/** How a preview is to be paid: the request and the insurance choice. */
export interface Pricing {
  readonly paymentRequest: StoredPaymentRequest;
  readonly cancellationInsurance: boolean;
}

/** What the customer says their cards hold, for the cheapest split they allow; `take` prices the preview with it. */
export interface Planning {
  readonly balances: readonly MethodBalance[];
  readonly take: boolean;
}

/** What a preview is asked for: rooms chosen from a kept offer, priced as asked; or a kept preview, re-priced or not. */
export type PreviewAsk = (
  | { readonly availabilityId: string; readonly productIds: readonly string[]; readonly pricing: Pricing }
  | { readonly previewId: string; readonly pricing?: Pricing; readonly revision?: number }
) & { readonly planning?: Planning };

/** The cheapest split for the stated balances, and what the order costs with it. */
export interface SplitProposal {
  readonly paymentRequest: StoredPaymentRequest;
  readonly outputs: readonly PaymentOutput[];
  readonly serviceFee: number;
  readonly total: number;
}

/** A preview as it stands, with the offer its rooms were chosen from and their prices. */
export interface HotelPreview {
  readonly preview: StoredPreview;
  readonly availability: StoredAvailability;
  readonly priced: PricedHotelOrder;
  /** Each method the order can be paid with alone, cheapest first: the ways to pay side by side. */
  readonly quotes: readonly MethodQuote[];
  /** Asked with balances and priced: the cheapest split they allow. */
  readonly proposal?: SplitProposal;
  /**
   * The number of the order made from a kept preview, once one is: looked for only when the preview is asked for by its
   * id. Its number, not its id, which opens the order: the preview's id travels with the reservation's address.
   */
  readonly orderNumber?: string;
}

/**
 * Prices a choice of rooms from a kept availability check and keeps it under a preview id; asked again with that id
 * and a payment request, re-prices it under the same id; asked with the id alone, answers it as kept. The codes the
 * request names are looked up through the caller's budget of wrong ones (`client`).
 */
export async function previewHotelOrder(
  deps: UseCaseDeps,
  product: ProductKey,
  ask: PreviewAsk,
  client: string
): Promise<HotelPreview> {
  if ("availabilityId" in ask) {
    const wanted = withDefaultRestMethod(product, ask.pricing);
    const availability = await availabilityFor(deps, product, ask.availabilityId);
    const chosen = chosenOrThrow(availability, ask.productIds);
    const { pricing, priced, quotes, proposal } = await price(deps, client, product, chosen, wanted, ask.planning);
    const preview = await savePreview(
      deps.db,
      {
        product,
        availabilityId: availability.id,
        productIds: [...ask.productIds],
        ...pricing,
        calculation: priced.calculation,
      },
      deps.now()
    );
    return { preview, availability, priced, quotes, proposal };
  }
  const kept = await previewFor(deps, product, ask.previewId);
  const [availability, ordered] = await Promise.all([
    availabilityFor(deps, product, kept.availabilityId),
    findOrderByPreview(deps.db, kept.id),
  ]);
  const chosen = chosenOrThrow(availability, kept.productIds);
  const orderNumber = ordered?.orderNumber;
  const asStored = async (preview: StoredPreview): Promise<HotelPreview> => ({
    preview,
    availability,
    priced: pricedHotelOrder(product, chosen, preview.cancellationInsurance, preview.calculation),
    // Its codes were looked up when it was priced: they count against no one's budget of wrong ones again.
    quotes: hotelMethodQuotes(
      orderInput(
        product,
        chosen,
        preview,
        await vouchersOf(deps, product, preview.paymentRequest.voucherCodes),
        marketDate(deps.now())
      )
    ),
    orderNumber,
  });
  if (!ask.pricing) return asStored(kept);
  const { pricing, priced, quotes, proposal } = await price(deps, client, product, chosen, ask.pricing, ask.planning);
  const applied = await repricePreview(
    deps.db,
    kept.id,
    { ...pricing, calculation: priced.calculation },
    deps.now(),
    ask.revision
  );
  // A later re-price of the same screen was applied first: this one arrived late, and the later one stands.
  if (!applied) return asStored(await previewFor(deps, product, kept.id));
  const preview = { ...kept, ...pricing, calculation: priced.calculation };
  return { preview, availability, priced, quotes, proposal, orderNumber };
}

/**
 * A new preview whose request names no method for the rest is paid by the variant's default, the cheapest: the
 * customer has not chosen yet, and the first price they see must carry no fee they did not choose.
 */
function withDefaultRestMethod(product: ProductKey, wanted: Pricing): Pricing {
  if (wanted.paymentRequest.lastPayment !== "") return wanted;
  const lastPayment = defaultRestMethod(product, paymentMethodsFor(product).hotel) ?? "";
  return { ...wanted, paymentRequest: { ...wanted.paymentRequest, lastPayment } };
}

/** The preview with this id made for this shop; another shop's is unknown. */
export async function previewFor(
  deps: Pick<UseCaseDeps, "db">,
  product: ProductKey,
  id: string
): Promise<StoredPreview> {
  const preview = await findPreview(deps.db, id.toLowerCase());
  if (!preview || preview.product !== product) throw new Refused({ kind: "unknown", what: "preview" });
  return preview;
}

/** The rooms a preview names, checked against the offer they were chosen from and the party. */
export function chosenOrThrow(availability: StoredAvailability, productIds: readonly string[]): ChosenProduct[] {
  const choice = chooseProducts(availability.answer, productIds, availability.stay);
  if (!choice.ok) throw new Refused({ kind: "choice", problem: choice.problem });
  return choice.chosen;
}

/**
 * The rooms priced as asked (or with the cheapest split for the stated balances, when the planning takes it), by each
 * method alone, and with that split; the codes looked up through the caller's budget of wrong ones. Answers the
 * pricing the order was priced with, to be kept.
 */
async function price(
  deps: UseCaseDeps,
  client: string,
  product: ProductKey,
  chosen: readonly ChosenProduct[],
  asked: Pricing,
  planning: Planning | undefined
): Promise<{ pricing: Pricing; priced: PricedHotelOrder; quotes: MethodQuote[]; proposal?: SplitProposal }> {
  const codes = asked.paymentRequest.voucherCodes;
  await guardVoucherCodes(deps, client, codes, "payment");
  const vouchers = await vouchersOf(deps, product, codes);
  const today = marketDate(deps.now());
  const order = orderInput(product, chosen, asked, vouchers, today);
  const plan = planning?.balances.length
    ? planHotelSplit(order, planning.balances, asked.paymentRequest.lastPayment)
    : undefined;
  const planned = plan && { ...asked.paymentRequest, payments: plan.payments, lastPayment: plan.lastPayment };
  const pricing = planned && planning?.take ? { ...asked, paymentRequest: planned } : asked;
  const withPlan = planned && priceHotelOrder({ ...order, payments: planned.payments, lastPayment: planned.lastPayment });
  return {
    pricing,
    priced: priceOrThrow(product, chosen, pricing, vouchers, today),
    quotes: hotelMethodQuotes(order),
    proposal:
      planned && withPlan?.ok
        ? {
            paymentRequest: planned,
            outputs: withPlan.order.calculation.outputs,
            serviceFee: withPlan.order.price.serviceFee,
            total: withPlan.order.price.total,
          }
        : undefined,
  };
}

function vouchersOf(deps: Pick<UseCaseDeps, "db" | "now">, product: ProductKey, codes: readonly string[]) {
  return voucherLookups(deps.db, codes, marketCurrency[product], marketDate(deps.now()));
}

/** The rooms with their insurance choice and vouchers, as the domain prices them with any split. */
function orderInput(
  product: ProductKey,
  chosen: readonly ChosenProduct[],
  { cancellationInsurance }: Pick<Pricing, "cancellationInsurance">,
  vouchers: readonly VoucherLookup[],
  today: string
) {
  return { product, chosen, cancellationInsurance, vouchers, methods: paymentMethodsFor(product).hotel, today };
}

/** The rooms priced with a payment request and the vouchers it names; a request that cannot be paid is refused. */
function priceOrThrow(
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
  if (!result.ok) throw new Refused({ kind: "calculation", problem: result.problem, currency: marketCurrency[product] });
  return result.order;
}
