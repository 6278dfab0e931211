import type { DescEnum, DescField, DescMessage, Message, MessageShape } from "@bufbuild/protobuf";
import { reflect, type ReflectMessage } from "@bufbuild/protobuf/reflect";
import { Code, type Interceptor } from "@connectrpc/connect";
import {
  AddressSchema,
  MoneySchema,
  ProductVariantSchema,
  RequestMetaSchema,
  type Money,
  type ProductVariant,
} from "../../gen/dzb/shop/v1/common_pb";
import { ContactMessageSchema } from "../../gen/dzb/shop/v1/contact_pb";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import {
  DealPriceSchema,
  HotelDetail_RatingSchema,
  HotelRequestSchema,
  MaximumOccupancy_ChildrenSchema,
  MaximumOccupancySchema,
  RoomProductSchema,
  type HotelRequest,
} from "../../gen/dzb/shop/v1/hotel_pb";
import { BillingAddressSchema, OrderRequestSchema } from "../../gen/dzb/shop/v1/order_pb";
import {
  ExtraChargeSchema,
  PaymentOutputSchema,
  PaymentPartSchema,
  PaymentRequestSchema,
  VouchersUsage_UnitEntrySchema,
} from "../../gen/dzb/shop/v1/payment_pb";
import {
  HotelOrderPreviewRequestSchema,
  HotelOrderSpecificationSchema,
  VoucherDetailRequestSchema,
  VoucherOrderCreateRequestSchema,
  VoucherOrderPreviewRequestSchema,
} from "../../gen/dzb/shop/v1/shop_service_pb";
import { PresentForSchema, VoucherSchema } from "../../gen/dzb/shop/v1/voucher_pb";
import { fitsMinorUnits } from "../../shared/money";
import {
  EMAIL_PATTERN,
  MAX_ADULTS_PER_ROOM,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MAX_CONTACT_LINE_LENGTH,
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_VOUCHER_CODES_PER_ORDER,
  MIN_ADULTS,
  MIN_ROOMS,
  PHONE_PATTERN,
  productIdPattern,
  tooManyAdultsPerRoom,
  UUID_PATTERN,
} from "../../shared/input-limits";
import { isVoucherDesign, voucherDesigns } from "../../shared/voucher-designs";
import { mainGuestProblems, type MainGuestProblem } from "../../shared/main-guest";
import { isPostalCodeValid } from "../../shared/postal-code";
import { COUPON_CODE_PATTERN, VOUCHER_CODE_PATTERN } from "../domain/voucher-rules";
import { marketCurrency, type CurrencyCode } from "../domain/products";
import { MAX_DEALS } from "../domain/hotel-offer";
import { apiError } from "./contract/api-error";
import { currencyCodeOf, productKeyOf } from "./contract/product-variant";

/** The balances a preview plans a split with: more than any variant has methods. */
const MAX_BALANCES = 10;

/**
 * The SPEC's limits (§3, §5, §9), written once as rules per message type and applied wherever that type
 * appears: a HotelRequest is checked the same inside any request, a Money the same in every field.
 *
 * Requests that break a limit are refused with invalid_argument and the catalogue code of the broken limit.
 * Answers are checked too: an answer breaking a limit means an adapter passed provider data through
 * unchecked, which is our bug, so the visitor gets an internal error and the log gets the field.
 */

export interface LimitViolation {
  readonly errorCode: ErrorCode;
  /** Path of the field in the checked message, e.g. "hotel_request.children_ages[2]". */
  readonly field: string;
  /** What is wrong with the field, for developers and logs; the visitor sees the sentence of `errorCode`. */
  readonly message: string;
}

interface Scope {
  readonly direction: "request" | "answer";
  /** The currency every amount must be in: the one of the request's variant. */
  readonly currencyCode: CurrencyCode | undefined;
}

type Check<Shape> = (message: Shape, scope: Scope) => LimitViolation | undefined;

function violation(errorCode: ErrorCode, field: string, message: string): LimitViolation {
  return { errorCode, field, message };
}

function atLeast(value: number, min: number, errorCode: ErrorCode, field: string) {
  return value >= min ? undefined : violation(errorCode, field, `must be at least ${min}`);
}

