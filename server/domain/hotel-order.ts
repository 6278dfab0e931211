/**
 * A hotel order priced from what the provider offered: which products the visitor chose, whether the party fits
 * them, what each room costs and how the order is paid. Pure: the caller brings the stored offer, the vouchers it
 * looked up and the market date.
 */
import { sameData } from "./same-data";
import type { PaymentTiming, ProviderAvailability, ProviderProduct, ProviderRoom } from "./hotel-offer";
import { bookOnlyAfterPayment, hotelPriceBreakdown, type HotelPriceBreakdown } from "./hotel-price";
import { partyProblem, type PartyProblem } from "./order-party";
import {
  calculatePayment,
  type CalculationProblem,
  type PaymentCalculation,
  type PaymentPartInput,
  type VoucherLookup,
} from "./payment-calculation";
import type { PaymentMethodInfo } from "./payment-methods";
import {
  insurancePrice,
  isPayAtProperty,
  orderPrice,
  productPrice,
  type ProductOffer,
  type ProductPrice,
} from "./pricing";
import { marketCurrency, type ProductKey } from "./products";
import type { Stay } from "./stay";

export interface ChosenProduct {
  readonly room: ProviderRoom;
  readonly product: ProviderProduct;
}

/** Why a list of product ids cannot be ordered; `index` points at the offending id. */
export type ChoiceProblem =
  | {
      readonly kind: "unknown_product" | "not_payable_online" | "not_selectable" | "too_many_rooms";
      readonly index: number;
    }
  | { readonly kind: PartyProblem };

/** The products named by id, one room each; a product named twice is two rooms of it. */
export function chooseProducts(
  answer: ProviderAvailability,
  productIds: readonly string[],
  stay: Pick<Stay, "adults" | "childrenAges">
): { ok: true; chosen: ChosenProduct[] } | { ok: false; problem: ChoiceProblem } {
  const offered = new Map<string, ChosenProduct>();
  for (const room of answer.rooms)
    for (const product of room.products) offered.set(product.productId, { room, product });
  const chosen: ChosenProduct[] = [];
  const rooms = new Map<string, number>();
  for (const [index, id] of productIds.entries()) {
    const found = offered.get(id);
    if (!found) return { ok: false, problem: { kind: "unknown_product", index } };
    const reason = found.product.unavailableReason;
    if (reason) {
      const kind = reason === "not_payable_online" ? "not_payable_online" : "not_selectable";
      return { ok: false, problem: { kind, index } };
    }
    const count = (rooms.get(id) ?? 0) + 1;
    if (count > found.product.numberAvailableAtThisPrice)
      return { ok: false, problem: { kind: "too_many_rooms", index } };
    rooms.set(id, count);
    chosen.push(found);
  }
  const party = partyProblem(
    stay,
    chosen.map((c) => c.product.maximumOccupancy)
  );
  return party ? { ok: false, problem: { kind: party } } : { ok: true, chosen };
}

export function offerOf(product: ProviderProduct): ProductOffer {
  return {
    base: product.discountedPrice,
    publicPrice: product.publicPrice,
    extraCharges: product.extraCharges,
    paymentTimings: product.paymentTimings,
  };
}

/**
 * When the stay is paid, for the booking: at the property only if no room is paid online; later if some room is
 * paid online only closer to the stay; otherwise now.
 */
export function stayTiming(chosen: readonly ChosenProduct[]): PaymentTiming {
  const offers = chosen.map((c) => offerOf(c.product));
  if (isPayAtProperty(offers)) return "at_property";
  const paidOnline = offers.filter((offer) => !isPayAtProperty([offer]));
  return paidOnline.some((offer) => !offer.paymentTimings.includes("online_now")) ? "online_later" : "online_now";
}

export interface HotelOrderPricingInput {
  readonly product: ProductKey;
  readonly chosen: readonly ChosenProduct[];
  readonly cancellationInsurance: boolean;
  readonly vouchers: readonly VoucherLookup[];
  readonly payments: readonly PaymentPartInput[];
  readonly lastPayment: string;
  readonly methods: readonly PaymentMethodInfo[];
  readonly today: string;
}

