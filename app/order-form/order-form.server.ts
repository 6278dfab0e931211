import type { MessageInitShape } from "@bufbuild/protobuf";
import * as z from "zod";
import type { OrderRequestSchema } from "../../gen/dzb/shop/v1/order_pb";
import type { PaymentPartSchema, PaymentRequest, PaymentRequestSchema } from "../../gen/dzb/shop/v1/payment_pb";
import type { ErrorDetail } from "../../gen/dzb/shop/v1/errors_pb";
import type { Translate } from "../../shared/i18n/translator";
import { EMAIL_PATTERN, MAX_VOUCHER_CODES_PER_ORDER, PHONE_PATTERN } from "../../shared/input-limits";
import { minorUnits, moneyOf } from "../../shared/money";
import { isPostalCodeValid, postalCodeFormat } from "../../shared/postal-code";
import {
  amountName,
  formatAmountInput,
  PAY_WITH,
  paymentFormValues,
  TAKE_SPLIT,
  parseAmount,
  type PaymentFormValues,
} from "~/order-form/payment-form";

/**
 * What every order form of the shop asks (SPEC §3 OrderRequest, PaymentRequest; §5), a stay's and a voucher's: the
 * buyer's name, contacts and address, the company to invoice, the consents, and the split of the payment over the
 * variant's methods. The reservation and the voucher purchase build their schemas from these parts.
 */

export function orderFormMessages(t: Translate) {
  const message = (code: string) => t(`errors.${code}`);
  return {
    required: message("INPUT_REQUIRED"),
    email: message("INPUT_EMAIL_INVALID"),
    phone: message("INPUT_PHONE_INVALID"),
    consent: message("INPUT_CONSENT_REQUIRED"),
    methodMissing: message("PAYMENT_METHOD_ID_MISSING"),
    amount: t("reservation.payment.amountInvalid"),
    tooLong: (max: number) => t("form.tooLong", { max }),
    mainGuestConflict: message("INPUT_MAIN_GUEST_CONFLICT"),
    tooManyCodes: t("errors.VOUCHER_CODES_TOO_MANY", { max: MAX_VOUCHER_CODES_PER_ORDER }),
    postalCode: (country: string) => {
      const format = postalCodeFormat(country);
      return format ? t("form.postalCodeFormat", { example: format.example }) : message("INPUT_POSTAL_CODE_INVALID");
    },
  };
}

export type OrderFormMessages = ReturnType<typeof orderFormMessages>;

/** conform leaves an empty field out, but not inside a record: there it is "". */
export function isBlank(text: string | undefined): text is undefined | "" {
  return text === undefined || text.trim() === "";
}

export function requiredText(messages: OrderFormMessages, max = 200) {
  return z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong(max));
}

/** A text that may be left out, trimmed, within `max`. */
export function optionalText(messages: OrderFormMessages, max = 200) {
  return z.string().trim().max(max, messages.tooLong(max)).optional();
}

/** An amount per method, by method id: which methods exist is the api's to say (paymentRequestOf drops any other). */
function amountsByMethod(messages: OrderFormMessages) {
  return z
    .record(
      z.string().max(64),
      z
        .string()
        .optional()
        .refine((text) => isBlank(text) || parseAmount(text) !== null, messages.amount)
    )
    .default({});
}

/**
 * The split over the methods: the one that pays the rest, an amount typed for any other, and what the customer's
 * benefit cards hold, for the cheapest split (the reservation's only).
 */
export function splitShape(messages: OrderFormMessages) {
  return {
    // Optional here: only the api knows whether anything is left to pay online (nothing is for a stay paid at the
    // hotel), and it names the missing method when something is.
    lastPayment: z.string().max(64, messages.methodMissing).optional(),
    amount: amountsByMethod(messages),
    balance: amountsByMethod(messages),
  };
}