function atMost(value: number, max: number, errorCode: ErrorCode, field: string) {
  return value <= max ? undefined : violation(errorCode, field, `must be at most ${max}`);
}

/** Also refuses NaN and infinities, which JSON clients can send for double fields. */
function between(value: number, min: number, max: number, errorCode: ErrorCode, field: string) {
  return value >= min && value <= max ? undefined : violation(errorCode, field, `must be from ${min} to ${max}`);
}

function present(value: string | Message | undefined, errorCode: ErrorCode, field: string) {
  return value === undefined || value === "" ? violation(errorCode, field, "is required") : undefined;
}

function shaped(value: string, shape: RegExp, errorCode: ErrorCode, field: string, what: string) {
  return shape.test(value) ? undefined : violation(errorCode, field, `must be ${what}`);
}

const phoneShape = "a phone number like +420 123 456 789";

/** Someone the shop may write to (a buyer, a gift's recipient): named, with an e-mail address. */
function personViolation(person: { firstName: string; lastName: string; email: string }) {
  return (
    present(person.firstName, ErrorCode.INPUT_REQUIRED, "first_name") ??
    present(person.lastName, ErrorCode.INPUT_REQUIRED, "last_name") ??
    present(person.email, ErrorCode.INPUT_REQUIRED, "email") ??
    shaped(person.email, EMAIL_PATTERN, ErrorCode.INPUT_EMAIL_INVALID, "email", "an e-mail address")
  );
}

function isTrue(value: boolean, errorCode: ErrorCode, field: string) {
  return value ? undefined : violation(errorCode, field, "must be accepted");
}

/** The first violation among a list's items, with the item's index in the path. */
function firstOf<T>(items: readonly T[], field: string, check: (item: T, path: string) => LimitViolation | undefined) {
  for (const [index, item] of items.entries()) {
    const found = check(item, `${field}[${index}]`);
    if (found) return found;
  }
  return undefined;
}

/** A payment request takes value vouchers (8 digits) and coupons (5 capitals or digits) in one list. */
const paymentCodeShape = new RegExp(`${VOUCHER_CODE_PATTERN.source}|${COUPON_CODE_PATTERN.source}`);

/** SPEC §3 identifiers that are UUIDs wherever a field of this name appears. Payment method ids are not. */
const uuidFieldNames = new Set(["order_id", "voucher_id", "payment_id", "preview_id", "availability_id"]);

function isNegative(money: Money): boolean {
  return money.units < 0n || money.nanos < 0;
}

function isPositive(money: Money): boolean {
  return !isNegative(money) && (money.units > 0n || money.nanos > 0);
}

const percentage = (value: number, field: string) => between(value, 0, 100, ErrorCode.INVALID_ARGUMENT, field);

const checkMoney: Check<Money> = (money, scope) =>
  between(money.nanos, -999_999_999, 999_999_999, ErrorCode.INVALID_MONEY, "nanos") ??
  ((money.units > 0n && money.nanos < 0) || (money.units < 0n && money.nanos > 0)
    ? violation(ErrorCode.INVALID_MONEY, "nanos", "must have the sign of units")
    : undefined) ??
  (fitsMinorUnits(money.units, money.nanos)
    ? undefined
    : violation(ErrorCode.INVALID_MONEY, "units", "is more than any amount can be")) ??
  present(money.currencyCode, ErrorCode.PAYMENT_CURRENCY_MISSING, "currency_code") ??
  (scope.currencyCode !== undefined && money.currencyCode !== scope.currencyCode
    ? violation(ErrorCode.CURRENCY_MISMATCH, "currency_code", `must be ${scope.currencyCode}, the variant's currency`)
    : undefined);

const checkVariant: Check<ProductVariant> = (variant) => {
  const product = productKeyOf(variant.product);
  const missing = ErrorCode.PRODUCT_VARIANT_MISSING;
  if (!product) return violation(missing, "product", "must be set to a known product");
  if (!variant.lang) return violation(missing, "lang", "is required");
  if (!variant.currency) return violation(missing, "currency", "is required");
  return currencyCodeOf(variant.currency) === marketCurrency[product]
    ? undefined
    : violation(ErrorCode.PRODUCT_VARIANT_INVALID, "currency", `must be ${marketCurrency[product]} for ${product}`);
};