export interface PricedHotelOrder {
  readonly products: readonly { readonly chosen: ChosenProduct; readonly price: ProductPrice }[];
  /** The order before and after the provider's deals. */
  readonly deal: { readonly publicPrice: number; readonly discountedPrice: number };
  readonly calculation: PaymentCalculation;
  readonly price: HotelPriceBreakdown;
  readonly bookOnlyAfterPayment: boolean;
  readonly isPayAtProperty: boolean;
}

function orderPriceOf(product: ProductKey, chosen: readonly ChosenProduct[], cancellationInsurance: boolean) {
  const insurance = cancellationInsurance ? insurancePrice(marketCurrency[product]) : 0;
  return orderPrice(
    chosen.map((c) => offerOf(c.product)),
    insurance
  );
}

/** The order priced with a payment calculation already made (a stored preview's). */
export function pricedHotelOrder(
  product: ProductKey,
  chosen: readonly ChosenProduct[],
  cancellationInsurance: boolean,
  calculation: PaymentCalculation
): PricedHotelOrder {
  const price = orderPriceOf(product, chosen, cancellationInsurance);
  return {
    products: chosen.map((c) => ({ chosen: c, price: productPrice(offerOf(c.product)) })),
    deal: { publicPrice: price.publicPrice, discountedPrice: price.base },
    calculation,
    price: hotelPriceBreakdown(price, calculation),
    bookOnlyAfterPayment: bookOnlyAfterPayment(calculation),
    isPayAtProperty: isPayAtProperty(chosen.map((c) => offerOf(c.product))),
  };
}

export function priceHotelOrder(
  input: HotelOrderPricingInput
): { ok: true; order: PricedHotelOrder } | { ok: false; problem: CalculationProblem } {
  const price = orderPriceOf(input.product, input.chosen, input.cancellationInsurance);
  const result = calculatePayment({
    product: input.product,
    due: price.payOnline,
    vouchers: input.vouchers,
    payments: input.payments,
    lastPayment: input.lastPayment,
    methods: input.methods,
    today: input.today,
  });
  if (!result.ok) return result;
  return {
    ok: true,
    order: pricedHotelOrder(input.product, input.chosen, input.cancellationInsurance, result.calculation),
  };
}

/**
 * Whether an order priced now asks the same of the visitor as the preview they saw: the same credit from each
 * voucher, the same discounts and the same charge per method. A voucher's balance may have grown or shrunk in the
 * meantime; only what the order takes from it matters.
 */
export function calculationDifference(
  previewed: PaymentCalculation,
  now: PaymentCalculation
): "voucher_balance" | "payments" | undefined {
  const used = (c: PaymentCalculation) => c.credits.map((credit) => [credit.code, credit.willBeUsed]);
  if (!sameData(used(previewed), used(now))) return "voucher_balance";
  const rest = (c: PaymentCalculation) => [c.invalid, c.units, c.outputs, c.discount, c.serviceFee, c.charged];
  return sameData(rest(previewed), rest(now)) ? undefined : "payments";
}

/**
 * What changed in the provider's offer since the visitor chose: a chosen room no longer offered at all, or not in
 * the numbers chosen, is unavailable; one that now costs more is a price increase. A cheaper price is no reason to
 * stop an order.
 */
export function offerChange(
  chosen: readonly ChosenProduct[],
  fresh: ProviderAvailability
): "unavailable" | "price_increased" | undefined {
  const offered = new Map<string, ProviderProduct>();
  for (const room of fresh.rooms) for (const product of room.products) offered.set(product.productId, product);
  const wanted = new Map<string, number>();
  for (const { product } of chosen) wanted.set(product.productId, (wanted.get(product.productId) ?? 0) + 1);
  for (const [productId, count] of wanted) {
    const now = offered.get(productId);
    if (!now || now.unavailableReason || now.numberAvailableAtThisPrice < count) return "unavailable";
  }
  // Charges count too: a city tax that rose, or a room now paid online, costs the visitor more.
  const costOf = (product: ProviderProduct) => productPrice(offerOf(product));
  const rose = chosen.some(({ product }) => {
    const [before, now] = [costOf(product), costOf(offered.get(product.productId)!)];
    return now.total > before.total || now.payOnline > before.payOnline;
  });
  return rose ? "price_increased" : undefined;
}
