/**
 * Who stays (SPEC §3 OrderRequest): a customer booking for someone else names the guest the hotel expects, and then
 * is not the main guest themselves, so the two ticks exclude each other.
 */

export type MainGuestProblem = "guest_name_missing" | "both_ticked";

/** Every problem at once, so that a form can show them together; none when the customer books for themselves. */
export function mainGuestProblems(order: {
  readonly bookingForSomeoneElse: boolean;
  readonly isMainGuest: boolean;
  readonly guestName: string;
}): MainGuestProblem[] {
  if (!order.bookingForSomeoneElse) return [];
  return [
    ...(order.guestName.trim() === "" ? ["guest_name_missing" as const] : []),
    ...(order.isMainGuest ? ["both_ticked" as const] : []),
  ];
}