/**
 * Only presence: the order of the dates and whether they lie in the past are the domain's stay rules
 * (`server/domain/stay.ts`), which need the clock and report the more telling of the two first.
 */
function checkStayDates({ checkIn, checkOut }: HotelRequest): LimitViolation | undefined {
  if (!checkIn) return violation(ErrorCode.INPUT_CHECK_IN_INVALID, "check_in", "is required");
  if (!checkOut) return violation(ErrorCode.INPUT_CHECK_OUT_INVALID, "check_out", "is required");
  return undefined;
}

const checkVoucherValue: Check<{ voucherValue?: Money }> = ({ voucherValue }) =>
  voucherValue && isPositive(voucherValue)
    ? undefined
    : violation(ErrorCode.VOUCHER_VALUE_INVALID, "voucher_value", "must be a positive amount");

/** Binds a check to the message type it reads, so the table below stays type-checked. */
function limits<Desc extends DescMessage>(schema: Desc, check: Check<MessageShape<Desc>>): [string, Check<Message>] {
  return [schema.typeName, check as Check<Message>];
}

const checksByType = new Map<string, Check<Message>>([
  limits(ProductVariantSchema, checkVariant),
  limits(MoneySchema, checkMoney),
  limits(
    RequestMetaSchema,
    (m) =>
      (m.id.length === 25 ? undefined : violation(ErrorCode.INVALID_ARGUMENT, "id", "must be 25 characters")) ??
      present(m.timestamp, ErrorCode.INVALID_ARGUMENT, "timestamp")
  ),
  limits(
    HotelRequestSchema,
    // An answer only echoes a request, and HotelParseUrl's holds just what the link carries, dates and guests maybe not.
    (r, scope) =>
      scope.direction === "answer"
        ? undefined
        : present(r.hotelId, ErrorCode.INPUT_REQUIRED, "hotel_id") ??
          checkStayDates(r) ??
          atLeast(r.rooms, MIN_ROOMS, ErrorCode.INPUT_ROOMS_INVALID, "rooms") ??
          atLeast(r.adults, MIN_ADULTS, ErrorCode.INPUT_ADULTS_INVALID, "adults") ??
          (tooManyAdultsPerRoom(r.adults, r.rooms)
            ? violation(ErrorCode.INPUT_ADULTS_PER_ROOM_EXCEEDED, "adults", `at most ${MAX_ADULTS_PER_ROOM} per room`)
            : undefined) ??
          atMost(r.childrenAges.length, MAX_CHILDREN, ErrorCode.INPUT_CHILDREN_INVALID, "children_ages") ??
          firstOf(r.childrenAges, "children_ages", (age, path) =>
            between(age, 0, MAX_CHILD_AGE, ErrorCode.INPUT_CHILD_AGE_INVALID, path)
          )
  ),
  limits(
    DealPriceSchema,
    (p) =>
      present(p.publicPrice, ErrorCode.INVALID_ARGUMENT, "public_price") ??
      present(p.discountedPrice, ErrorCode.INVALID_ARGUMENT, "discounted_price") ??
      atMost(p.deals.length, MAX_DEALS, ErrorCode.INVALID_ARGUMENT, "deals")
  ),
  limits(
    HotelDetail_RatingSchema,
    (r) =>
      atLeast(r.numberOfReviews, 0, ErrorCode.INVALID_ARGUMENT, "number_of_reviews") ??
      between(r.reviewScore, 0, 10, ErrorCode.INVALID_ARGUMENT, "review_score") ??
      between(r.stars, 0, 5, ErrorCode.INVALID_ARGUMENT, "stars")
  ),
  // The provider's numbers as they are (decision 051): one room left, a single room and a band for babies are sold.
  limits(RoomProductSchema, (p) =>
    atLeast(p.numberAvailableAtThisPrice, 1, ErrorCode.INVALID_ARGUMENT, "number_available_at_this_price")
  ),
  limits(
    MaximumOccupancySchema,
    (o) =>
      atLeast(o.adults, 1, ErrorCode.INVALID_ARGUMENT, "adults") ??
      atLeast(o.total, o.adults, ErrorCode.INVALID_ARGUMENT, "total")
  ),
  limits(
    MaximumOccupancy_ChildrenSchema,
    (c) =>
      atLeast(c.total, 0, ErrorCode.INVALID_ARGUMENT, "total") ??
      atLeast(c.fromAge, 0, ErrorCode.INVALID_ARGUMENT, "from_age") ??
      atLeast(c.toAge, c.fromAge, ErrorCode.INVALID_ARGUMENT, "to_age")
  ),
  limits(ExtraChargeSchema, (c) => percentage(c.percentage, "percentage")),
  limits(VouchersUsage_UnitEntrySchema, (e) => percentage(e.bonusPercent, "bonus_percent")),
  limits(PaymentOutputSchema, (o) => percentage(o.bonusPercent, "bonus_percent")),
  limits(
    PaymentRequestSchema,
    (r) =>
      atMost(r.voucherCodes.length, MAX_VOUCHER_CODES_PER_ORDER, ErrorCode.VOUCHER_CODES_TOO_MANY, "voucher_codes") ??
      firstOf(r.voucherCodes, "voucher_codes", (code, path) =>
        shaped(code, paymentCodeShape, ErrorCode.INVALID_VOUCHER_CODE, path, "8 digits, or a 5-character coupon")
      )
  ),
  limits(
    PaymentPartSchema,
    (p) =>
      present(p.methodId, ErrorCode.PAYMENT_METHOD_ID_MISSING, "method_id") ??
      (!p.value
        ? violation(ErrorCode.PAYMENT_VALUE_INVALID, "value", "is required")
        : isNegative(p.value)
        ? violation(ErrorCode.PAYMENT_VALUE_INVALID, "value", "must not be negative")
        : undefined)
  ),
  limits(
    HotelOrderPreviewRequestSchema,
    (r) =>
      // Kept as a number, and in a PostgreSQL bigint: a larger one would not compare as sent.
      (r.revision > BigInt(Number.MAX_SAFE_INTEGER)
        ? violation(ErrorCode.INVALID_ARGUMENT, "revision", `at most ${Number.MAX_SAFE_INTEGER}`)
        : undefined) ??
      atMost(r.balances.length, MAX_BALANCES, ErrorCode.INVALID_ARGUMENT, "balances")
  ),
  limits(VoucherDetailRequestSchema, (r) =>
    shaped(r.voucherCode, VOUCHER_CODE_PATTERN, ErrorCode.INVALID_VOUCHER_CODE, "voucher_code", "8 digits")
  ),
  limits(VoucherSchema, (v) =>
    shaped(v.code, VOUCHER_CODE_PATTERN, ErrorCode.INVALID_VOUCHER_CODE, "code", "8 digits")
  ),
  limits(VoucherOrderPreviewRequestSchema, checkVoucherValue),
  limits(
    VoucherOrderCreateRequestSchema,
    (r, scope) =>
      checkVoucherValue(r, scope) ??
      (r.design === "" || isVoucherDesign(r.design)
        ? undefined
        : violation(ErrorCode.INVALID_ARGUMENT, "design", `must be one of ${voucherDesigns.join(", ")}`))
  ),
  limits(
    HotelOrderSpecificationSchema,
    (s) =>
      atLeast(s.productIds.length, 1, ErrorCode.INVALID_ARGUMENT, "product_ids") ??
      firstOf(s.productIds, "product_ids", (id, path) =>
        shaped(id, productIdPattern, ErrorCode.INVALID_ARGUMENT, path, "digit groups joined by underscores")
      )
  ),
  limits(
    OrderRequestSchema,
    (o) =>
      present(o.contactAddress, ErrorCode.INPUT_REQUIRED, "contact_address") ??
      personViolation(o) ??
      present(o.mobile, ErrorCode.INPUT_REQUIRED, "mobile") ??
      shaped(o.mobile, PHONE_PATTERN, ErrorCode.INPUT_PHONE_INVALID, "mobile", phoneShape) ??
      isTrue(o.agreeCp, ErrorCode.INPUT_CONSENT_REQUIRED, "agree_cp") ??
      isTrue(o.agreeTac, ErrorCode.INPUT_CONSENT_REQUIRED, "agree_tac") ??
      atMost(o.noteForHotel.length, MAX_NOTE_LENGTH, ErrorCode.INVALID_ARGUMENT, "note_for_hotel") ??
      mainGuestViolation(o)
  ),
  limits(
    PresentForSchema,
    // A gift's recipient, kept for support only (decision 028): named, with an e-mail, a phone only in the SPEC's
    // shape, an address (checked as any Address) whole or not at all.
    (p) =>
      personViolation(p) ??
      (p.mobile === "" ? undefined : shaped(p.mobile, PHONE_PATTERN, ErrorCode.INPUT_PHONE_INVALID, "mobile", phoneShape))
  ),
  limits(
    BillingAddressSchema,
    (b) =>
      present(b.address, ErrorCode.INPUT_REQUIRED, "address") ??
      present(b.companyName, ErrorCode.INPUT_REQUIRED, "company_name") ??
      present(b.companyId, ErrorCode.INPUT_REQUIRED, "company_id")
  ),
  limits(
    AddressSchema,
    (a) =>
      present(a.streetAddress, ErrorCode.INPUT_REQUIRED, "street_address") ??
      present(a.city, ErrorCode.INPUT_REQUIRED, "city") ??
      present(a.country, ErrorCode.INPUT_REQUIRED, "country") ??
      present(a.postalCode, ErrorCode.INPUT_REQUIRED, "postal_code") ??
      (isPostalCodeValid(a.country, a.postalCode)
        ? undefined
        : violation(ErrorCode.INPUT_POSTAL_CODE_INVALID, "postal_code", "not a postal code of the country"))
  ),
  limits(
    ContactMessageSchema,
    (m) =>
      present(m.fullname, ErrorCode.INPUT_REQUIRED, "fullname") ??
      atMost(m.fullname.length, MAX_CONTACT_LINE_LENGTH, ErrorCode.INVALID_ARGUMENT, "fullname") ??
      present(m.email, ErrorCode.INPUT_REQUIRED, "email") ??
      shaped(m.email, EMAIL_PATTERN, ErrorCode.INPUT_EMAIL_INVALID, "email", "an e-mail address") ??
      atMost(m.subject.length, MAX_CONTACT_LINE_LENGTH, ErrorCode.INVALID_ARGUMENT, "subject") ??
      present(m.message, ErrorCode.INPUT_REQUIRED, "message") ??
      atMost(m.message.length, MAX_CONTACT_MESSAGE_LENGTH, ErrorCode.INVALID_ARGUMENT, "message")
  ),
]);

