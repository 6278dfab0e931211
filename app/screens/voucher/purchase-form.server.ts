import type { MessageInitShape } from "@bufbuild/protobuf";
import * as z from "zod";
import type { PaymentRequestSchema } from "../../../gen/dzb/shop/v1/payment_pb";
import type { VoucherOrderCreateRequestSchema, VoucherOrderPreviewRequestSchema } from "../../../gen/dzb/shop/v1/shop_service_pb";
import { VoucherFeeMode, type PresentForSchema } from "../../../gen/dzb/shop/v1/voucher_pb";
import type { Translate } from "../../../shared/i18n/translator";
import { EMAIL_PATTERN, PHONE_PATTERN, UUID_PATTERN } from "../../../shared/input-limits";
import { MINOR_PER_UNIT, moneyOf } from "../../../shared/money";
import { isPostalCodeValid } from "../../../shared/postal-code";
import { voucherDesigns } from "../../../shared/voucher-designs";
import {
  buyerFieldsOfPaths,
  buyerProblems,
  buyerRequestOf,
  buyerShape,
  optionalText,
  orderFormMessages,
  paymentPartField,
  splitShape,
  type OrderFormMessages,
} from "~/order-form/order-form.server";
import { objectWithRule } from "~/form-rule.server";
import { parseAmount, type PaymentFormValues } from "~/order-form/payment-form";
import { CUSTOM_VALUE, feeModes, type FeeModeName } from "~/screens/voucher/purchase-form";

/**
 * The voucher purchase form's rules (issue 15; SPEC §3 voucher purchase form, PresentFor; §5): one form, two intents
 * as the reservation's. "update" prices the purchase: the value (a preset or a custom amount in whole units), how the
 * fees count, the extra service and the split. "order" also needs the buyer, the consents and, for a gift, the
 * recipient. The value's bounds are the api's (VoucherOrderPreview.min_value, max_value): the field's hint shows them
 * and the api's refusal is said next to the field; the form checks only what it can know alone.
 */

function messagesOf(t: Translate) {
  return {
    ...orderFormMessages(t),
    valueInvalid: t("voucherPurchase.value.invalid"),
    wholeUnits: t("voucherPurchase.value.wholeUnits"),
  };
}

type Messages = ReturnType<typeof messagesOf>;

/** The posted choice of value: a preset's whole units, or a custom amount typed (in whole units, any spacing). */
export type ValueChoice = { value?: string; customValue?: string };

export type ValueReading =
  | { ok: true; minor: number }
  | { ok: false; field: "value" | "customValue"; problem: "required" | "invalid" | "whole_units" };

/**
 * The amount the visitor chose, in minor units: a preset's, or the custom amount, read like any amount of the shop
 * ("2500", "2 500", "2 500 Kč") and refused with a fraction ("2500,50"), since a voucher is bought in whole units.
 */
export function readVoucherValue({ value, customValue }: ValueChoice): ValueReading {
  if (value === undefined || value === "") return { ok: false, field: "value", problem: "required" };
  const custom = value === CUSTOM_VALUE;
  const field = custom ? "customValue" : "value";
  const text = custom ? customValue ?? "" : value;
  if (text.trim() === "") return { ok: false, field, problem: "required" };
  const minor = parseAmount(text);
  if (minor === null || minor === 0) return { ok: false, field, problem: "invalid" };
  if (minor % MINOR_PER_UNIT !== 0) return { ok: false, field, problem: "whole_units" };
  return { ok: true, minor };
}

function valueMessage(problem: "required" | "invalid" | "whole_units", messages: Messages): string {
  switch (problem) {
    case "required":
      return messages.required;
    case "invalid":
      return messages.valueInvalid;
    case "whole_units":
      return messages.wholeUnits;
  }
}

