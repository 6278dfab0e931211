/**
 * A voucher order as its status page shows it: plain, formatted data (see order-view.ts for why).
 */
import type { DocumentKind, OrderStatusKey, PaymentView } from "~/order/order-view";

export type VoucherPriceView = {
  /** The voucher's value as bought, the bonus aside. */
  voucherValue: string;
  /** Free credits a card issuer's promotion adds to the voucher. */
  bonus: string | null;
  extraService: string | null;
  serviceFee: string | null;
  total: string;
};

/** A voucher the order issued: its code, what it is worth and until when. */
export type IssuedVoucherView = { code: string; value: string; validTo: string };

export type VoucherOrderView = {
  orderId: string;
  orderNumber: string;
  orderedBy: string;
  createdAt: string | null;
  status: OrderStatusKey | null;
  cancelled: boolean;
  /** Paid in full: the voucher is issued, or about to be. */
  paid: boolean;
  purchasedAsGift: boolean;
  price: VoucherPriceView;
  payments: PaymentView[];
  vouchers: IssuedVoucherView[];
  /** The voucher to print, once issued. */
  documents: DocumentKind[];
};
