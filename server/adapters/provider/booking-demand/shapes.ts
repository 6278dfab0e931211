/**
 * The answers of the Booking.com Demand API v3.1 that the adapter reads, as zod schemas: what Booking.com documents,
 * narrowed to the fields the shop uses. Sources:
 * - the v3.1 OpenAPI description (https://developers.booking.com/demand/docs/open-api/demand-api, servers
 *   https://demandapi.booking.com/3.1), sections /accommodations/availability, /accommodations/details,
 *   /accommodations/constants, /common/locations/cities and /common/locations/countries, /orders/preview,
 *   /orders/create, /orders/details, /orders/details/accommodations and /orders/cancel, response schemas and examples
 *   (read in the published description as archived at
 *   https://github.com/api-evangelist/booking-com/blob/main/openapi/_original/booking-com-demand-api-3-1-openapi.yml);
 * - https://developers.booking.com/demand/docs/support/error-handling/http-4xx-scenarios and
 *   .../error-codes for the error body `{ request_id, errors: [{ id, message }] }`.
 *
 * The OpenAPI output schemas list no required fields at all; a field is required here when the adapter cannot work
 * without it and every documented example carries it, and optional otherwise. Unknown fields are ignored, so
 * Booking.com may add fields without breaking the shop; a documented field of the wrong type or an enum value the
 * documentation does not list fails the whole answer, on purpose: the shop sells with money, and guessing is worse
 * than telling the visitor to try again.
 */

import * as z from "zod";

/**
 * A decimal amount in the requested currency, as integer minor units. The documentation declares `multipleOf: 0.01`;
 * the conversion goes through the number's shortest decimal text (which is the JSON text Booking.com sent) so no
 * binary floating point error can slip into a price, and more than two decimals is a shape error, not a rounding.
 */
export const amountInMinorUnits = z.number().transform((value, ctx) => {
  const minor = toMinorUnits(value);
  if (minor === undefined) {
    ctx.issues.push({
      code: "custom",
      message: "expected a non-negative amount with at most 2 decimals",
      input: value,
    });
    return z.NEVER;
  }
  return minor;
});

export function toMinorUnits(value: number): number | undefined {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value));
  if (match === null) return undefined;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** `TranslatedString`: one text per lowercase IETF tag ("cs", "en-gb"), plus `fallback` in the examples. */
const translated = z.record(z.string(), z.string().nullable());
export type TranslatedString = z.infer<typeof translated>;

const requestId = z.string().min(1);
const positiveInteger = z.number().int().min(1);

/** `AccommodationsPhotoOutput`: `standard` is at most 500 px wide, `large` at most 1280 px. */
const photo = z.object({
  main_photo: z.boolean().optional(),
  url: z.object({ standard: z.url({ protocol: /^https$/ }), large: z.url({ protocol: /^https$/ }) }),
});
export type BookingPhoto = z.infer<typeof photo>;

/** POST /accommodations/details with `extras: ["photos", "rooms"]`. */
export const detailsAnswer = z.object({
  request_id: requestId,
  data: z.array(
    z.object({
      id: positiveInteger,
      name: translated,
      url: z.url({ protocol: /^https$/ }),
      location: z.object({
        address: translated.optional(),
        /** A city id; its name comes from /common/locations/cities. */
        city: z.number().int().optional(),
        coordinates: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
        country: z
          .string()
          .regex(/^[a-z]{2}$/)
          .optional(),
        postal_code: z.string().optional(),
      }),
      rating: z
        .object({
          number_of_reviews: z.number().int().min(0).optional(),
          review_score: z.number().min(1).max(10).nullable().optional(),
          stars: z.number().min(1).max(5).nullable().optional(),
        })
        .optional(),
      photos: z.array(photo).optional(),
      rooms: z.array(z.object({ id: positiveInteger, name: translated, photos: z.array(photo).optional() })).optional(),
    })
  ),
});
export type BookingAccommodation = z.infer<typeof detailsAnswer>["data"][number];

/** `AccommodationsAvailabilityCharge`, one entry of `price.extra_charges.excluded`. */
const charge = z.object({
  /** A charge type id; its name comes from /accommodations/constants. */
  charge: z.number().int().min(0),
  chargeable_online: z.boolean().nullable().optional(),
  mode: z.enum([
    "calculated_amount",
    "incalculable",
    "percentage",
    "per_day",
    "per_night",
    "per_person_per_day",
    "per_person_per_night",
    "per_person_per_stay",
    "per_stay",
  ]),
  percentage: z.number().positive().nullable().optional(),
  /** Absent or null for an `incalculable` charge. */
  total_amount: amountInMinorUnits.nullable().optional(),
});
export type BookingCharge = z.infer<typeof charge>;

