import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  Deal,
  Meal,
  MealPlanType,
  TimingType,
  UnavailableReason,
  type HotelAvailabilitySchema,
  type HotelDetailSchema,
  type HotelRequestSchema,
  type MealPlanSchema,
  type PhotoSchema,
  type RoomProductSchema,
} from "../../../gen/dzb/shop/v1/hotel_pb";
import { ExtraChargeType, type ExtraChargeSchema } from "../../../gen/dzb/shop/v1/payment_pb";
import type {
  ChargeType,
  DealKind,
  MealKind,
  MealPlanKind,
  PaymentTiming,
  Photo,
  ProviderAvailability,
  ProviderProduct,
  UnavailableReason as ProviderUnavailableReason,
} from "../../domain/hotel-offer";
import { fitsOccupancy } from "../../domain/occupancy";
import type { PricedCharge } from "../../domain/pricing";
import type { CurrencyCode } from "../../domain/products";
import { timestampOfDate } from "../../../shared/contract-dates";
import type { Stay } from "../../domain/stay";
import { moneyOf } from "../../../shared/money";

/** The provider's plain data as the contract's messages. */

const deals: Record<DealKind, Deal> = {
  black_friday: Deal.BLACK_FRIDAY,
  limited_time_deal: Deal.LIMITED_TIME_DEAL,
  logged_in_deal: Deal.LOGGED_IN_DEAL,
  mobile_rate: Deal.MOBILE_RATE,
  seasonal_deal: Deal.SEASONAL_DEAL,
  genius: Deal.GENIUS,
};

const mealPlans: Record<MealPlanKind, MealPlanType> = {
  no_plan: MealPlanType.NO_PLAN,
  breakfast_included: MealPlanType.BREAKFAST_INCLUDED,
  half_board: MealPlanType.HALF_BOARD,
  full_board: MealPlanType.FULL_BOARD,
  all_inclusive: MealPlanType.ALL_INCLUSIVE,
};

const meals: Record<MealKind, Meal> = { breakfast: Meal.BREAKFAST, lunch: Meal.LUNCH, dinner: Meal.DINNER };

const timings: Record<PaymentTiming, TimingType> = {
  online_now: TimingType.ONLINE_NOW,
  online_later: TimingType.ONLINE_LATER,
  at_property: TimingType.AT_PROPERTY,
};

const chargeTypes: Record<ChargeType, ExtraChargeType> = {
  city_tax: ExtraChargeType.CITY_TAX,
  service_charge: ExtraChargeType.SERVICE_CHARGE,
};

const unavailableReasons: Record<ProviderUnavailableReason, UnavailableReason> = {
  card_payment_not_supported: UnavailableReason.CARD_PAYMENT_NOT_SUPPORTED,
  not_payable_online: UnavailableReason.NOT_PAYABLE_ONLINE,
};

export function toHotelRequest(hotelId: string, stay: Stay): MessageInitShape<typeof HotelRequestSchema> {
  return {
    hotelId,
    checkIn: timestampOfDate(stay.checkIn),
    checkOut: timestampOfDate(stay.checkOut),
    rooms: stay.rooms,
    adults: stay.adults,
    childrenAges: [...stay.childrenAges],
  };
}

function toPhoto(photo: Photo | undefined): MessageInitShape<typeof PhotoSchema> | undefined {
  return photo && { standardUrl: photo.standardUrl, largeUrl: photo.largeUrl };
}

function requestMeta(answer: ProviderAvailability) {
  return { id: answer.requestId, timestamp: timestampFromDate(answer.answeredAt) };
}

export function toHotelDetail(answer: ProviderAvailability): MessageInitShape<typeof HotelDetailSchema> {
  const { hotel } = answer;
  return {
    requestMeta: requestMeta(answer),
    hotelId: hotel.hotelId,
    name: hotel.name,
    url: hotel.url,
    coordinates: hotel.coordinates,
    address: hotel.address,
    rating: hotel.rating,
    photos: { mainPhoto: toPhoto(hotel.photos.main), other: hotel.photos.other.map((p) => toPhoto(p) ?? {}) },
  };
}

export function toDeal(deal: DealKind): Deal {
  return deals[deal];
}

export function toMealPlan(mealPlan: ProviderProduct["mealPlan"]): MessageInitShape<typeof MealPlanSchema> {
  return { plan: mealPlans[mealPlan.plan], meals: mealPlan.meals.map((meal) => meals[meal]) };
}

/** A charge as offered (the provider's) or as ordered (priced): the same message. */
export function toExtraCharge(charge: PricedCharge, currency: CurrencyCode): MessageInitShape<typeof ExtraChargeSchema> {
  return {
    name: charge.name,
    type: charge.type ? chargeTypes[charge.type] : ExtraChargeType.UNSPECIFIED,
    percentage: charge.percentage ?? 0,
    value: moneyOf(charge.amount, currency),
    chargeableOnline: charge.chargeableOnline,
  };
}

export function toTimingType(timing: PaymentTiming): TimingType {
  return timings[timing];
}

function toProduct(
  product: ProviderProduct,
  stay: Stay,
  currency: CurrencyCode
): MessageInitShape<typeof RoomProductSchema> {
  return {
    productId: product.productId,
    numberAvailableAtThisPrice: product.numberAvailableAtThisPrice,
    freeCancellationUntil: product.freeCancellationUntil && timestampFromDate(product.freeCancellationUntil),
    price: {
      publicPrice: moneyOf(product.publicPrice, currency),
      discountedPrice: moneyOf(product.discountedPrice, currency),
      deals: product.deals.map(toDeal),
    },
    mealPlan: toMealPlan(product.mealPlan),
    fitsOccupancy: fitsOccupancy(product.maximumOccupancy, stay),
    maximumOccupancy: {
      adults: product.maximumOccupancy.adults,
      total: product.maximumOccupancy.total,
      children: product.maximumOccupancy.children.map((band) => ({ ...band })),
    },
    orderability: product.unavailableReason
      ? { isAvailable: false, unavailableReason: unavailableReasons[product.unavailableReason] }
      : { isAvailable: true },
    extraCharges: product.extraCharges.map((charge) => toExtraCharge(charge, currency)),
    paymentTimings: product.paymentTimings.map((timing) => timings[timing]),
  };
}

/** The rooms on offer; each product says whether the party fits it, spread over the rooms asked for. */
export function toHotelAvailability(
  availabilityId: string,
  answer: ProviderAvailability,
  stay: Stay,
  currency: CurrencyCode
): MessageInitShape<typeof HotelAvailabilitySchema> {
  return {
    availabilityId,
    requestMeta: requestMeta(answer),
    rooms: answer.rooms.map((room) => ({
      roomId: room.roomId,
      name: room.name,
      photo: toPhoto(room.photo),
      products: room.products.map((product) => toProduct(product, stay, currency)),
    })),
  };
}