const mainGuestViolations: Record<MainGuestProblem, LimitViolation> = {
  guest_name_missing: violation(ErrorCode.INPUT_REQUIRED, "guest_name", "required when booking for someone else"),
  both_ticked: violation(ErrorCode.INPUT_MAIN_GUEST_CONFLICT, "is_main_guest", "excluded by booking_for_someone_else"),
};

function mainGuestViolation(order: Parameters<typeof mainGuestProblems>[0]): LimitViolation | undefined {
  const [problem] = mainGuestProblems(order);
  return problem && mainGuestViolations[problem];
}

function join(path: string, field: string): string {
  return path ? `${path}.${field}` : field;
}

function checkEnum(desc: DescEnum, value: number, path: string): LimitViolation | undefined {
  // proto3 enums are open: JSON and binary readers accept any number, so unknown values are refused here.
  return desc.values.some((v) => v.number === value)
    ? undefined
    : violation(ErrorCode.INVALID_ARGUMENT, path, `${value} is not a ${desc.name} value`);
}

/**
 * PostgreSQL's text and jsonb cannot hold U+0000, and nobody types it: a request's text with one is refused here
 * rather than failing where it is stored.
 */
function withoutNul(value: string, path: string, scope: Scope): LimitViolation | undefined {
  return scope.direction === "request" && value.includes("\u0000")
    ? violation(ErrorCode.INVALID_ARGUMENT, path, "must not contain U+0000")
    : undefined;
}

