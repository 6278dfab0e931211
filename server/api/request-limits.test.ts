import { create, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Currency, Lang, Product, ProductVariantSchema } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import { HotelRequestSchema } from "../../gen/dzb/shop/v1/hotel_pb";
import { OrderRequestSchema } from "../../gen/dzb/shop/v1/order_pb";
import { PaymentRequestSchema } from "../../gen/dzb/shop/v1/payment_pb";
import { PresentForSchema } from "../../gen/dzb/shop/v1/voucher_pb";
import {
  ContactMessageSendRequestSchema,
  HotelAvailabilityRequestSchema,
  HotelAvailabilityResponseSchema,
  HotelOrderCreateRequestSchema,
  HotelOrderPreviewRequestSchema,
  OrderDetailRequestSchema,
  PaymentMethodsRequestSchema,
  PaymentReturnRequestSchema,
  PaymentStartRequestSchema,
  ShopService,
  VersionRequestSchema,
  VoucherDetailRequestSchema,
  VoucherOrderCreateRequestSchema,
  VoucherOrderPreviewRequestSchema,
} from "../../gen/dzb/shop/v1/shop_service_pb";
import { MAX_ADULTS_PER_ROOM, MAX_VOUCHER_CODES_PER_ORDER } from "../../shared/input-limits";
import { findAnswerViolation, findRequestViolation, requestLimitsInterceptor } from "./request-limits";

const czVariant = { product: Product.DZB_CZ, lang: Lang.CS, currency: Currency.CZK };
const uuid = "4b2a8c7e-1f3d-4c5a-9e6b-0a1b2c3d4e5f";

/** Plain initialisers only, so test overrides can be spread over defaults. */
type Init<Desc extends DescMessage> = Exclude<MessageInitShape<Desc>, MessageShape<Desc>>;

function czk(units: number, nanos = 0) {
  return { currencyCode: "CZK", units: BigInt(units), nanos };
}

function hotelRequest(overrides: Init<typeof HotelRequestSchema> = {}) {
  return {
    hotelId: "12345",
    checkIn: timestampFromDate(new Date("2030-07-01T00:00:00Z")),
    checkOut: timestampFromDate(new Date("2030-07-04T00:00:00Z")),
    rooms: 1,
    adults: 2,
    childrenAges: [4, 9],
    ...overrides,
  };
}

function paymentRequest(overrides: Init<typeof PaymentRequestSchema> = {}) {
  return {
    voucherCodes: ["12345678"],
    lastPayment: "payment_card",
    payments: [{ methodId: "edenred_card", value: czk(1500, 500_000_000) }],
    ...overrides,
  };
}

const completeAddress = { streetAddress: "Dlouhá 12", city: "Praha", country: "CZ", postalCode: "110 00" };

function orderRequest(overrides: Init<typeof OrderRequestSchema> = {}) {
  return {
    contactAddress: completeAddress,
    firstName: "Jana",
    lastName: "Nováková",
    email: "jana@example.cz",
    mobile: "+420 123 456 789",
    agreeCp: true,
    agreeTac: true,
    ...overrides,
  };
}

function requestViolation<Desc extends DescMessage>(schema: Desc, init: MessageInitShape<Desc>) {
  return findRequestViolation(schema, create(schema, init));
}

function availabilityViolation(overrides: Init<typeof HotelRequestSchema>) {
  return requestViolation(HotelAvailabilityRequestSchema, {
    productVariant: czVariant,
    lookup: { case: "hotelRequest", value: hotelRequest(overrides) },
  });
}

