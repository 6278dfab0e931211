import { ErrorSummary, type SummaryFieldError } from "~/components/field";
import { useTranslation } from "~/i18n/use-translation";
import type { Translate } from "../../../shared/i18n/translator";
import { amountName } from "~/order/payment-form";
import type { PaymentMethodView } from "~/order/reservation-form";
import { useShop } from "~/shop-data";

type FieldLabelKeys = [name: string, labelKey: string][];

/** The customer's own fields in the order the form shows them, each with its label's key: every order form has them. */
export const customerFieldLabels: FieldLabelKeys = [
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
const reservationFieldLabels: FieldLabelKeys = [
  ...customerFieldLabels,
  ["bookingForSomeoneElse", "reservation.guests.bookingForSomeoneElse"],
  ["guestName", "reservation.guests.guestName"],
  ["isMainGuest", "reservation.guests.isMainGuest"],
  ["noteForHotel", "reservation.guests.noteForHotel"],
  ["cancellationInsurance", "reservation.extras.title"],
  ["voucherCodes", "reservation.vouchers.codes"],
  ["lastPayment", "reservation.payment.title"],
];

const consentLabels: FieldLabelKeys = [
  ["agreeCp", "reservation.consents.agreeCp"],
  ["agreeTac", "reservation.consents.agreeTac"],
];

type Props = {
  /** What the last post of the whole form said, by field; "" for the form as a whole. */
  errors: Record<string, string[]>;
  methods: PaymentMethodView[];
  methodName: (methodId: string) => string;
  currencySymbol: string;
};

/** A label of the customer's fields, some of which are named as the market names them (IČO, NIP). */
export function customerFieldLabel(t: Translate, currency: string, key: string): string {
  return key === "reservation.customer.companyId" || key === "reservation.customer.taxId"
    ? t(`${key}.${currency}`)
    : t(key);
}

/**
 * An order form's error summary: what the form as a whole was told, then every wrong field in the order the form
 * shows them (`fieldLabels`, already translated, then the payment amounts and the consents), each a link to its
 * control with its label and first message.
 */
export function OrderErrorSummary({
  errors,
  methods,
  methodName,
  currencySymbol,
  fieldLabels,
}: Props & { fieldLabels: [name: string, label: string][] }) {
  const { t } = useTranslation();
  const amountLabels: [string, string][] = methods.map((method) => [
    amountName(method.methodId),
    `${methodName(method.methodId)}, ${t("reservation.payment.amount", { currency: currencySymbol })}`,
  ]);
  const labels: [string, string][] = [
    ...fieldLabels,
    ...amountLabels,
    ...consentLabels.map(([name, key]): [string, string] => [name, t(key)]),
  ];
  const fields: SummaryFieldError[] = labels.flatMap(([name, fieldLabel]) => {
    const message = errors[name]?.[0];
    return message ? [{ name, label: fieldLabel, message }] : [];
  });
  const messages = [...(fields.length > 0 ? [t("errors.ORDER_FORM")] : []), ...(errors[""] ?? [])];
  return <ErrorSummary messages={messages} fields={fields} />;
}

/** The reservation's error summary. */
export function ReservationErrorSummary(props: Props) {
  const { t } = useTranslation();
  const { site } = useShop();
  const fieldLabels = reservationFieldLabels.map(([name, key]): [string, string] => [
    name,
    customerFieldLabel(t, site.currency, key),
  ]);
  return <OrderErrorSummary {...props} fieldLabels={fieldLabels} />;
}
