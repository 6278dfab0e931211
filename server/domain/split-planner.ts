/**
 * The split that costs least (issue 33). A customer says what is left on each of their benefit cards; the shop
 * proposes how much each pays, so that the cards pay as much of the order as they hold between them, at the lowest
 * total service fee, and the card or the transfer (which carry no fee) pays the rest.
 *
 * Paying it all by card would cost no fee at all, but that is not what the customer came for: benefit money is spent
 * where it is accepted, or lost. So the plan first spends the balances, and of the splits that spend as much, it
 * takes the cheapest.
 *
 * Fees are rounded per method (half up, docs/decisions/006), so the cheapest split is not simply "the lowest rate
 * first": two cards of one rate can each round down where one card paying both parts would round up. The plan is
 * therefore searched over the fee each card carries (see `cheapestFees`).
 */

import { priceHotelOrder, type HotelOrderPricingInput } from "./hotel-order";
import { shareOf } from "./money";
import { largestShareWithin, type PaymentPartInput } from "./payment-calculation";
import type { PaymentMethodInfo } from "./payment-methods";
import type { ProductKey } from "./products";
import { serviceFeeBasisPoints } from "./service-fee";

export interface MethodBalance {
  readonly methodId: string;
  /** Minor units the customer says the method holds: what it may be charged, its fee included. */
  readonly balance: number;
}

export interface SplitPlanInput {
  readonly product: ProductKey;
  /** Minor units the methods are to pay: the price after the vouchers' discounts and credit. */
  readonly due: number;
  readonly balances: readonly MethodBalance[];
  /** The method that pays what the balances cannot: one the customer needs no balance for (card, transfer). */
  readonly rest: string;
  /** The variant's methods; a balance of any other method, or of `rest`, is not planned with. */
  readonly methods: readonly PaymentMethodInfo[];
}

export interface SplitPlan {
  /** Each card's share of the price before its fee, in the order the variant offers the methods; no share of 0. */
  readonly payments: readonly PaymentPartInput[];
  readonly lastPayment: string;
  /** Minor units: the plan's service fees. */
  readonly serviceFee: number;
}

interface Card {
  readonly methodId: string;
  readonly offerIndex: number;
  readonly basisPoints: number;
  /** The largest share the balance pays, its fee included. */
  readonly capacity: number;
}

const feeOf = (card: Card, share: number) => shareOf(share, card.basisPoints);

/** The largest share, within the card's capacity, whose fee is at most `fee`. */
function coverage(card: Card, fee: number): number {
  if (card.basisPoints === 0) return card.capacity;
  // shareOf rounds half up: a share's fee is at most `fee` while share × bp + 5 000 < (fee + 1) × 10 000.
  return Math.min(card.capacity, Math.floor((fee * 10_000 + 4_999) / card.basisPoints));
}

/**
 * How far, in fee units, a card's fee in the cheapest split can lie from its fee when the cards are simply filled
 * lowest rate first. Rounding makes each card's fee at most one unit cheaper than its rate says, so moving a share to
 * a card of a higher rate never pays for more than a few units; two cards of one rate may trade shares freely, and
 * their roundings repeat within 1 000 minor units of share at the rates in use: 59 units of fee at 5.9 %, 69 at 6.9 %,
 * one at 10 %. The search costs about a millisecond for five cards.
 */
const FEE_WINDOW = 70;

/**
 * The fee each card carries in the cheapest split that pays `total` from them, searched within FEE_WINDOW of `start`:
 * for each card in turn and each sum of fees so far, the most the cards so far can pay for it.
 */
function cheapestFees(cards: readonly Card[], start: readonly number[], total: number): number[] {
  const span = FEE_WINDOW * cards.length;
  type Step = { covered: number; fee: number; from: number };
  // layers[i][offset + span]: the best way to give cards 0..i fees summing to Σstart + offset.
  const layers: (Step | undefined)[][] = [];
  let previous: (Step | undefined)[] = [];
  previous[span] = { covered: 0, fee: 0, from: span };
  cards.forEach((card, i) => {
    const layer: (Step | undefined)[] = [];
    const lowest = Math.max(0, start[i]! - FEE_WINDOW);
    const highest = Math.min(feeOf(card, card.capacity), start[i]! + FEE_WINDOW);
    previous.forEach((step, from) => {
      if (!step) return;
      for (let fee = lowest; fee <= highest; fee++) {
        const at = from + fee - start[i]!;
        const covered = step.covered + coverage(card, fee);
        if (covered > (layer[at]?.covered ?? -1)) layer[at] = { covered, fee, from };
      }
    });
    layers.push(layer);
    previous = layer;
  });
  // The lowest sum of fees that pays the total; the start pays it, so there is one.
  const at = previous.findIndex((step) => step !== undefined && step.covered >= total);
  const fees: number[] = [];
  for (let i = cards.length - 1, offset = at; i >= 0; i--) {
    const step = layers[i]![offset]!;
    fees[i] = step.fee;
    offset = step.from;
  }
  return fees;
}