function priceShape(messages: Messages) {
  return {
    /** The preview this page prices (a UUID); anything else starts a new one. */
    previewId: z.string().max(64).optional(),
    value: z.string().max(20, messages.valueInvalid).optional(),
    customValue: z.string().max(30, messages.tooLong(30)).optional(),
    feeMode: z.enum(feeModes).optional(),
    design: z.enum(voucherDesigns).optional(),
    extraService: z.boolean().optional(),
    ...splitShape(messages),
    /** The total the customer saw, in minor units: the order is placed only at that price. */
    seenTotal: z.number().int().optional(),
  };
}

function recipientShape(messages: OrderFormMessages) {
  return {
    asGift: z.boolean().optional(),
    // Required only for a gift: checked by recipientProblems, where the box is known.
    recipientFirstName: optionalText(messages),
    recipientLastName: optionalText(messages),
    recipientEmail: optionalText(messages),
    recipientMobile: optionalText(messages, 30),
    recipientStreet: optionalText(messages),
    recipientStreetNumber: optionalText(messages, 30),
    recipientPostalCode: optionalText(messages, 20),
    recipientCity: optionalText(messages),
    recipientCountry: optionalText(messages, 100),
  };
}

type RecipientFields = z.output<z.ZodObject<ReturnType<typeof recipientShape>>>;
type Issue = { path: string[]; message: string };

/** The recipient's address lines; the country alone (it starts filled in) does not make an address. */
const addressLines = ["recipientStreet", "recipientStreetNumber", "recipientPostalCode", "recipientCity"] as const;

/**
 * A gift names its recipient for support (decision 028): first and last name and e-mail; the phone when given in the
 * SPEC's shape; the address whole or not at all. Not a gift, nothing of the recipient is asked or sent.
 */
export function recipientProblems(value: Partial<RecipientFields>, messages: OrderFormMessages): Issue[] {
  if (value.asGift !== true) return [];
  const issues: Issue[] = [];
  const needed = (name: keyof RecipientFields) => {
    if (!value[name]) issues.push({ path: [name], message: messages.required });
  };
  needed("recipientFirstName");
  needed("recipientLastName");
  needed("recipientEmail");
  if (value.recipientEmail && !EMAIL_PATTERN.test(value.recipientEmail)) {
    issues.push({ path: ["recipientEmail"], message: messages.email });
  }
  if (value.recipientMobile && !PHONE_PATTERN.test(value.recipientMobile)) {
    issues.push({ path: ["recipientMobile"], message: messages.phone });
  }
  if (addressLines.some((name) => value[name])) {
    for (const name of [...addressLines, "recipientCountry"] as const) needed(name);
    const { recipientPostalCode: postalCode, recipientCountry: country } = value;
    if (postalCode && country && !isPostalCodeValid(country, postalCode)) {
      issues.push({ path: ["recipientPostalCode"], message: messages.postalCode(country) });
    }
  }
  return issues;
}

/** The priced part alone: what a re-price needs, whatever the state of the buyer's fields. */
export function purchasePriceSchema(t: Translate) {
  const messages = messagesOf(t);
  return objectWithRule(priceShape(messages), valueRule(messages));
}

function valueRule(messages: Messages) {
  return (fields: ValueChoice, context: z.RefinementCtx) => {
    const reading = readVoucherValue(fields);
    if (!reading.ok) {
      context.addIssue({ code: "custom", path: [reading.field], message: valueMessage(reading.problem, messages) });
    }
  };
}

export function purchaseSchema(t: Translate) {
  const messages = messagesOf(t);
  const checkValue = valueRule(messages);
  return z.discriminatedUnion("intent", [
    objectWithRule({ intent: z.literal("update"), ...priceShape(messages) }, checkValue),
    objectWithRule(
      { intent: z.literal("order"), ...priceShape(messages), ...buyerShape(messages), ...recipientShape(messages) },
      (fields, context) => {
        checkValue(fields, context);
        for (const issue of [...buyerProblems(fields, messages), ...recipientProblems(fields, messages)]) {
          context.addIssue({ code: "custom", ...issue });
        }
      }
    ),
  ]);
}

