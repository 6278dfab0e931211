/**
 * A value voucher as the check page shows it (SPEC §3: code, issue date, remaining and original value, usage
 * history): plain, formatted data, free of the generated contract's code so the page's browser code stays small.
 */
import type { VoucherState } from "../../../gen/dzb/shop/v1/voucher_pb";
import type { ContractName } from "~/contract-name";

export type VoucherStateKey = ContractName<typeof VoucherState>;

export type VoucherSpendingView = {
  orderNumber: string;
  orderDate: string;
  orderTotal: string;
  usage: string;
  /**
   * Once the order was cancelled: the day, and whether the credit came back onto this voucher (the shop cancelled it)
   * or went with the rest of what the order paid into the new voucher its customer got (they cancelled it).
   */
  returned: { how: "ontoThisVoucher" | "asNewVoucher"; on: string } | null;
};

export type VoucherView = {
  code: string;
  state: VoucherStateKey | null;
  issuedOn: string;
  validFrom: string;
  validTo: string;
  original: string;
  used: string;
  available: string;
  spendings: VoucherSpendingView[];
};
