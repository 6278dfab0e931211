import type { Translate } from "../../shared/i18n/translator";
import type { MessageInitShape } from "@bufbuild/protobuf";
import * as z from "zod";
import { DuplicateChoice, type OrderRequestSchema } from "../../gen/dzb/shop/v1/order_pb";
import type { PaymentRequestSchema } from "../../gen/dzb/shop/v1/payment_pb";
import type { ErrorDetail } from "../../gen/dzb/shop/v1/errors_pb";
import { minorUnits, moneyOf } from "../../shared/money";
import { paymentFormValues, parseAmount, splitVoucherCodes, type PaymentFormValues } from "~/order/payment-form";
import { EMAIL_PATTERN, MAX_NOTE_LENGTH, MAX_VOUCHER_CODES_PER_ORDER, PHONE_PATTERN } from "../../shared/input-limits";
import { mainGuestProblems } from "../../shared/main-guest";
import { isPostalCodeValid, postalCodeFormat } from "../../shared/postal-code";

/**
 * The reservation form's rules (SPEC §3 OrderRequest, §5): one form, two intents. "update" re-prices the payment
 * part (vouchers, split, insurance); "order" also needs every customer field, the consents, and the company's
 * name and id when an invoice for a company is asked for.
 */

function messagesOf(t: Translate) {
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

type Messages = ReturnType<typeof messagesOf>;

/** conform leaves an empty field out, but not inside a record: there it is "". */
function isBlank(text: string | undefined): text is undefined | "" {
  return text === undefined || text.trim() === "";
}

function paymentShape(messages: Messages) {
  return {
    voucherCodes: z
      .string()
      .max(500, messages.tooLong(500))
      .refine((text) => splitVoucherCodes(text).length <= MAX_VOUCHER_CODES_PER_ORDER, messages.tooManyCodes)
      .optional(),
    // Optional here: only the api knows whether anything is left to pay online (nothing is for a stay paid at the
    // hotel), and it names the missing method when something is.
    lastPayment: z.string().max(64, messages.methodMissing).optional(),
    // One field per method; which methods exist is the api's to say (paymentRequestOf drops any other).
    amount: z
      .record(
        z.string().max(64),
        z
          .string()
          .optional()
          .refine((text) => isBlank(text) || parseAmount(text) !== null, messages.amount)
      )
      .default({}),
    cancellationInsurance: z.boolean().optional(),
    /** The total the customer saw, in minor units: the order is placed only at that price. */
    seenTotal: z.number().int().optional(),
    /** Which of this page's posts this is (HotelOrderPreviewRequest.revision); absent without JavaScript. */
    revision: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  };
}

function required(messages: Messages, max = 200) {
  return z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong(max));
}

function customerShape(messages: Messages) {
  const consent = z.boolean({ error: messages.consent }).refine((given) => given, messages.consent);
  return {
    firstName: required(messages),
    lastName: required(messages),
    email: required(messages).pipe(z.string().regex(EMAIL_PATTERN, messages.email)),
    mobile: required(messages, 30).pipe(z.string().regex(PHONE_PATTERN, messages.phone)),
    street: required(messages),
    streetNumber: required(messages, 30),
    postalCode: required(messages, 20),
    city: required(messages),
    country: required(messages, 100),
    invoiceToCompany: z.boolean().optional(),
    // Required only for an invoice to a company: checked below, where the box is known.
    companyName: z.string().trim().max(200, messages.tooLong(200)).optional(),
    companyId: z.string().trim().max(30, messages.tooLong(30)).optional(),
    taxId: z.string().trim().max(30, messages.tooLong(30)).optional(),
    bookingForSomeoneElse: z.boolean().optional(),
    // Required only when booking for someone else: checked below, where the box is known.
    guestName: z.string().trim().max(200, messages.tooLong(200)).optional(),
    isMainGuest: z.boolean().optional(),
    noteForHotel: z.string().trim().max(MAX_NOTE_LENGTH, messages.tooLong(MAX_NOTE_LENGTH)).optional(),
    carRentalInterest: z.boolean().optional(),
    agreeCp: consent,
    agreeTac: consent,
    agreeMp: z.boolean().optional(),
    // Asked only when the customer has an unpaid order of the same stay (decision 013).
    duplicates: z.enum(duplicateChoices).optional(),
  };
}

/** The payment part alone: what a re-preview needs, whatever the state of the customer fields. */
export function paymentSchema(t: Translate) {
  return z.object(paymentShape(messagesOf(t)));
}

export function reservationSchema(t: Translate) {
  const messages = messagesOf(t);
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("update"), ...paymentShape(messages) }),
    z
      .object({ intent: z.literal("order"), ...paymentShape(messages), ...customerShape(messages) })
      // Runs even when another field failed, so every mistake shows at once.
      .superRefine(
        (value, context) => {
          const { invoiceToCompany, companyName, companyId, postalCode, country } = value as Partial<typeof value>;
          const { bookingForSomeoneElse, isMainGuest, guestName } = value as Partial<typeof value>;
          // The api's rule: who books for someone else names the guest, and is not the main guest.
          const guestProblems = mainGuestProblems({
            bookingForSomeoneElse: bookingForSomeoneElse ?? false,
            isMainGuest: isMainGuest ?? false,
            guestName: guestName ?? "",
          });
          for (const problem of guestProblems) {
            context.addIssue(
              problem === "guest_name_missing"
                ? { code: "custom", path: ["guestName"], message: messages.required }
                : { code: "custom", path: ["isMainGuest"], message: messages.mainGuestConflict }
            );
          }
          // The api's rule, checked here first so that the message can show the country's format.
          if (postalCode && country && !isPostalCodeValid(country, postalCode)) {
            context.addIssue({ code: "custom", path: ["postalCode"], message: messages.postalCode(country) });
          }
          if (invoiceToCompany !== true) return;
          if (!companyName) context.addIssue({ code: "custom", path: ["companyName"], message: messages.required });
          if (!companyId) context.addIssue({ code: "custom", path: ["companyId"], message: messages.required });
        },
        { when: () => true }
      ),
  ]);
}