/** The buyer: name, contacts, address, the company to invoice, and the consents. */
export function buyerShape(messages: OrderFormMessages) {
  const consent = z.boolean({ error: messages.consent }).refine((given) => given, messages.consent);
  return {
    firstName: requiredText(messages),
    lastName: requiredText(messages),
    email: requiredText(messages).pipe(z.string().regex(EMAIL_PATTERN, messages.email)),
    mobile: requiredText(messages, 30).pipe(z.string().regex(PHONE_PATTERN, messages.phone)),
    street: requiredText(messages),
    streetNumber: requiredText(messages, 30),
    postalCode: requiredText(messages, 20),
    city: requiredText(messages),
    country: requiredText(messages, 100),
    invoiceToCompany: z.boolean().optional(),
    // Required only for an invoice to a company: checked by buyerProblems, where the box is known.
    companyName: optionalText(messages),
    companyId: optionalText(messages, 30),
    taxId: optionalText(messages, 30),
    agreeCp: consent,
    agreeTac: consent,
    agreeMp: z.boolean().optional(),
  };
}

type BuyerFields = z.output<z.ZodObject<ReturnType<typeof buyerShape>>>;
type Issue = { path: string[]; message: string };

/**
 * What the buyer's fields cannot say alone: the postal code in the country's format (the api's rule, checked here
 * first so that the message can show the format), and the company's name and id for an invoice to a company.
 * Reads a partial value: it runs even when another field failed, so every mistake shows at once.
 */
export function buyerProblems(value: Partial<BuyerFields>, messages: OrderFormMessages): Issue[] {
  const { invoiceToCompany, companyName, companyId, postalCode, country } = value;
  const issues: Issue[] = [];
  if (postalCode && country && !isPostalCodeValid(country, postalCode)) {
    issues.push({ path: ["postalCode"], message: messages.postalCode(country) });
  }
  if (invoiceToCompany === true) {
    if (!companyName) issues.push({ path: ["companyName"], message: messages.required });
    if (!companyId) issues.push({ path: ["companyId"], message: messages.required });
  }
  return issues;
}

/** The buyer as the api's OrderRequest; the form's street and number make the address's one line. */
export function buyerRequestOf(fields: BuyerFields): MessageInitShape<typeof OrderRequestSchema> {
  const contactAddress = {
    streetAddress: `${fields.street} ${fields.streetNumber}`,
    city: fields.city,
    country: fields.country,
    postalCode: fields.postalCode,
  };
  return {
    contactAddress,
    billingAddress: fields.invoiceToCompany
      ? {
          address: contactAddress,
          companyName: fields.companyName ?? "",
          companyId: fields.companyId ?? "",
          taxId: fields.taxId ?? "",
        }
      : undefined,
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: fields.email,
    mobile: fields.mobile,
    agreeCp: fields.agreeCp,
    agreeTac: fields.agreeTac,
    agreeMp: fields.agreeMp ?? false,
  };
}

/** The form field of each request path of the buyer and the split that the api may name. */
export const buyerFieldsOfPaths: Record<string, string> = {
  "order.first_name": "firstName",
  "order.last_name": "lastName",
  "order.email": "email",
  "order.mobile": "mobile",
  // The api knows one address line; the street is where the customer starts it.
  "order.contact_address.street_address": "street",
  "order.contact_address.city": "city",
  "order.contact_address.country": "country",
  "order.contact_address.postal_code": "postalCode",
  "order.agree_cp": "agreeCp",
  "order.agree_tac": "agreeTac",
  "order.billing_address.company_name": "companyName",
  "order.billing_address.company_id": "companyId",
  "order.billing_address.tax_id": "taxId",
  "payment_request.last_payment": "lastPayment",
};

/** The amount field of a payment part the api names by its place in the request that was sent. */
export function paymentPartField(values: PaymentFormValues, path: string): string | undefined {
  const part = /^payment_request\.payments\[(\d+)\]/.exec(path);
  if (!part) return undefined;
  const methodId = values.payments[Number(part[1])]?.methodId;
  return methodId === undefined ? undefined : `amount.${methodId}`;
}

