/** SPEC §5: a voucher code has 8 digits. */
export const VOUCHER_CODE_PATTERN = /^\d{8}$/;

/**
 * A code as a person types or pastes it, "1234 5678" or "1234-5678" as printed in groups: the spaces and dashes go.
 * Whatever else it holds stays, for the pattern to refuse.
 */
export function typedVoucherCode(typed: string): string {
  return typed.replace(/[\s-]+/g, "");
}
