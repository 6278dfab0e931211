import type { AppLoadContext } from "@remix-run/node";
import { MealPlanType } from "../../gen/dzb/shop/v1/hotel_pb";
import type { HotelPriceBreakdown, OrderProduct } from "../../gen/dzb/shop/v1/order_pb";
import {
  InvalidVoucherReason,
  PaymentMethodType,
  type MethodQuote,
  type PaymentMethod,
  type PaymentOutput,
  type PaymentRequest,
} from "../../gen/dzb/shop/v1/payment_pb";
import type { HotelOrderPreviewResponse } from "../../gen/dzb/shop/v1/shop_service_pb";
import {
  chargeNameView,
  formattedStay,
  hotelView,
  mealPlanKeys,
  roomConditionsView,
  stayView,
} from "~/order/availability-view.server";
import type { Formats } from "~/view-formats.server";
import { minorUnits } from "../../shared/money";
import { formatAmountInput } from "~/order-form/payment-form";
import type {
  ChosenRoomView,
  InvalidVoucherReasonKey,
  MethodQuoteView,
  PaymentMethodView,
  PaymentOutputView,
  PriceView,
  ReservationView,
  SplitProposalView,
  VouchersView,
} from "~/order/reservation-view";
import type { ReservationFormValues } from "~/order-form/order-form";

/** The preview with this id as it was last priced; an id the api does not know is the 404 page. */
export function loadPreview(context: AppLoadContext, previewId: string) {
  return context.rpc.hotelOrderPreview({ lookup: { case: "previewId", value: previewId } });
}

/** The variant's hotel payment methods, in the order the api offers them. */
export async function loadHotelMethods(context: AppLoadContext): Promise<PaymentMethod[]> {
  const { hotelMethods } = await context.rpc.paymentMethods({});
  return hotelMethods;
}

const invalidReasons: Record<InvalidVoucherReason, InvalidVoucherReasonKey> = {
  [InvalidVoucherReason.UNSPECIFIED]: "other",
  [InvalidVoucherReason.NOT_FOUND]: "not_found",
  [InvalidVoucherReason.INACTIVE]: "inactive",
  [InvalidVoucherReason.EXPIRED]: "expired",
  [InvalidVoucherReason.USED_UP]: "used_up",
  [InvalidVoucherReason.OTHER]: "other",
};

function methodViews(methods: readonly PaymentMethod[]): PaymentMethodView[] {
  return methods.map(({ methodId, translationCode, name }) => ({ methodId, translationCode, name }));
}

/** A shown amount, or null when there is nothing to show. */
function nonZero(minor: number, formats: Formats): string | null {
  return minor === 0 ? null : formats.money(minor);
}

export function roomView(product: OrderProduct, formats: Formats): ChosenRoomView {
  return {
    productId: product.productId,
    name: product.name,
    mealPlan: mealPlanKeys[product.mealPlan?.plan ?? MealPlanType.UNSPECIFIED] ?? null,
    price: formats.money(minorUnits(product.price?.base)),
    ...roomConditionsView(
      product.freeCancellationUntil,
      product.paymentTimings,
      product.price?.extraCharges ?? [],
      formats
    ),
  };
}

/** The breakdown of SPEC §3: the rooms, what is added and taken off, and where each part is paid. */
export function priceView(price: HotelPriceBreakdown | undefined, creditUsed: number, formats: Formats): PriceView {
  const charges = (price?.extraCharges ?? []).map((charge) => ({
    ...chargeNameView(charge),
    amount: formats.money(minorUnits(charge.value)),
    online: charge.chargeableOnline,
  }));
  const total = minorUnits(price?.total);
  const payOnline = minorUnits(price?.payOnline);
  const payOnSite = minorUnits(price?.payOnSite);
  return {
    base: formats.money(minorUnits(price?.base)),
    extraChargesOnline: charges.filter((charge) => charge.online).map(({ online: _, ...charge }) => charge),
    extraChargesOnSite: charges.filter((charge) => !charge.online).map(({ online: _, ...charge }) => charge),
    insurance: nonZero(minorUnits(price?.insurance), formats),
    discount: nonZero(minorUnits(price?.discount), formats),
    creditUsed: nonZero(creditUsed, formats),
    serviceFee: nonZero(minorUnits(price?.serviceFee), formats),
    total: formats.money(total),
    totalMinor: total,
    payOnline: formats.money(payOnline),
    paysOnline: payOnline > 0,
    payOnSite: nonZero(payOnSite, formats),
    bonus: nonZero(minorUnits(price?.bonus), formats),
  };
}

