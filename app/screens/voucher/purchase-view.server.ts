import type { AppLoadContext } from "@remix-run/node";
import type { PaymentMethod } from "../../../gen/dzb/shop/v1/payment_pb";
import type { VoucherOrderPreviewResponse } from "../../../gen/dzb/shop/v1/shop_service_pb";
import { VoucherFeeMode } from "../../../gen/dzb/shop/v1/voucher_pb";
import { MINOR_PER_UNIT, minorUnits, moneyOf } from "../../../shared/money";
import { voucherDesigns } from "../../../shared/voucher-designs";
import { formatAmountInput } from "~/order-form/payment-form";
import type { OrderFormValues } from "~/order-form/order-form";
import type { PaymentOutputView } from "~/order/reservation-view";
import type { Formats } from "~/view-formats.server";
import { voucherPriceView } from "~/order/voucher-order-view.server";
import { methodQuoteViews } from "~/order/reservation-view.server";
import { CUSTOM_VALUE, type FeeModeName, type PurchaseOfferView, type PurchasePriceView } from "~/screens/voucher/purchase-form";

/** The variant's methods for voucher orders (never the hotel list: a voucher is not paid with a voucher). */
export async function loadVoucherMethods(context: AppLoadContext): Promise<PaymentMethod[]> {
  const { voucherMethods } = await context.rpc.paymentMethods({});
  return voucherMethods;
}

/**
 * The amount the page is first priced at: SPEC §9's first preset, 1000 of the currency. The api's answer names the
 * presets it offers; should the first of them ever differ, the form shows this amount as a custom one rather than
 * asking the api twice.
 */
const OPENING_UNITS = 1000;

/** A new preview of the page's opening purchase: the first preset, the fees on top, no extra service, cheapest method. */
export function previewOpeningPurchase(context: AppLoadContext) {
  return context.rpc.voucherOrderPreview({
    voucherValue: moneyOf(OPENING_UNITS * MINOR_PER_UNIT, context.variant.currency),
    feeMode: VoucherFeeMode.VALUE_PLUS_FEES,
    extraService: false,
    paymentRequest: { voucherCodes: [], lastPayment: "", payments: [] },
  });
}

/** A preset as its radio's value: whole units ("3000"). */
function presetChoice(minor: number): string {
  return String(minor / MINOR_PER_UNIT);
}

export function purchaseOfferView(
  response: VoucherOrderPreviewResponse,
  methods: readonly PaymentMethod[],
  formats: Formats
): PurchaseOfferView {
  const preview = response.orderPreview;
  const extraServicePrice = minorUnits(preview?.extraServicePrice);
  return {
    presets: (preview?.presets ?? []).map((preset) => ({
      choice: presetChoice(minorUnits(preset)),
      label: formats.money(minorUnits(preset)),
    })),
    minValue: formats.money(minorUnits(preview?.minValue)),
    maxValue: formats.money(minorUnits(preview?.maxValue)),
    extraServicePrice: extraServicePrice > 0 ? formats.money(extraServicePrice) : null,
    designs: voucherDesigns,
    methods: methods.map(({ methodId, translationCode, name }) => ({ methodId, translationCode, name })),
    currencySymbol: formats.currencySymbol,
  };
}

/** The breakdown of the priced purchase, and what each method will be charged. */
export function purchasePriceView(response: VoucherOrderPreviewResponse, formats: Formats): PurchasePriceView {
  const price = response.orderPreview?.price;
  const nonZero = (minor: number) => (minor === 0 ? null : formats.money(minor));
  const outputs: PaymentOutputView[] = (response.orderPreview?.paymentCalculation?.paymentOutputs ?? []).map(
    (output) => ({
      methodId: output.methodId,
      charged: formats.money(minorUnits(output.value)),
      fee: nonZero(minorUnits(output.serviceFee)),
      bonus: nonZero(minorUnits(output.bonus)),
    })
  );
  const quotes = methodQuoteViews(response.methodQuotes, response.orderPreview?.paymentCalculation?.paymentOutputs, formats);
  return { ...voucherPriceView(price, formats), totalMinor: minorUnits(price?.total), outputs, quotes };
}

/**
 * The form as the opening preview priced it: its amount chosen (a preset, else as a custom amount), the fees on top,
 * the first design, the split the api filled in; the buyer's and the recipient's country the market's own.
 */
export function openingFormValues(
  response: VoucherOrderPreviewResponse,
  decimalMark: "," | ".",
  country: string
): OrderFormValues {
  const preview = response.orderPreview;
  const amount = minorUnits(preview?.voucherValue);
  const presets = (preview?.presets ?? []).map((preset) => minorUnits(preset));
  const isPreset = presets.includes(amount);
  const amounts: Record<string, string> = {};
  for (const part of response.paymentRequest?.payments ?? []) {
    amounts[part.methodId] = formatAmountInput(minorUnits(part.value), decimalMark);
  }
  const feeMode: FeeModeName = "value_plus_fees";
  return {
    value: isPreset ? presetChoice(amount) : CUSTOM_VALUE,
    customValue: isPreset ? undefined : formatAmountInput(amount, decimalMark),
    feeMode,
    design: voucherDesigns[0],
    lastPayment: response.paymentRequest?.lastPayment || undefined,
    amount: amounts,
    country,
    recipientCountry: country,
  };
}