export type PaymentFields = z.output<ReturnType<typeof paymentSchema>>;
export type OrderFields = Extract<z.output<ReturnType<typeof reservationSchema>>, { intent: "order" }>;

/** The form's payment part in the shape of the api's request, amounts as Money of the market currency. */
export function paymentRequestOf(
  fields: PaymentFields,
  offeredMethodIds: readonly string[],
  currency: string
): { values: PaymentFormValues; request: MessageInitShape<typeof PaymentRequestSchema> } {
  const amounts: Record<string, number | undefined> = {};
  for (const [methodId, text] of Object.entries(fields.amount)) {
    amounts[methodId] = isBlank(text) ? undefined : parseAmount(text) ?? undefined;
  }
  const values = paymentFormValues(
    { voucherCodes: fields.voucherCodes, lastPayment: fields.lastPayment, amounts },
    offeredMethodIds
  );
  return {
    values,
    request: {
      voucherCodes: values.voucherCodes,
      lastPayment: values.lastPayment,
      payments: values.payments.map(({ methodId, minor }) => ({ methodId, value: moneyOf(minor, currency) })),
    },
  };
}

/** What the customer may do with their unpaid orders of the same stay: replace them with this one, or keep both. */
export const duplicateChoices = ["replace", "keep_both"] as const;

const contractDuplicateChoices: Record<(typeof duplicateChoices)[number], DuplicateChoice> = {
  replace: DuplicateChoice.REPLACE,
  keep_both: DuplicateChoice.KEEP_BOTH,
};

/** The customer's choice as the contract says it; not chosen (yet) when they were not asked. */
export function duplicateChoiceOf(fields: OrderFields): DuplicateChoice {
  return fields.duplicates ? contractDuplicateChoices[fields.duplicates] : DuplicateChoice.UNSPECIFIED;
}

/** The customer part as the api's OrderRequest; the form's street and number make the address's one line. */
export function orderRequestOf(fields: OrderFields): MessageInitShape<typeof OrderRequestSchema> {
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
    noteForHotel: fields.noteForHotel ?? "",
    agreeCp: fields.agreeCp,
    agreeTac: fields.agreeTac,
    agreeMp: fields.agreeMp ?? false,
    bookingForSomeoneElse: fields.bookingForSomeoneElse ?? false,
    isMainGuest: fields.isMainGuest ?? false,
    guestName: fields.bookingForSomeoneElse ? fields.guestName ?? "" : "",
    carRentalInterest: fields.carRentalInterest ?? false,
    cancellationInsurance: fields.cancellationInsurance ?? false,
  };
}

const orderFields: Record<string, string> = {
  "order.first_name": "firstName",
  "order.last_name": "lastName",
  "order.email": "email",
  "order.mobile": "mobile",
  "order.note_for_hotel": "noteForHotel",
  // The api knows one address line; the street is where the customer starts it.
  "order.contact_address.street_address": "street",
  "order.contact_address.city": "city",
  "order.contact_address.country": "country",
  "order.contact_address.postal_code": "postalCode",
  "order.agree_cp": "agreeCp",
  "order.agree_tac": "agreeTac",
  "order.guest_name": "guestName",
  "order.is_main_guest": "isMainGuest",
  "order.billing_address.company_name": "companyName",
  "order.billing_address.company_id": "companyId",
  "order.billing_address.tax_id": "taxId",
  "order.cancellation_insurance": "cancellationInsurance",
  cancellation_insurance: "cancellationInsurance",
  "payment_request.last_payment": "lastPayment",
  "payment_request.voucher_codes": "voucherCodes",
};

/**
 * The form field for a request path the api names. A payment part is known by its place in the request that was
 * sent (`payment_request.payments[1].value` is the amount of the second method given one), a voucher code by the
 * one field all codes are typed into.
 */
export function reservationFieldOf(values: PaymentFormValues): (path: string) => string | undefined {
  return (path) => {
    const part = /^payment_request\.payments\[(\d+)\]/.exec(path);
    if (part) {
      const methodId = values.payments[Number(part[1])]?.methodId;
      return methodId === undefined ? undefined : `amount.${methodId}`;
    }
    if (/^payment_request\.voucher_codes\[\d+\]$/.test(path)) return "voucherCodes";
    return orderFields[path];
  };
}

/**
 * The api's sentence as the reservation shows it: one about a voucher code names the code, since all codes are typed
 * into one field and the customer must know which one to fix; an over-payment says by how much.
 */
export function reservationMessageAt(
  values: PaymentFormValues,
  t: Translate,
  money: (minor: number) => string
): (path: string, message: string, detail: Pick<ErrorDetail, "excess">) => string {
  return (path, message, { excess }) => {
    if (excess && /^payment_request\.payments\[\d+\]\.value$/.test(path)) {
      return t("reservation.payment.overpaid", { excess: money(minorUnits(excess)) });
    }
    const code = /^payment_request\.voucher_codes\[(\d+)\]$/.exec(path);
    const typed = code ? values.voucherCodes[Number(code[1])] : undefined;
    return typed === undefined ? message : t("reservation.vouchers.codeError", { code: typed, message });
  };
}