describe("request limits: valid requests pass", () => {
  it.each([
    ["Version", () => requestViolation(VersionRequestSchema, {})],
    ["PaymentMethods", () => requestViolation(PaymentMethodsRequestSchema, { productVariant: czVariant })],
    ["HotelAvailability by specification", () => availabilityViolation({})],
    [
      "HotelAvailability by id",
      () =>
        requestViolation(HotelAvailabilityRequestSchema, {
          productVariant: czVariant,
          lookup: { case: "availabilityId", value: uuid },
        }),
    ],
    [
      "HotelOrderPreview",
      () =>
        requestViolation(HotelOrderPreviewRequestSchema, {
          productVariant: czVariant,
          lookup: { case: "specification", value: { availabilityId: uuid, productIds: ["123_4", "123_4"] } },
          paymentRequest: paymentRequest(),
        }),
    ],
    [
      "HotelOrderCreate",
      () =>
        requestViolation(HotelOrderCreateRequestSchema, {
          productVariant: czVariant,
          previewId: uuid,
          paymentRequest: paymentRequest(),
          order: orderRequest({
            billingAddress: {
              address: completeAddress,
              companyName: "Firma s.r.o.",
              companyId: "12345678",
              taxId: "CZ12345678",
            },
          }),
        }),
    ],
    [
      "VoucherOrderCreate as a gift",
      () =>
        requestViolation(VoucherOrderCreateRequestSchema, {
          productVariant: czVariant,
          voucherValue: czk(3000),
          paymentRequest: paymentRequest({ voucherCodes: [] }),
          order: orderRequest(),
          presentFor: { firstName: "Petr", lastName: "Novák", email: "petr@example.cz" },
          previewId: uuid,
          design: "mountains",
        }),
    ],
    [
      "VoucherDetail",
      () => requestViolation(VoucherDetailRequestSchema, { productVariant: czVariant, voucherCode: "00012345" }),
    ],
    ["OrderDetail", () => requestViolation(OrderDetailRequestSchema, { productVariant: czVariant, orderId: uuid })],
    [
      "PaymentReturn",
      () =>
        requestViolation(PaymentReturnRequestSchema, {
          productVariant: czVariant,
          paymentId: uuid,
          params: { resultCode: "0", signature: "abc" },
        }),
    ],
    [
      "PaymentStart",
      () =>
        requestViolation(PaymentStartRequestSchema, {
          productVariant: czVariant,
          orderId: uuid,
          returnUrl: "https://www.dovolenazabenefity.cz/platba/navrat",
        }),
    ],
    [
      "ContactMessageSend",
      () =>
        requestViolation(ContactMessageSendRequestSchema, {
          productVariant: czVariant,
          message: { fullname: "Jana", email: "jana@example.cz", message: "Dobrý den" },
        }),
    ],
  ])("%s", (_name, check) => {
    expect(check()).toBeUndefined();
  });

  it("refuses a request's text holding U+0000, which no database text can store, naming the field", () => {
    const sent = (message: string) =>
      requestViolation(ContactMessageSendRequestSchema, {
        productVariant: czVariant,
        message: { fullname: "Jana", email: "jana@example.cz", message },
      });
    expect(sent("Dobrý\u0000den")).toMatchObject({ errorCode: ErrorCode.INVALID_ARGUMENT, field: "message.message" });
    expect(sent("Dobrý den")).toBeUndefined();
  });

  it("any stay within the SPEC's bounds passes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 4 }),
        (rooms, adults, childrenAges) => {
          fc.pre(adults <= rooms * MAX_ADULTS_PER_ROOM);
          expect(availabilityViolation({ rooms, adults, childrenAges })).toBeUndefined();
        }
      )
    );
  });

  it("refuses more adults than the rooms can sensibly take", () => {
    expect(availabilityViolation({ rooms: 1, adults: MAX_ADULTS_PER_ROOM + 1 })).toMatchObject({
      errorCode: ErrorCode.INPUT_ADULTS_PER_ROOM_EXCEEDED,
      field: "hotel_request.adults",
    });
    expect(availabilityViolation({ rooms: 2, adults: MAX_ADULTS_PER_ROOM + 1 })).toBeUndefined();
  });
});

describe("request limits: product variant", () => {
  it("is required on every request that has the field", () => {
    expect(requestViolation(PaymentMethodsRequestSchema, {})).toMatchObject({
      errorCode: ErrorCode.PRODUCT_VARIANT_MISSING,
      field: "product_variant",
    });
  });

  it.each([
    [{ ...czVariant, product: Product.UNSPECIFIED }, "product_variant.product"],
    [{ ...czVariant, lang: Lang.UNSPECIFIED }, "product_variant.lang"],
    [{ ...czVariant, currency: Currency.UNSPECIFIED }, "product_variant.currency"],
    [{ ...czVariant, product: 99 as Product }, "product_variant.product"],
  ])("must be complete: %o", (productVariant, field) => {
    expect(requestViolation(PaymentMethodsRequestSchema, { productVariant })).toMatchObject({
      errorCode: ErrorCode.PRODUCT_VARIANT_MISSING,
      field,
    });
  });

  it("must use its product's market currency", () => {
    const productVariant = { product: Product.DZB_PL, lang: Lang.PL, currency: Currency.CZK };
    expect(requestViolation(PaymentMethodsRequestSchema, { productVariant })).toMatchObject({
      errorCode: ErrorCode.PRODUCT_VARIANT_INVALID,
      field: "product_variant.currency",
    });
  });
});

