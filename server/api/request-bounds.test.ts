import { create, toBinary, toJsonString, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { Currency, Lang, Product } from "../../gen/dzb/shop/v1/common_pb";
import { DuplicateChoice } from "../../gen/dzb/shop/v1/order_pb";
import {
  HotelOrderCreateRequestSchema,
  HotelOrderPreviewRequestSchema,
  HotelParseUrlRequestSchema,
} from "../../gen/dzb/shop/v1/shop_service_pb";
import { MAX_REQUEST_BYTES } from "./request-bounds";

/** Text of `length` characters that each take three bytes of UTF-8, the most a character of the BMP takes. */
const wide = (length: number) => "€".repeat(length);
const productVariant = { product: Product.DZB_CZ, lang: Lang.CS, currency: Currency.CZK };
const paymentRequest = {
  voucherCodes: Array.from({ length: 10 }, (_, i) => String(10_000_000 + i)),
  lastPayment: "payment_card",
  payments: ["edenred_card", "pluxee_cafeteria", "up_card"].map((methodId) => ({
    methodId,
    value: { currencyCode: "CZK", units: 99_999n, nanos: 990_000_000 },
  })),
};

/** The largest requests the web tier sends, at the limits its forms allow (the `*-form*.ts` modules under app/). */
const largest = {
  "HotelParseUrl with the longest link": toBytes(HotelParseUrlRequestSchema, { productVariant, url: wide(16_384) }),
  "HotelOrderPreview of 50 rooms": toBytes(HotelOrderPreviewRequestSchema, {
    productVariant,
    lookup: {
      case: "specification",
      value: { availabilityId: crypto.randomUUID(), productIds: Array(50).fill("1234567890_1234567890_12") },
    },
    paymentRequest,
  }),
  "HotelOrderCreate with every field at its limit": toBytes(HotelOrderCreateRequestSchema, {
    productVariant,
    previewId: crypto.randomUUID(),
    paymentRequest,
    duplicates: DuplicateChoice.REPLACE,
    order: {
      contactAddress: { streetAddress: wide(230), city: wide(200), country: wide(100), postalCode: wide(20) },
      billingAddress: {
        address: { streetAddress: wide(230), city: wide(200), country: wide(100), postalCode: wide(20) },
        companyName: wide(200),
        companyId: wide(30),
        taxId: wide(30),
      },
      firstName: wide(200),
      lastName: wide(200),
      email: wide(200),
      mobile: wide(30),
      noteForHotel: wide(1000),
      guestName: wide(200),
      agreeCp: true,
      agreeTac: true,
    },
  }),
};

/** The larger of the message's JSON and binary encodings, in bytes. */
function toBytes<Desc extends DescMessage>(schema: Desc, init: MessageInitShape<Desc>): number {
  const message = create(schema, init);
  return Math.max(new TextEncoder().encode(toJsonString(schema, message)).byteLength, toBinary(schema, message).byteLength);
}

describe("MAX_REQUEST_BYTES", () => {
  it.each(Object.entries(largest))("takes the largest %s with room to spare", (_name, bytes) => {
    expect(bytes).toBeLessThan(MAX_REQUEST_BYTES / 2);
  });
});