/** The cheapest split of `input.due` that spends the stated balances as far as they go, the rest by `input.rest`. */
export function planSplit(input: SplitPlanInput): SplitPlan {
  if (!Number.isSafeInteger(input.due) || input.due < 0) throw new RangeError(`due ${input.due} is not minor units`);
  const offered = new Map(input.methods.map((method, index) => [method.id, index]));
  const cards: Card[] = [];
  for (const { methodId, balance } of input.balances) {
    const offerIndex = offered.get(methodId);
    if (offerIndex === undefined || methodId === input.rest || cards.some((card) => card.methodId === methodId)) continue;
    const capacity = largestShareWithin(input.product, methodId, balance);
    const basisPoints = serviceFeeBasisPoints(input.product, methodId);
    if (capacity > 0) cards.push({ methodId, offerIndex, basisPoints, capacity });
  }
  cards.sort((a, b) => a.basisPoints - b.basisPoints || a.offerIndex - b.offerIndex);
  const total = Math.min(input.due, cards.reduce((sum, card) => sum + card.capacity, 0));

  let left = total;
  const inTurn = cards.map((card) => {
    const share = Math.min(left, card.capacity);
    left -= share;
    return share;
  });
  const inTurnFees = cards.map((card, i) => feeOf(card, inTurn[i]!));
  const fees = cheapestFees(cards, inTurnFees, total);
  const sumOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
  // Filling the cards in turn, lowest rate first, pays with the fewest cards: taken unless rounding makes another
  // split cheaper, not merely as cheap.
  const shares = sumOf(fees) < sumOf(inTurnFees) ? cheapestShares() : inTurn;

  /** The shares the cheapest fees buy: at least the total, the highest rates giving back what is over. */
  function cheapestShares(): number[] {
    const bought = cards.map((card, i) => coverage(card, fees[i]!));
    let over = sumOf(bought) - total;
    for (let i = cards.length - 1; i >= 0 && over > 0; i--) {
      const back = Math.min(over, bought[i]!);
      bought[i] = bought[i]! - back;
      over -= back;
    }
    return bought;
  }
  const planned = cards
    .map((card, i) => ({ card, share: shares[i]! }))
    .filter(({ share }) => share > 0)
    .sort((a, b) => a.card.offerIndex - b.card.offerIndex);
  return {
    payments: planned.map(({ card, share }) => ({ methodId: card.methodId, value: share })),
    lastPayment: input.rest,
    serviceFee: planned.reduce((sum, { card, share }) => sum + feeOf(card, share), 0),
  };
}

/**
 * The method that pays what the balances cannot, one the customer needs no balance for: the transfer when asked for,
 * else the card (or the transfer where no card is offered).
 */
export function restMethodOf(methods: readonly PaymentMethodInfo[], asked: string): string {
  const card = methods.find((method) => method.kind === "payment_card");
  const transfer = methods.find((method) => method.kind === "bank_transfer");
  if (transfer !== undefined && transfer.id === asked) return transfer.id;
  return (card ?? transfer)?.id ?? "";
}

/**
 * A stay's cheapest split for the stated balances, after the vouchers and coupons of its request: what is left once
 * they are taken off is planned. Nothing when the order cannot be paid by the rest's method (a coupon for others).
 */
export function planHotelSplit(
  input: Omit<HotelOrderPricingInput, "payments" | "lastPayment">,
  balances: readonly MethodBalance[],
  askedRest: string
): SplitPlan | undefined {
  const rest = restMethodOf(input.methods, askedRest);
  const alone = priceHotelOrder({ ...input, payments: [], lastPayment: rest });
  if (!alone.ok) return undefined;
  const due = alone.order.calculation.outputs.reduce((sum, output) => sum + output.share, 0);
  return planSplit({ product: input.product, due, balances, rest, methods: input.methods });
}