describe("request limits: hotel request, wherever it is nested", () => {
  it("takes one adult travelling alone", () => {
    expect(availabilityViolation({ rooms: 1, adults: 1, childrenAges: [] })).toBeUndefined();
    expect(availabilityViolation({ rooms: 1, adults: 1, childrenAges: [6] })).toBeUndefined();
  });

  it("refuses any adults count below 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 0 }), (adults) => {
        expect(availabilityViolation({ adults })).toMatchObject({
          errorCode: ErrorCode.INPUT_ADULTS_INVALID,
          field: "hotel_request.adults",
        });
      })
    );
  });

  it("refuses any rooms count below 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 0 }), (rooms) => {
        expect(availabilityViolation({ rooms })).toMatchObject({ errorCode: ErrorCode.INPUT_ROOMS_INVALID });
      })
    );
  });

  it("refuses any child age outside 0 to 17, naming the entry", () => {
    const badAge = fc.oneof(fc.integer({ min: -100, max: -1 }), fc.integer({ min: 18, max: 200 }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), badAge, (index, age) => {
        const childrenAges = [5, 5, 5, 5];
        childrenAges[index] = age;
        expect(availabilityViolation({ childrenAges })).toMatchObject({
          errorCode: ErrorCode.INPUT_CHILD_AGE_INVALID,
          field: `hotel_request.children_ages[${index}]`,
        });
      })
    );
  });

  it("refuses more than 4 children", () => {
    expect(availabilityViolation({ childrenAges: [1, 2, 3, 4, 5] })).toMatchObject({
      errorCode: ErrorCode.INPUT_CHILDREN_INVALID,
      field: "hotel_request.children_ages",
    });
  });

  it("needs both dates, leaving their order to the stay rules", () => {
    expect(availabilityViolation({ checkIn: undefined })).toMatchObject({
      errorCode: ErrorCode.INPUT_CHECK_IN_INVALID,
    });
    expect(availabilityViolation({ checkOut: undefined })).toMatchObject({
      errorCode: ErrorCode.INPUT_CHECK_OUT_INVALID,
    });
    const day = timestampFromDate(new Date("2030-07-01T00:00:00Z"));
    expect(availabilityViolation({ checkIn: day, checkOut: day })).toBeUndefined();
  });

  it("is not checked when the other member of the oneof is chosen", () => {
    expect(
      requestViolation(HotelAvailabilityRequestSchema, {
        productVariant: czVariant,
        lookup: { case: "availabilityId", value: "not-a-uuid" },
      })
    ).toMatchObject({ errorCode: ErrorCode.INVALID_UUID, field: "availability_id" });
  });
});

