import { ErrorSummary, type SummaryFieldError } from "~/components/field";
import { useTranslation } from "~/i18n/use-translation";
import { amountName, balanceName } from "~/order-form/payment-form";
import type { PaymentMethodView } from "~/order/reservation-view";
import { useShop } from "~/shop-data";

/** A field of an order form, its label's key, and the key of the group it belongs to when its label alone is ambiguous. */
export type FieldLabelKey = [name: string, labelKey: string, groupKey?: string];

/** The buyer's own fields in the order the form shows them: every order form has them. */
export const customerFieldLabels: FieldLabelKey[] = [
  ["firstName", "reservation.customer.firstName"],
  ["lastName", "reservation.customer.lastName"],
  ["email", "reservation.customer.email"],
  ["mobile", "reservation.customer.mobile"],
  ["street", "reservation.customer.street"],
  ["streetNumber", "reservation.customer.streetNumber"],
  ["postalCode", "reservation.customer.postalCode"],
  ["city", "reservation.customer.city"],
  ["country", "reservation.customer.country"],
  ["invoiceToCompany", "reservation.customer.invoiceToCompany"],
  ["companyName", "reservation.customer.companyName"],
  ["companyId", "reservation.customer.companyId"],
  ["taxId", "reservation.customer.taxId"],
];

/** The reservation's fields above its payment split. */
export const reservationFieldLabels: FieldLabelKey[] = [
  ...customerFieldLabels,
  ["bookingForSomeoneElse", "reservation.guests.bookingForSomeoneElse"],
  ["guestName", "reservation.guests.guestName"],
  ["isMainGuest", "reservation.guests.isMainGuest"],
  ["noteForHotel", "reservation.guests.noteForHotel"],
  ["cancellationInsurance", "reservation.extras.title"],
  ["voucherCodes", "reservation.vouchers.codes"],
  ["lastPayment", "reservation.payment.title"],
];

const consentLabels: FieldLabelKey[] = [
  ["agreeCp", "reservation.consents.agreeCp"],
  ["agreeTac", "reservation.consents.agreeTac"],
];

/** The labels named as the market names them (IČO, NIP). */
const marketLabels = new Set(["reservation.customer.companyId", "reservation.customer.taxId"]);

type Props = {
  /** What the last post of the whole form said, by field; "" for the form as a whole. */
  errors: Record<string, string[]>;
  /** The form's fields above its payment split, in the order it shows them. */
  fieldLabels: FieldLabelKey[];
  methods: PaymentMethodView[];
  methodName: (methodId: string) => string;
  currencySymbol: string;
};

/**
 * An order form's error summary (the reservation's, the voucher purchase's): what the form as a whole was told, then
 * every wrong field in the order the form shows them (its fields, the payment amounts, the consents), each a link to
 * its control with its label and first message.
 */
export function OrderErrorSummary({ errors, fieldLabels, methods, methodName, currencySymbol }: Props) {
  const { t } = useTranslation();
  const { site } = useShop();
  const label = ([, key, group]: FieldLabelKey) => {
    const own = marketLabels.has(key) ? t(`${key}.${site.currency}`) : t(key);
    return group ? `${t(group)}: ${own}` : own;
  };
  const amountLabels: [string, string][] = methods.flatMap((method) => [
    [amountName(method.methodId), `${methodName(method.methodId)}, ${t("reservation.payment.amount", { currency: currencySymbol })}`],
    [balanceName(method.methodId), `${methodName(method.methodId)}, ${t("reservation.plan.balance", { currency: currencySymbol })}`],
  ]);
  const labels: [string, string][] = [
    ...fieldLabels.map((entry): [string, string] => [entry[0], label(entry)]),
    ...amountLabels,
    ...consentLabels.map((entry): [string, string] => [entry[0], label(entry)]),
  ];
  const fields: SummaryFieldError[] = labels.flatMap(([name, fieldLabel]) => {
    const message = errors[name]?.[0];
    return message ? [{ name, label: fieldLabel, message }] : [];
  });
  const messages = [...(fields.length > 0 ? [t("errors.ORDER_FORM")] : []), ...(errors[""] ?? [])];
  return <ErrorSummary messages={messages} fields={fields} />;
}
