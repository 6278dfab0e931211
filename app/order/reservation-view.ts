/**
 * A priced order as the browser sees it: the reservation's preview, already formatted by the loader (so the server
 * render and the browser agree to the character), and the parts the voucher purchase and the status page show too
 * (prices, the split's outputs, the methods). Shaped by reservation-view.server.ts; free of zod, as it reaches the browser.
 */
import type {
  ChargeNameView,
  ExtraChargeView,
  HotelView,
  StayView,
} from "~/order/availability-view";
import type { MealPlanKey } from "../../shared/i18n/messages";

export type AmountView = string;

export type ChosenRoomView = {
  productId: string;
  name: string;
  mealPlan: MealPlanKey | null;
  /** The room's price for the stay. */
  price: string;
  extraCharges: ExtraChargeView[];
  /** Formatted deadline; null when the room cannot be cancelled free of charge. */
  freeCancellationUntil: string | null;
  payAtPropertyOnly: boolean;
};

export type PriceView = {
  /** The rooms before anything else. */
  base: AmountView;
  extraChargesOnline: (ChargeNameView & { amount: AmountView })[];
  extraChargesOnSite: (ChargeNameView & { amount: AmountView })[];
  insurance: AmountView | null;
  discount: AmountView | null;
  creditUsed: AmountView | null;
  serviceFee: AmountView | null;
  total: AmountView;
  /** The same in minor units: the order is placed only at the total the customer saw. */
  totalMinor: number;
  payOnline: AmountView;
  /** Whether anything is paid online: a stay paid only at the hotel (and no insurance) has nothing to split. */
  paysOnline: boolean;
  payOnSite: AmountView | null;
  /** Free credits earned (a card issuer's promotion); nothing is taken off for them. */
  bonus: AmountView | null;
};

export type PaymentOutputView = {
  methodId: string;
  /** What the method is charged, its service fee included. */
  charged: AmountView;
  fee: AmountView | null;
  bonus: AmountView | null;
};

/** What the order would cost paid by one method alone: a row of the ways to pay side by side (issue 33). */
export type MethodQuoteView = {
  methodId: string;
  fee: AmountView | null;
  total: AmountView;
  /** Free credits the method would earn (a card issuer's promotion). */
  bonus: AmountView | null;
  /** A voucher purchase: the value the voucher would hold. */
  voucherValue: AmountView | null;
  /** The order is paid by this method alone as it stands. */
  chosen: boolean;
};

export type InvalidVoucherReasonKey = "not_found" | "inactive" | "expired" | "used_up" | "other";

/** Why a value voucher typed in pays nothing: the stay is paid at the hotel, or other codes already pay it all. */
export type UnusedCreditReason = "paid_at_property" | "nothing_left";

export type VouchersView = {
  credits: { code: string; available: AmountView; used: AmountView; unused: UnusedCreditReason | null }[];
  units: { code: string; discount: AmountView; removesFee: boolean }[];
  invalid: { code: string; reason: InvalidVoucherReasonKey }[];
};

export type PaymentMethodView = { methodId: string; translationCode: string; name: string };

/** The cheapest split for the balances the customer typed (issue 33), and what the order costs with it. */
export type SplitProposalView = {
  outputs: PaymentOutputView[];
  /** The split as the form's fields take it: the method paying the rest, and each other method's amount as typed. */
  lastPayment: string;
  amounts: Record<string, string>;
  serviceFee: AmountView | null;
  total: AmountView;
  /** The order is priced with this split already. */
  inUse: boolean;
};

export type ReservationView = {
  previewId: string;
  availabilityId: string;
  hotel: HotelView;
  stay: StayView;
  rooms: ChosenRoomView[];
  price: PriceView;
  outputs: PaymentOutputView[];
  /** Each method alone, cheapest first; empty when nothing is left to pay online. */
  quotes: MethodQuoteView[];
  vouchers: VouchersView;
  methods: PaymentMethodView[];
  /** The benefit providers' methods: the customer may say what each of their cards holds, for the cheapest split. */
  balanceMethodIds: string[];
  /** What the insurance costs, for its checkbox. */
  insurancePrice: AmountView;
  currencySymbol: string;
  bookOnlyAfterPayment: boolean;
  isPayAtProperty: boolean;
};
