import { amountName } from "~/order-form/payment-form";

/**
 * With JavaScript a button that sets the split (a method chosen to pay it all, the cheapest split taken) still sends
 * the form as it would without, but first writes that split into the form's fields: they show it at once and keep
 * showing it when the answer comes, since fields the customer has touched do not take a re-render's new defaults.
 */
export function showSplit(form: HTMLFormElement | null, lastPayment: string, amounts: Record<string, string> = {}) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement)) continue;
    if (element.name.startsWith(amountName(""))) element.value = amounts[element.name.slice(amountName("").length)] ?? "";
    if (element.name === "lastPayment") element.checked = element.value === lastPayment;
  }
}
