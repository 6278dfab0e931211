/**
 * The designs a value voucher can be printed in (issue 15): the purchase form offers them, the voucher order keeps
 * the choice and the voucher's PDF draws it. The first is the default.
 */
export const voucherDesigns = ["classic", "mountains", "celebration"] as const;
export type VoucherDesign = (typeof voucherDesigns)[number];

export function isVoucherDesign(value: string): value is VoucherDesign {
  return (voucherDesigns as readonly string[]).includes(value);
}

/**
 * The design's picture as the site serves it from public/: the purchase form's thumbnail and the artwork the
 * voucher's PDF prints are this one file (drawn from its SVG beside it: docs/decisions/026-pdf-library.md).
 */
export function voucherDesignImage(design: VoucherDesign): string {
  return `/voucher-designs/${design}.png`;
}