describe("request limits: identifiers and codes", () => {
  it("refuses ids that are not UUIDs, empty included", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (orderId) => {
        expect(requestViolation(OrderDetailRequestSchema, { productVariant: czVariant, orderId })).toMatchObject({
          errorCode: ErrorCode.INVALID_UUID,
          field: "order_id",
        });
      })
    );
  });

  it("accepts any UUID", () => {
    fc.assert(
      fc.property(fc.uuid(), (orderId) => {
        expect(requestViolation(OrderDetailRequestSchema, { productVariant: czVariant, orderId })).toBeUndefined();
      })
    );
  });

  it("does not take payment method ids for UUIDs", () => {
    expect(
      requestViolation(HotelOrderCreateRequestSchema, {
        productVariant: czVariant,
        previewId: uuid,
        paymentRequest: paymentRequest({ lastPayment: "edenred_cafeteria" }),
        order: orderRequest(),
      })
    ).toBeUndefined();
  });

  it("refuses voucher codes that are not 8 digits", () => {
    fc.assert(
      fc.property(
        fc.string().filter((code) => !/^\d{8}$/.test(code)),
        (voucherCode) => {
          expect(
            requestViolation(VoucherDetailRequestSchema, { productVariant: czVariant, voucherCode })
          ).toMatchObject({ errorCode: ErrorCode.INVALID_VOUCHER_CODE, field: "voucher_code" });
        }
      )
    );
  });

  it("checks each code of a payment request: an 8-digit voucher or a 5-character coupon", () => {
    const codes = (voucherCodes: string[]) =>
      requestViolation(HotelOrderPreviewRequestSchema, {
        productVariant: czVariant,
        lookup: { case: "previewId", value: uuid },
        paymentRequest: paymentRequest({ voucherCodes }),
      });
    expect(codes(["12345678", "ABCDE"])).toBeUndefined();
    for (const bad of ["1234567", "abcde", "ABCDEF", "ABC-1"]) {
      expect(codes(["12345678", bad])).toMatchObject({
        errorCode: ErrorCode.INVALID_VOUCHER_CODE,
        field: "payment_request.voucher_codes[1]",
      });
    }
  });

  it("takes at most 5 codes in a payment request, wherever it is sent", () => {
    const codes = (count: number) => Array.from({ length: count }, (_, i) => String(10_000_000 + i));
    const preview = (voucherCodes: string[]) =>
      requestViolation(HotelOrderPreviewRequestSchema, {
        productVariant: czVariant,
        lookup: { case: "previewId", value: uuid },
        paymentRequest: paymentRequest({ voucherCodes }),
      });
    expect(preview(codes(MAX_VOUCHER_CODES_PER_ORDER))).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: MAX_VOUCHER_CODES_PER_ORDER + 1, max: 500 }), (count) => {
        const tooMany = { errorCode: ErrorCode.VOUCHER_CODES_TOO_MANY, field: "payment_request.voucher_codes" };
        expect(preview(codes(count))).toMatchObject(tooMany);
        expect(
          requestViolation(HotelOrderCreateRequestSchema, {
            productVariant: czVariant,
            previewId: uuid,
            paymentRequest: paymentRequest({ voucherCodes: codes(count) }),
            order: orderRequest(),
          })
        ).toMatchObject(tooMany);
      })
    );
  });

  it("needs a billing company's name, id and address", () => {
    const billing = (billingAddress: object) =>
      requestViolation(HotelOrderCreateRequestSchema, {
        productVariant: czVariant,
        previewId: uuid,
        paymentRequest: paymentRequest(),
        order: orderRequest({ billingAddress }),
      });
    expect(billing({ companyId: "12345678" })).toMatchObject({
      errorCode: ErrorCode.INPUT_REQUIRED,
      field: "order.billing_address.address",
    });
    expect(billing({ address: completeAddress, companyId: "12345678" })).toMatchObject({
      errorCode: ErrorCode.INPUT_REQUIRED,
      field: "order.billing_address.company_name",
    });
  });

  it("needs at least one product id, each shaped digits_digits", () => {
    const preview = (productIds: string[]) =>
      requestViolation(HotelOrderPreviewRequestSchema, {
        productVariant: czVariant,
        lookup: { case: "specification", value: { availabilityId: uuid, productIds } },
      });
    expect(preview([])).toMatchObject({ field: "specification.product_ids" });
    expect(preview(["123_4", "1234"])).toMatchObject({ field: "specification.product_ids[1]" });
  });

  it("refuses enum numbers the contract does not declare", () => {
    expect(
      requestViolation(OrderDetailRequestSchema, {
        productVariant: { ...czVariant, lang: 42 as Lang },
        orderId: uuid,
      })
    ).toMatchObject({ errorCode: ErrorCode.INVALID_ARGUMENT, field: "product_variant.lang" });
  });
});

