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
 * The artwork the voucher's PDF prints, as the site serves it from public/: drawn from the design's SVG
 * (`voucherDesignDrawing`, docs/decisions/026-pdf-library.md).
 */
export function voucherDesignImage(design: VoucherDesign): string {
  return `/voucher-designs/${design}.png`;
}

/** The drawing the printed artwork is made from: the purchase form shows it, a few kilobytes where the PNG is 50. */
export function voucherDesignDrawing(design: VoucherDesign): string {
  return `/voucher-designs/${design}.svg`;
}