function checkScalar(field: DescField, value: unknown, path: string, scope: Scope): LimitViolation | undefined {
  if (typeof value !== "string") return undefined;
  const nul = withoutNul(value, path, scope);
  if (nul || !uuidFieldNames.has(field.name)) return nul;
  // An answer may leave an id empty where nothing is referenced; a request never may.
  if (value === "" && scope.direction === "answer") return undefined;
  return shaped(value, UUID_PATTERN, ErrorCode.INVALID_UUID, path, "a UUID");
}

function checkField(r: ReflectMessage, field: DescField, path: string, scope: Scope): LimitViolation | undefined {
  switch (field.fieldKind) {
    case "scalar":
      // An optional field left unset is absent, not an empty value to be shaped.
      return field.proto.proto3Optional && !r.isSet(field) ? undefined : checkScalar(field, r.get(field), path, scope);
    case "enum":
      return checkEnum(field.enum, r.get(field), path);
    case "message":
      return r.isSet(field) ? walk(r.get(field), path, scope) : undefined;
    case "list": {
      const items = [...r.get(field)];
      switch (field.listKind) {
        case "enum":
          return firstOf(items as number[], path, (item, itemPath) => checkEnum(field.enum, item, itemPath));
        case "message":
          return firstOf(items as ReflectMessage[], path, (item, itemPath) => walk(item, itemPath, scope));
        default:
          return firstOf(items, path, (item, itemPath) =>
            typeof item === "string" ? withoutNul(item, itemPath, scope) : undefined
          );
      }
    }
    case "map": {
      if (field.mapKind !== "message") return undefined;
      for (const [key, value] of r.get(field)) {
        const found = walk(value as ReflectMessage, `${path}[${String(key)}]`, scope);
        if (found) return found;
      }
      return undefined;
    }
  }
}