describe("request limits: money", () => {
  const withPayment = (value: ReturnType<typeof czk>) =>
    requestViolation(HotelOrderPreviewRequestSchema, {
      productVariant: czVariant,
      lookup: { case: "previewId", value: uuid },
      paymentRequest: paymentRequest({ payments: [{ methodId: "payment_card", value }] }),
    });

  it("refuses any negative payment value", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: -1 }), (units) => {
        expect(withPayment(czk(units))).toMatchObject({
          errorCode: ErrorCode.PAYMENT_VALUE_INVALID,
          field: "payment_request.payments[0].value",
        });
      })
    );
    expect(withPayment(czk(0, -1))).toMatchObject({ errorCode: ErrorCode.PAYMENT_VALUE_INVALID });
  });

  it("refuses nanos out of range or of the other sign than units", () => {
    expect(withPayment(czk(1, 1_000_000_000))).toMatchObject({
      errorCode: ErrorCode.INVALID_MONEY,
      field: "payment_request.payments[0].value.nanos",
    });
    // Any amount, not only a payment: here one in a provider's answer.
    const price = { publicPrice: czk(-1, 5), discountedPrice: czk(1) };
    const rooms = [{ roomId: "1", products: [{ productId: "1_1", numberAvailableAtThisPrice: 5, price }] }];
    const answer = create(HotelAvailabilityResponseSchema, { hotelAvailability: { rooms } });
    expect(
      findAnswerViolation(HotelAvailabilityResponseSchema, answer, create(ProductVariantSchema, czVariant))
    ).toMatchObject({
      errorCode: ErrorCode.INVALID_MONEY,
      field: "hotel_availability.rooms[0].products[0].price.public_price.nanos",
    });
  });

  it("refuses an amount too large to count in minor units, the first one too large and beyond", () => {
    // 2^53 − 1 minor units is the most a number holds exactly: 90,071,992,547,409.91 units.
    const voucherPreview = (voucherValue: ReturnType<typeof czk>) =>
      requestViolation(VoucherOrderPreviewRequestSchema, { productVariant: czVariant, voucherValue });
    expect(voucherPreview({ currencyCode: "CZK", units: 90_071_992_547_409n, nanos: 910_000_000 })).toBeUndefined();
    for (const units of [90_071_992_547_410n, 10n ** 30n]) {
      expect(voucherPreview({ currencyCode: "CZK", units, nanos: 0 })).toMatchObject({
        errorCode: ErrorCode.INVALID_MONEY,
        field: "voucher_value.units",
      });
    }
    expect(withPayment({ currencyCode: "CZK", units: 10n ** 20n, nanos: 0 })).toMatchObject({
      field: "payment_request.payments[0].value.units",
    });
  });

  it("gives a malformed payment value the payment's code, the more specific one", () => {
    expect(withPayment(czk(1, -5))).toMatchObject({ errorCode: ErrorCode.PAYMENT_VALUE_INVALID });
  });

  it("needs the variant's currency", () => {
    expect(withPayment({ ...czk(100), currencyCode: "" })).toMatchObject({
      errorCode: ErrorCode.PAYMENT_CURRENCY_MISSING,
      field: "payment_request.payments[0].value.currency_code",
    });
    expect(withPayment({ ...czk(100), currencyCode: "PLN" })).toMatchObject({
      errorCode: ErrorCode.CURRENCY_MISMATCH,
    });
  });

  it("needs a payment method id for every payment", () => {
    expect(
      requestViolation(HotelOrderPreviewRequestSchema, {
        productVariant: czVariant,
        lookup: { case: "previewId", value: uuid },
        paymentRequest: paymentRequest({ payments: [{ value: czk(100) }] }),
      })
    ).toMatchObject({ errorCode: ErrorCode.PAYMENT_METHOD_ID_MISSING, field: "payment_request.payments[0].method_id" });
  });

  it("needs a positive voucher value", () => {
    const voucherOrder = (voucherValue?: ReturnType<typeof czk>) =>
      requestViolation(VoucherOrderCreateRequestSchema, {
        productVariant: czVariant,
        voucherValue,
        order: orderRequest(),
      });
    expect(voucherOrder(czk(0))).toMatchObject({ errorCode: ErrorCode.VOUCHER_VALUE_INVALID });
    expect(voucherOrder(undefined)).toMatchObject({ errorCode: ErrorCode.VOUCHER_VALUE_INVALID });
  });

  it("names a gift's recipient, with an e-mail, a phone only in the SPEC's shape and an address only whole", () => {
    const gift = (presentFor: Init<typeof PresentForSchema>) =>
      requestViolation(VoucherOrderCreateRequestSchema, {
        productVariant: czVariant,
        voucherValue: czk(3000),
        order: orderRequest(),
        presentFor,
        previewId: uuid,
      });
    const recipient = { firstName: "Petr", lastName: "Novák", email: "petr@example.cz" };
    expect(gift(recipient)).toBeUndefined();
    expect(gift({ ...recipient, mobile: "+420 777 000 111", address: completeAddress })).toBeUndefined();
    expect(gift({ ...recipient, lastName: "" })).toMatchObject({
      errorCode: ErrorCode.INPUT_REQUIRED,
      field: "present_for.last_name",
    });
    expect(gift({ ...recipient, email: "petr" })).toMatchObject({
      errorCode: ErrorCode.INPUT_EMAIL_INVALID,
      field: "present_for.email",
    });
    expect(gift({ ...recipient, mobile: "12345" })).toMatchObject({
      errorCode: ErrorCode.INPUT_PHONE_INVALID,
      field: "present_for.mobile",
    });
    expect(gift({ ...recipient, address: { ...completeAddress, city: "" } })).toMatchObject({
      errorCode: ErrorCode.INPUT_REQUIRED,
      field: "present_for.address.city",
    });
  });

  it("takes only a known voucher design, or none for the default", () => {
    const withDesign = (design: string) =>
      requestViolation(VoucherOrderCreateRequestSchema, {
        productVariant: czVariant,
        voucherValue: czk(3000),
        order: orderRequest(),
        previewId: uuid,
        design,
      });
    expect(withDesign("")).toBeUndefined();
    expect(withDesign("celebration")).toBeUndefined();
    expect(withDesign("neon")).toMatchObject({ errorCode: ErrorCode.INVALID_ARGUMENT, field: "design" });
  });
});