export function reservationView(
  response: HotelOrderPreviewResponse,
  methods: readonly PaymentMethod[],
  formats: Formats
): ReservationView {
  const preview = response.orderPreview;
  const usage = preview?.paymentCalculation?.vouchersUsage;
  // A voucher pays only what is paid online: a room paid at the hotel leaves it nothing to pay.
  const unusedReason = minorUnits(preview?.price?.payOnline) > 0 ? "nothing_left" : "paid_at_property";
  const vouchers: VouchersView = {
    credits: (usage?.creditEntries ?? []).map((entry) => ({
      code: entry.code,
      available: formats.money(minorUnits(entry.available)),
      used: formats.money(minorUnits(entry.willBeUsed)),
      unused: minorUnits(entry.willBeUsed) === 0 ? unusedReason : null,
    })),
    units: (usage?.unitEntries ?? []).map((entry) => ({
      code: entry.code,
      discount: formats.money(minorUnits(entry.bonus)),
      removesFee: entry.removeBusinessFee,
    })),
    invalid: (usage?.invalidVouchers ?? []).map((entry) => ({
      code: entry.code,
      reason: invalidReasons[entry.reason],
    })),
  };
  const creditUsed = (usage?.creditEntries ?? []).reduce((sum, entry) => sum + minorUnits(entry.willBeUsed), 0);
  return {
    previewId: response.previewId,
    availabilityId: response.availabilityId,
    hotel: hotelView(response.hotelDetail, formats),
    stay: formattedStay(stayView(response), formats),
    rooms: (preview?.products ?? []).map((product) => roomView(product, formats)),
    price: priceView(preview?.price, creditUsed, formats),
    outputs: outputViews(response, formats),
    quotes: methodQuoteViews(response.methodQuotes, response.orderPreview?.paymentCalculation?.paymentOutputs, formats),
    vouchers,
    methods: methodViews(methods),
    balanceMethodIds: methods
      .filter((method) => method.type === PaymentMethodType.BENEFIT_PROVIDER)
      .map((method) => method.methodId),
    insurancePrice: formats.money(minorUnits(preview?.insurancePrice)),
    currencySymbol: formats.currencySymbol,
    bookOnlyAfterPayment: preview?.bookOnlyAfterPayment ?? false,
    isPayAtProperty: preview?.isPayAtProperty ?? false,
  };
}

/** What a method is charged, and the part of it that is its service fee. */
function outputView(output: PaymentOutput, formats: Formats): PaymentOutputView {
  return {
    methodId: output.methodId,
    charged: formats.money(minorUnits(output.value)),
    fee: nonZero(minorUnits(output.serviceFee), formats),
    bonus: nonZero(minorUnits(output.bonus), formats),
  };
}

function outputViews(response: HotelOrderPreviewResponse, formats: Formats): PaymentOutputView[] {
  return (response.orderPreview?.paymentCalculation?.paymentOutputs ?? []).map((output) => outputView(output, formats));
}

const sameSplit = (a: PaymentRequest, b: PaymentRequest | undefined) =>
  a.lastPayment === b?.lastPayment &&
  a.payments.length === b.payments.length &&
  a.payments.every(
    (part, i) => part.methodId === b.payments[i]!.methodId && minorUnits(part.value) === minorUnits(b.payments[i]!.value)
  );

/** The cheapest split the api proposed for the balances sent, as the planner shows it; null when none was asked for. */
export function splitProposalView(
  response: HotelOrderPreviewResponse,
  formats: Formats,
  decimalMark: "," | "."
): SplitProposalView | null {
  const proposal = response.splitProposal;
  const request = proposal?.paymentRequest;
  if (!proposal || !request) return null;
  return {
    outputs: proposal.paymentOutputs.map((output) => outputView(output, formats)),
    lastPayment: request.lastPayment,
    amounts: Object.fromEntries(
      request.payments.map((part) => [part.methodId, formatAmountInput(minorUnits(part.value), decimalMark)])
    ),
    serviceFee: nonZero(minorUnits(proposal.serviceFee), formats),
    total: formats.money(minorUnits(proposal.total)),
    inUse: sameSplit(request, response.paymentRequest),
  };
}

/**
 * The ways to pay side by side, as the api ranked them. A voucher's value is shown only where the methods leave
 * different values (a voucher bought with its fees included); the row of the method that alone pays the order as it
 * stands is marked chosen.
 */
export function methodQuoteViews(
  quotes: readonly MethodQuote[],
  outputs: readonly PaymentOutput[] | undefined,
  formats: Formats
): MethodQuoteView[] {
  const alone = outputs?.length === 1 ? outputs[0]!.methodId : undefined;
  const values = new Set(quotes.map((quote) => minorUnits(quote.voucherValue)));
  return quotes.map((quote) => ({
    methodId: quote.methodId,
    fee: nonZero(minorUnits(quote.serviceFee), formats),
    total: formats.money(minorUnits(quote.total)),
    bonus: nonZero(minorUnits(quote.bonus), formats),
    voucherValue: values.size > 1 ? formats.money(minorUnits(quote.voucherValue)) : null,
    chosen: quote.methodId === alone,
  }));
}

/**
 * The form as the preview was last priced: its codes, its split and its insurance, so a reload shows what the price
 * is for. The country starts as the market's own; everything else the customer types.
 */
export function reservationFormValues(
  request: PaymentRequest | undefined,
  cancellationInsurance: boolean,
  decimalMark: "," | ".",
  country: string
): ReservationFormValues {
  const amount: Record<string, string> = {};
  for (const part of request?.payments ?? []) {
    amount[part.methodId] = formatAmountInput(minorUnits(part.value), decimalMark);
  }
  return {
    voucherCodes: request?.voucherCodes.join(" ") || undefined,
    lastPayment: request?.lastPayment || undefined,
    amount,
    cancellationInsurance: cancellationInsurance ? "on" : undefined,
    country,
  };
}
