import type { Translate } from "../../../shared/i18n/translator";
import type { MessageInitShape } from "@bufbuild/protobuf";
import * as z from "zod";
import { DuplicateChoice, type OrderRequestSchema } from "../../../gen/dzb/shop/v1/order_pb";
import type { ErrorDetail } from "../../../gen/dzb/shop/v1/errors_pb";
import { objectWithRule } from "~/form-rule.server";
import { splitVoucherCodes, type PaymentFormValues } from "~/order-form/payment-form";
import { MAX_NOTE_LENGTH, MAX_VOUCHER_CODES_PER_ORDER } from "../../../shared/input-limits";
import { mainGuestProblems } from "../../../shared/main-guest";
import {
  buyerFieldsOfPaths,
  buyerProblems,
  buyerRequestOf,
  buyerShape,
  optionalText,
  orderFormMessages,
  paymentMessageAt,
  paymentPartField,
  splitShape,
  type OrderFormMessages,
} from "~/order-form/order-form.server";

export { paymentRequestOf } from "~/order-form/order-form.server";

/**
 * The reservation form's rules (SPEC §3 OrderRequest, §5): one form, two intents. "update" re-prices the payment
 * part (vouchers, split, insurance); "order" also needs every customer field, the consents, and the company's
 * name and id when an invoice for a company is asked for. The parts every order form shares are in ~/order-form/order-form.server.ts.
 */

function paymentShape(messages: OrderFormMessages) {
  return {
    voucherCodes: z
      .string()
      .max(500, messages.tooLong(500))
      .refine((text) => splitVoucherCodes(text).length <= MAX_VOUCHER_CODES_PER_ORDER, messages.tooManyCodes)
      .optional(),
    ...splitShape(messages),
    cancellationInsurance: z.boolean().optional(),
    /** The total the customer saw, in minor units: the order is placed only at that price. */
    seenTotal: z.number().int().optional(),
    /** Which of this page's posts this is (HotelOrderPreviewRequest.revision); absent without JavaScript. */
    revision: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  };
}

function customerShape(messages: OrderFormMessages) {
  return {
    ...buyerShape(messages),
    bookingForSomeoneElse: z.boolean().optional(),
    // Required only when booking for someone else: checked below, where the box is known.
    guestName: optionalText(messages),
    isMainGuest: z.boolean().optional(),
    noteForHotel: optionalText(messages, MAX_NOTE_LENGTH),
    carRentalInterest: z.boolean().optional(),
    // Asked only when the customer has an unpaid order of the same stay (decision 013).
    duplicates: z.enum(duplicateChoices).optional(),
  };
}

/** The payment part alone: what a re-preview needs, whatever the state of the customer fields. */
export function paymentSchema(t: Translate) {
  return z.object(paymentShape(orderFormMessages(t)));
}

export function reservationSchema(t: Translate) {
  const messages = orderFormMessages(t);
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("update"), ...paymentShape(messages) }),
    objectWithRule(
      { intent: z.literal("order"), ...paymentShape(messages), ...customerShape(messages) },
      (fields, context) => {
        const { bookingForSomeoneElse, isMainGuest, guestName } = fields;
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
        for (const issue of buyerProblems(fields, messages)) {
          context.addIssue({ code: "custom", ...issue });
        }
      }
    ),
  ]);
}

export type PaymentFields = z.output<ReturnType<typeof paymentSchema>>;
export type OrderFields = Extract<z.output<ReturnType<typeof reservationSchema>>, { intent: "order" }>;

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

/** The customer part as the api's OrderRequest: the buyer, the guests and the stay's extras. */
export function orderRequestOf(fields: OrderFields): MessageInitShape<typeof OrderRequestSchema> {
  return {
    ...buyerRequestOf(fields),
    noteForHotel: fields.noteForHotel ?? "",
    bookingForSomeoneElse: fields.bookingForSomeoneElse ?? false,
    isMainGuest: fields.isMainGuest ?? false,
    guestName: fields.bookingForSomeoneElse ? fields.guestName ?? "" : "",
    carRentalInterest: fields.carRentalInterest ?? false,
    cancellationInsurance: fields.cancellationInsurance ?? false,
  };
}

const orderFields: Record<string, string> = {
  ...buyerFieldsOfPaths,
  "order.note_for_hotel": "noteForHotel",
  "order.guest_name": "guestName",
  "order.is_main_guest": "isMainGuest",
  "order.cancellation_insurance": "cancellationInsurance",
  cancellation_insurance: "cancellationInsurance",
  "payment_request.voucher_codes": "voucherCodes",
};

/**
 * The form field for a request path the api names. A payment part is known by its place in the request that was
 * sent (`payment_request.payments[1].value` is the amount of the second method given one), a voucher code by the
 * one field all codes are typed into.
 */
export function reservationFieldOf(values: PaymentFormValues): (path: string) => string | undefined {
  return (path) => {
    const part = paymentPartField(values, path);
    if (part) return part;
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
  const paymentMessage = paymentMessageAt(t, money);
  return (path, message, detail) => {
    const code = /^payment_request\.voucher_codes\[(\d+)\]$/.exec(path);
    const typed = code ? values.voucherCodes[Number(code[1])] : undefined;
    if (typed !== undefined) return t("reservation.vouchers.codeError", { code: typed, message });
    return paymentMessage(path, message, detail);
  };
}