describe("request limits: order form", () => {
  const orderViolation = (overrides: Init<typeof OrderRequestSchema>) =>
    requestViolation(HotelOrderCreateRequestSchema, {
      productVariant: czVariant,
      previewId: uuid,
      order: orderRequest(overrides),
    });

  it.each([
    [{ agreeCp: false }, ErrorCode.INPUT_CONSENT_REQUIRED, "order.agree_cp"],
    [{ agreeTac: false }, ErrorCode.INPUT_CONSENT_REQUIRED, "order.agree_tac"],
    [{ firstName: "" }, ErrorCode.INPUT_REQUIRED, "order.first_name"],
    [{ email: "jana" }, ErrorCode.INPUT_EMAIL_INVALID, "order.email"],
    [{ mobile: "123" }, ErrorCode.INPUT_PHONE_INVALID, "order.mobile"],
    [{ contactAddress: undefined }, ErrorCode.INPUT_REQUIRED, "order.contact_address"],
    [
      { contactAddress: { streetAddress: "Dlouhá 12", city: "Praha", country: "CZ" } },
      ErrorCode.INPUT_REQUIRED,
      "order.contact_address.postal_code",
    ],
    [
      { contactAddress: { streetAddress: "Długa 5", city: "Warszawa", country: "Polska", postalCode: "00238" } },
      ErrorCode.INPUT_POSTAL_CODE_INVALID,
      "order.contact_address.postal_code",
    ],
    [
      { contactAddress: { streetAddress: "Dlouhá 12", city: "Praha", country: "Česká republika", postalCode: "1100" } },
      ErrorCode.INPUT_POSTAL_CODE_INVALID,
      "order.contact_address.postal_code",
    ],
  ])("refuses %o", (overrides, errorCode, field) => {
    expect(orderViolation(overrides)).toMatchObject({ errorCode, field });
  });

  it("wants the guest's name when booking for someone else, who is then not the main guest", () => {
    expect(orderViolation({ bookingForSomeoneElse: true })).toMatchObject({
      errorCode: ErrorCode.INPUT_REQUIRED,
      field: "order.guest_name",
    });
    expect(orderViolation({ bookingForSomeoneElse: true, guestName: "Petr Novák", isMainGuest: true })).toMatchObject({
      errorCode: ErrorCode.INPUT_MAIN_GUEST_CONFLICT,
      field: "order.is_main_guest",
    });
    expect(orderViolation({ bookingForSomeoneElse: true, guestName: "Petr Novák" })).toBeUndefined();
  });

  it("accepts the Polish phone format and leaves marketing consent optional", () => {
    expect(orderViolation({ mobile: "+48 123 456 789", agreeMp: false })).toBeUndefined();
  });
});