export type PriceFields = z.output<ReturnType<typeof purchasePriceSchema>>;
export type PurchaseOrderFields = Extract<z.output<ReturnType<typeof purchaseSchema>>, { intent: "order" }>;

const contractFeeModes: Record<FeeModeName, VoucherFeeMode> = {
  value_plus_fees: VoucherFeeMode.VALUE_PLUS_FEES,
  fees_included: VoucherFeeMode.FEES_INCLUDED,
};

/** The preview id the form carries, when it is one; anything else is a new preview. */
export function previewIdOf(fields: Pick<PriceFields, "previewId">): string | undefined {
  const id = fields.previewId;
  return id && UUID_PATTERN.test(id) ? id.toLowerCase() : undefined;
}

/**
 * What the form asks the api to price, and to order: the amount (the voucher's value, or with the fees included the
 * total), how the fees count, the extra service, and the payment request. Fields already parsed by the schema.
 */
export function purchaseRequestOf(
  fields: PriceFields,
  paymentRequest: MessageInitShape<typeof PaymentRequestSchema>,
  currency: string
) {
  const reading = readVoucherValue(fields);
  if (!reading.ok) throw new Error("purchaseRequestOf: the schema let an unreadable value through");
  return {
    voucherValue: moneyOf(reading.minor, currency),
    feeMode: contractFeeModes[fields.feeMode ?? "value_plus_fees"],
    extraService: fields.extraService ?? false,
    paymentRequest,
  } satisfies MessageInitShape<typeof VoucherOrderPreviewRequestSchema>;
}

/** The recipient as the api's PresentFor, for a gift; the address only when it was given. */
export function presentForOf(fields: PurchaseOrderFields): MessageInitShape<typeof PresentForSchema> | undefined {
  if (!fields.asGift) return undefined;
  const addressGiven = addressLines.some((name) => fields[name]);
  return {
    firstName: fields.recipientFirstName ?? "",
    lastName: fields.recipientLastName ?? "",
    email: fields.recipientEmail ?? "",
    mobile: fields.recipientMobile ?? "",
    address: addressGiven
      ? {
          streetAddress: `${fields.recipientStreet} ${fields.recipientStreetNumber}`,
          city: fields.recipientCity ?? "",
          country: fields.recipientCountry ?? "",
          postalCode: fields.recipientPostalCode ?? "",
        }
      : undefined,
  };
}

/** The order of the priced purchase: the same request, the buyer, the gift's recipient and the chosen design. */
export function purchaseOrderOf(
  fields: PurchaseOrderFields,
  priced: ReturnType<typeof purchaseRequestOf>,
  previewId: string
): MessageInitShape<typeof VoucherOrderCreateRequestSchema> {
  return {
    ...priced,
    previewId,
    order: buyerRequestOf(fields),
    presentFor: presentForOf(fields),
    design: fields.design ?? voucherDesigns[0],
  };
}

const purchaseFieldsOfPaths: Record<string, string> = {
  ...buyerFieldsOfPaths,
  fee_mode: "feeMode",
  extra_service: "extraService",
  design: "design",
  "present_for.first_name": "recipientFirstName",
  "present_for.last_name": "recipientLastName",
  "present_for.email": "recipientEmail",
  "present_for.mobile": "recipientMobile",
  "present_for.address.street_address": "recipientStreet",
  "present_for.address.city": "recipientCity",
  "present_for.address.country": "recipientCountry",
  "present_for.address.postal_code": "recipientPostalCode",
};

/**
 * The form field for a request path the api names: a payment part by its place in the request sent, the voucher's
 * value by the control the visitor chose it with (a preset, or the custom amount).
 */
export function purchaseFieldOf(
  values: PaymentFormValues,
  choice: Pick<ValueChoice, "value">
): (path: string) => string | undefined {
  return (path) => {
    if (path === "voucher_value") return choice.value === CUSTOM_VALUE ? "customValue" : "value";
    return paymentPartField(values, path) ?? purchaseFieldsOfPaths[path];
  };
}