/** `AccommodationsAvailabilityProductOutput`. */
const product = z.object({
  id: z.string(),
  deal: z
    .object({
      public_price: amountInMinorUnits,
      /** Documented as an enum; read as text so a deal added later is dropped, not fatal. */
      tags: z.array(z.string()),
    })
    .nullable()
    .optional(),
  maximum_occupancy: z.object({
    adults: positiveInteger,
    children: z
      .array(
        z.object({
          total: positiveInteger,
          from_age: z.number().int().min(0).max(17),
          to_age: z.number().int().min(0).max(17),
        })
      )
      .nullable()
      .optional(),
    total: positiveInteger,
  }),
  number_available_at_this_price: positiveInteger,
  policies: z.object({
    cancellation: z.object({
      free_cancellation_until: z.iso.datetime({ offset: true }).nullable().optional(),
      type: z.enum(["free_cancellation", "non_refundable", "special_conditions"]),
    }),
    meal_plan: z.object({
      meals: z.array(z.enum(["breakfast", "dinner", "lunch"])),
      plan: z.enum(["all_inclusive", "breakfast_included", "full_board", "half_board", "no_plan"]),
    }),
    payment: z.object({ timings: z.array(z.enum(["pay_at_the_property", "pay_online_later", "pay_online_now"])) }),
  }),
  price: z.object({
    /** The price the traveller must be shown: base plus the charges the law wants included. */
    book: amountInMinorUnits,
    /** `book` plus the excluded charges. */
    total: amountInMinorUnits,
    /** Only with `extras: ["extra_charges"]`. */
    extra_charges: z.object({ excluded: z.array(charge).optional() }).optional(),
  }),
  room: positiveInteger,
});
export type BookingProduct = z.infer<typeof product>;

/** POST /accommodations/availability with `extras: ["extra_charges"]`. */
export const availabilityAnswer = z.object({
  request_id: requestId,
  data: z.object({
    id: positiveInteger,
    currency: z.string().regex(/^[A-Z]{3}$/),
    /** Not documented as required; an accommodation with nothing free is read as an empty list. */
    products: z.array(product).optional(),
  }),
});
export type BookingAvailability = z.infer<typeof availabilityAnswer>;

/** POST /accommodations/constants with `constants: ["charge_types"]`. */
export const chargeTypesAnswer = z.object({
  request_id: requestId,
  data: z.object({ charge_types: z.array(z.object({ id: z.number().int().min(0), name: translated })) }),
});

/** POST /common/locations/cities with `city`. */
export const citiesAnswer = z.object({
  request_id: requestId,
  data: z.array(z.object({ id: z.number().int(), name: translated })),
});

/** POST /common/locations/countries with `country`. */
export const countriesAnswer = z.object({
  request_id: requestId,
  data: z.array(z.object({ id: z.string(), name: translated })),
});

const currencyCode = z.string().regex(/^[A-Z]{3}$/);

/** `OrdersPreviewOutput`: an online payment timing, null when the order cannot be paid that way. */
const onlinePayment = z
  .object({
    /** Whether /orders/create must name a payment method (a card) for this timing. */
    method_required: z.boolean().optional(),
  })
  .nullable()
  .optional();

/** `AccommodationsPriceCurrency`: one amount in the accommodation's currency and, when asked for another, the booker's. */
const priceInCurrencies = z.object({
  accommodation_currency: amountInMinorUnits.nullable().optional(),
  booker_currency: amountInMinorUnits.nullable().optional(),
});

/** POST /orders/preview. */
export const previewAnswer = z.object({
  request_id: requestId,
  data: z.object({
    accommodation: z.object({
      id: positiveInteger,
      /** `booker` is null when the asked currency is the accommodation's own. */
      currency: z.object({
        accommodation: currencyCode.nullable().optional(),
        booker: currencyCode.nullable().optional(),
      }),
      general_policies: z
        .object({
          payment: z.object({ pay_online_now: onlinePayment, pay_online_later: onlinePayment }).optional(),
        })
        .optional(),
      price: z.object({ chargeable_online: priceInCurrencies.optional() }).optional(),
      products: z.array(
        z.object({
          id: z.string(),
          /** Null when every guest of the allocation fits the product. */
          occupancy_mismatch: z.object({}).nullable().optional(),
        })
      ),
    }),
    /** Encapsulates the whole order for /orders/create; valid for 15 minutes. */
    order_token: z.string().min(1),
  }),
});
export type BookingPreview = z.infer<typeof previewAnswer>;

/** POST /orders/create. */
export const createAnswer = z.object({
  request_id: requestId,
  data: z.object({ accommodation: z.object({ order: z.string().min(1) }) }),
});

/** POST /orders/details: the orders a filter matches, a page at a time. */
export const orderListAnswer = z.object({
  data: z.array(z.object({ id: z.string().min(1) })),
  metadata: z.object({ next_page: z.string().nullable().optional() }).optional(),
});

/** POST /orders/details/accommodations with `orders`. */
export const accommodationOrdersAnswer = z.object({
  data: z.array(
    z.object({
      id: z.string().min(1),
      accommodation: positiveInteger,
      /** What /orders/create was given as `accommodation.label`. */
      label: z.string().nullable().optional(),
      status: z.enum(["booked", "cancelled", "cancelled_by_accommodation", "cancelled_by_guest", "no_show", "stayed"]),
    })
  ),
});

/** POST /orders/cancel. */
export const cancelAnswer = z.object({
  request_id: requestId,
  data: z.object({ status: z.enum(["successful", "failed"]) }),
});

/** The documented error body of every 4xx answer; `message` is meant for people. */
export const errorAnswer = z.object({
  request_id: z.string().optional(),
  errors: z.array(z.object({ id: z.string(), message: z.string().optional() })),
});
export type BookingErrorAnswer = z.infer<typeof errorAnswer>;