/** Depth first in field order, a message's own rules before its fields': the first violation wins. */
function walk(r: ReflectMessage, path: string, scope: Scope): LimitViolation | undefined {
  const own = checksByType.get(r.desc.typeName)?.(r.message, scope);
  if (own) return { ...own, field: join(path, own.field) };
  for (const field of r.fields) {
    // Only the chosen member of a oneof is part of the message.
    if (field.oneof && r.oneofCase(field.oneof) !== field) continue;
    const found = checkField(r, field, join(path, field.name), scope);
    if (found) return found;
  }
  return undefined;
}

function variantField(schema: DescMessage): DescField | undefined {
  return schema.fields.find(
    (f) => f.name === "product_variant" && f.message?.typeName === ProductVariantSchema.typeName
  );
}

/** The product variant a request carries, if its type has one. */
export function requestVariant(schema: DescMessage, request: Message): ProductVariant | undefined {
  const field = variantField(schema);
  const r = reflect(schema, request);
  return field && r.isSet(field) ? ((r.get(field) as ReflectMessage).message as ProductVariant) : undefined;
}

function currencyScope(variant: ProductVariant | undefined): CurrencyCode | undefined {
  return variant && currencyCodeOf(variant.currency);
}

/** The first limit a request breaks; every request type with a product_variant field must carry one. */
export function findRequestViolation(schema: DescMessage, request: Message): LimitViolation | undefined {
  const variant = requestVariant(schema, request);
  if (variantField(schema) && !variant) {
    return violation(ErrorCode.PRODUCT_VARIANT_MISSING, "product_variant", "is required");
  }
  return walk(reflect(schema, request), "", { direction: "request", currencyCode: currencyScope(variant) });
}

/** The first limit an answer to a request of `variant` breaks. */
export function findAnswerViolation(
  schema: DescMessage,
  answer: Message,
  variant: ProductVariant | undefined
): LimitViolation | undefined {
  return walk(reflect(schema, answer), "", { direction: "answer", currencyCode: currencyScope(variant) });
}

/** Thrown when an answer breaks a limit; not a ConnectError, so the visitor sees only "internal error". */
export class AnswerLimitError extends Error {
  constructor(readonly violation: LimitViolation) {
    super(`answer breaks a limit: ${violation.field} ${violation.message}`);
    this.name = "AnswerLimitError";
  }
}

export const requestLimitsInterceptor: Interceptor = (next) => async (req) => {
  // Every ShopService method is unary; streams have no single message to check.
  if (req.stream) return next(req);
  const broken = findRequestViolation(req.method.input, req.message);
  if (broken) {
    throw apiError(Code.InvalidArgument, broken.errorCode, `${broken.field} ${broken.message}`, broken.field);
  }
  const res = await next(req);
  if (!res.stream) {
    const brokenAnswer = findAnswerViolation(
      req.method.output,
      res.message,
      requestVariant(req.method.input, req.message)
    );
    if (brokenAnswer) throw new AnswerLimitError(brokenAnswer);
  }
  return res;
};