describe("answer limits", () => {
  const answer = (init: MessageInitShape<typeof HotelAvailabilityResponseSchema>) =>
    findAnswerViolation(
      HotelAvailabilityResponseSchema,
      create(HotelAvailabilityResponseSchema, init),
      create(ProductVariantSchema, czVariant)
    );

  it("catch provider data outside the SPEC's bounds", () => {
    expect(answer({ hotelDetail: { rating: { stars: 6 } } })).toMatchObject({ field: "hotel_detail.rating.stars" });
    expect(answer({ hotelDetail: { rating: { reviewScore: Number.NaN } } })).toMatchObject({
      field: "hotel_detail.rating.review_score",
    });
    const price = { publicPrice: czk(200), discountedPrice: czk(150), deals: [1, 2, 3, 4, 5, 6] };
    const rooms = [{ roomId: "1", products: [{ productId: "1_1", numberAvailableAtThisPrice: 5, price }] }];
    expect(answer({ hotelAvailability: { rooms } })).toMatchObject({
      field: "hotel_availability.rooms[0].products[0].price.deals",
    });
  });

  it("carry the provider's own numbers: one room left, a single room, a double, bands for babies and teenagers", () => {
    const price = { publicPrice: czk(200), discountedPrice: czk(200) };
    const product = (numberAvailableAtThisPrice: number, maximumOccupancy: object) => ({
      productId: "1_1",
      numberAvailableAtThisPrice,
      price,
      maximumOccupancy,
    });
    const products = [
      product(1, { adults: 1, total: 1 }),
      product(3, { adults: 2, total: 2 }),
      product(2, { adults: 2, total: 3, children: [{ total: 1, fromAge: 0, toAge: 1 }] }),
      product(6, { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 15 }] }),
    ];
    expect(answer({ hotelAvailability: { rooms: [{ roomId: "1", products }] } })).toBeUndefined();
  });

  it("refuse what no customer could order: nothing left, a room for nobody, ages or guests that contradict", () => {
    const price = { publicPrice: czk(200), discountedPrice: czk(200) };
    const field = (numberAvailableAtThisPrice: number, maximumOccupancy: object) => {
      const products = [{ productId: "1_1", numberAvailableAtThisPrice, price, maximumOccupancy }];
      return answer({ hotelAvailability: { rooms: [{ roomId: "1", products }] } })?.field;
    };
    const at = "hotel_availability.rooms[0].products[0]";
    expect(field(0, { adults: 2, total: 2 })).toBe(`${at}.number_available_at_this_price`);
    expect(field(1, { adults: 0, total: 2 })).toBe(`${at}.maximum_occupancy.adults`);
    expect(field(1, { adults: 2, total: 1 })).toBe(`${at}.maximum_occupancy.total`);
    const band = (fromAge: number, toAge: number) => ({
      adults: 2,
      total: 3,
      children: [{ total: 1, fromAge, toAge }],
    });
    expect(field(1, band(5, 2))).toBe(`${at}.maximum_occupancy.children[0].to_age`);
    expect(field(1, band(-1, 2))).toBe(`${at}.maximum_occupancy.children[0].from_age`);
  });

  it("need the provider's 25-character request id", () => {
    const requestMeta = { id: "too-short", timestamp: timestampFromDate(new Date("2026-11-21T10:00:00Z")) };
    expect(answer({ hotelDetail: { requestMeta } })).toMatchObject({ field: "hotel_detail.request_meta.id" });
    expect(answer({ hotelDetail: { requestMeta: { ...requestMeta, id: "a".repeat(25) } } })).toBeUndefined();
  });

  it("let an answer leave an id empty", () => {
    expect(answer({ availabilityId: "" })).toBeUndefined();
    expect(answer({ availabilityId: "nope" })).toMatchObject({ errorCode: ErrorCode.INVALID_UUID });
  });
});

describe("requestLimitsInterceptor", () => {
  const client = (stars: number) =>
    createClient(
      ShopService,
      createRouterTransport(
        (router) =>
          router.service(ShopService, {
            paymentMethods: () => ({}),
            hotelAvailability: () => ({ hotelDetail: { rating: { stars } } }),
          }),
        { router: { interceptors: [requestLimitsInterceptor] } }
      )
    );

  it("refuses a request with invalid_argument and the violation's detail", async () => {
    const error = await client(3)
      .paymentMethods({})
      .then(
        () => expect.fail("the request should be refused"),
        (e: unknown) => ConnectError.from(e)
      );
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.findDetails(ErrorDetailSchema)).toEqual([
      expect.objectContaining({ code: ErrorCode.PRODUCT_VARIANT_MISSING, field: "product_variant" }),
    ]);
  });

  it("turns an answer that breaks a limit into an error, never passing it on", async () => {
    const request = { productVariant: czVariant, lookup: { case: "availabilityId" as const, value: uuid } };
    await expect(client(3).hotelAvailability(request)).resolves.toBeDefined();
    await expect(client(7).hotelAvailability(request)).rejects.toMatchObject({ code: Code.Internal });
  });
});
