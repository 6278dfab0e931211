/**
 * The designs a value voucher can be printed in (issue 15): the purchase form offers them, the voucher order keeps
 * the choice and the voucher's PDF draws it. The first is the default.
 */
export const voucherDesigns = ["classic", "mountains", "celebration"] as const;
export type VoucherDesign = (typeof voucherDesigns)[number];

export function isVoucherDesign(value: string): value is VoucherDesign {
  return (voucherDesigns as readonly string[]).includes(value);
}
