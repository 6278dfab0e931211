import { ErrorSummary, type SummaryFieldError } from "~/components/field";
import { useTranslation } from "~/i18n/use-translation";
import { amountName } from "~/order/payment-form";
import type { PaymentMethodView } from "~/order/reservation-form";
import { useShop } from "~/shop-data";

/** The customer's fields in the order the form shows them, each with its label's key. */
const customerFieldLabels: [name: string, labelKey: string][] = [
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
  ["bookingForSomeoneElse", "reservation.guests.bookingForSomeoneElse"],
  ["guestName", "reservation.guests.guestName"],
  ["isMainGuest", "reservation.guests.isMainGuest"],
  ["noteForHotel", "reservation.guests.noteForHotel"],
  ["cancellationInsurance", "reservation.extras.title"],
  ["voucherCodes", "reservation.vouchers.codes"],
  ["lastPayment", "reservation.payment.title"],
];

const consentLabels: [name: string, labelKey: string][] = [
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

/**
 * The reservation's error summary: what the form as a whole was told, then every wrong field in the order the form
 * shows them, each a link to its control with its label and first message.
 */
export function ReservationErrorSummary({ errors, methods, methodName, currencySymbol }: Props) {
  const { t } = useTranslation();
  const { site } = useShop();
  const label = (key: string) =>
    key === "reservation.customer.companyId" || key === "reservation.customer.taxId"
      ? t(`${key}.${site.currency}`)
      : t(key);
  const amountLabels: [string, string][] = methods.map((method) => [
    amountName(method.methodId),
    `${methodName(method.methodId)}, ${t("reservation.payment.amount", { currency: currencySymbol })}`,
  ]);
  const labels: [string, string][] = [
    ...customerFieldLabels.map(([name, key]): [string, string] => [name, label(key)]),
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