/** An over-payment says by how much; any other sentence is the catalogue's. */
export function paymentMessageAt(
  t: Translate,
  money: (minor: number) => string
): (path: string, message: string, detail: Pick<ErrorDetail, "excess">) => string {
  return (path, message, { excess }) =>
    excess && /^payment_request\.payments\[\d+\]\.value$/.test(path)
      ? t("reservation.payment.overpaid", { excess: money(minorUnits(excess)) })
      : message;
}

/** Amounts typed per method, in minor units; a blank or unreadable one is none. */
function typedAmounts(typed: Record<string, string | undefined>): Record<string, number | undefined> {
  const amounts: Record<string, number | undefined> = {};
  for (const [methodId, text] of Object.entries(typed)) {
    amounts[methodId] = isBlank(text) ? undefined : parseAmount(text) ?? undefined;
  }
  return amounts;
}

/**
 * The form's payment part in the shape of the api's request, amounts as Money of the market currency; and the
 * balances typed for the offered methods, for the cheapest split.
 */
export function paymentRequestOf(
  fields: {
    voucherCodes?: string;
    lastPayment?: string;
    amount: Record<string, string | undefined>;
    balance?: Record<string, string | undefined>;
  },
  offeredMethodIds: readonly string[],
  currency: string
): {
  values: PaymentFormValues;
  request: MessageInitShape<typeof PaymentRequestSchema>;
  balances: MessageInitShape<typeof PaymentPartSchema>[];
} {
  const values = paymentFormValues(
    { voucherCodes: fields.voucherCodes, lastPayment: fields.lastPayment, amounts: typedAmounts(fields.amount) },
    offeredMethodIds
  );
  const balances = typedAmounts(fields.balance ?? {});
  return {
    values,
    request: {
      voucherCodes: values.voucherCodes,
      lastPayment: values.lastPayment,
      payments: values.payments.map(({ methodId, minor }) => ({ methodId, value: moneyOf(minor, currency) })),
    },
    balances: offeredMethodIds.flatMap((methodId) => {
      const minor = balances[methodId];
      return minor ? [{ methodId, value: moneyOf(minor, currency) }] : [];
    }),
  };
}

/**
 * The form with its split replaced, as a request to update the price: `lastPayment` pays the rest, `amounts` (typed as
 * the customer would) are the other methods' parts, and the button that asked for it is dropped. The rest of what
 * the customer typed is kept.
 */
function withSplit(formData: FormData, button: string, lastPayment: string, amounts: Record<string, string>) {
  const next = new FormData();
  for (const [name, value] of formData) {
    if (name !== button && name !== "intent" && name !== "lastPayment" && !name.startsWith(amountName(""))) {
      next.append(name, value);
    }
  }
  next.set("intent", "update");
  next.set("lastPayment", lastPayment);
  for (const [methodId, amount] of Object.entries(amounts)) next.set(amountName(methodId), amount);
  return next;
}

/**
 * A row of the ways to pay side by side was chosen (its button, `payWith`, carries the method): the form is read as
 * that method paying everything, no amount for any other, and as a request to update the price.
 */
export function chooseMethodAlone(formData: FormData): FormData {
  const methodId = formData.get(PAY_WITH);
  return typeof methodId === "string" ? withSplit(formData, PAY_WITH, methodId, {}) : formData;
}

/**
 * Whether the form was sent to take the cheapest split proposed for its balances; such a form asks to update the price
 * (its button carries no intent of its own).
 */
export function takesSplit(formData: FormData): boolean {
  if (!formData.has(TAKE_SPLIT)) return false;
  formData.set("intent", "update");
  return true;
}

/** The form as the split the api took for it: its amounts written as the customer would type them. */
export function withTakenSplit(
  formData: FormData,
  taken: PaymentRequest | undefined,
  decimalMark: "," | "."
): FormData {
  const amounts = Object.fromEntries(
    (taken?.payments ?? []).map((part) => [part.methodId, formatAmountInput(minorUnits(part.value), decimalMark)])
  );
  return withSplit(formData, TAKE_SPLIT, taken?.lastPayment ?? "", amounts);
}
