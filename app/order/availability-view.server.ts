import type { AppLoadContext } from "@remix-run/node";
import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import {
  Deal,
  MealPlanType,
  TimingType,
  UnavailableReason,
  type HotelDetail,
  type Photo,
  type RoomProduct,
} from "../../gen/dzb/shop/v1/hotel_pb";
import { ExtraChargeType, type ExtraCharge } from "../../gen/dzb/shop/v1/payment_pb";
import type { HotelAvailabilityResponse } from "../../gen/dzb/shop/v1/shop_service_pb";
import { dateOfTimestamp } from "../../shared/contract-dates";
import { nightsBetween } from "../../shared/calendar-date";
import type { MealPlanKey } from "../../shared/i18n/messages";
import type {
  AvailabilityView,
  ChargeNameView,
  ChargeTypeKey,
  DealKey,
  HotelView,
  PhotoView,
  ProductView,
  StayView,
} from "~/order/availability-view";
import { minorUnits } from "../../shared/money";
import type { Formats } from "~/view-formats.server";
import { stayFormParams } from "~/order/stay-form";

/** The availability check with this id; an id the api does not know is the 404 page. */
export function loadAvailability(context: AppLoadContext, availabilityId: string) {
  return context.rpc.hotelAvailability({ lookup: { case: "availabilityId", value: availabilityId } });
}


export function availabilityView(response: HotelAvailabilityResponse, formats: Formats): AvailabilityView {
  const stay = stayView(response);
  return {
    availabilityId: response.availabilityId,
    hotel: hotelView(response.hotelDetail, formats),
    stay: formattedStay(stay, formats),
    rooms: (response.hotelAvailability?.rooms ?? []).map((room) => ({
      roomId: room.roomId,
      name: room.name,
      photo: photoView(room.photo),
      products: room.products.map((product) => productView(product, stay.adults, formats)),
    })),
  };
}

/** The stay a search, preview or order is for, its dates formatted for the visitor. */
export function formattedStay(stay: StayView, formats: Formats): StayView {
  return { ...stay, checkIn: formats.stayDate(stay.checkIn), checkOut: formats.stayDate(stay.checkOut) };
}

/** What a stay is searched with: the search and the hotel's page (for "change the stay"). */
type StaySource = Pick<HotelAvailabilityResponse, "hotelRequest" | "hotelDetail">;

/** Dates stay calendar dates here; the caller formats them. */
export function stayView(response: StaySource): StayView {
  const request = response.hotelRequest;
  const checkIn = dateOfTimestamp(request?.checkIn);
  const checkOut = dateOfTimestamp(request?.checkOut);
  const childAges = request?.childrenAges ?? [];
  const hotelUrl = response.hotelDetail?.url ?? "";
  const changeQuery = stayFormParams({
    url: hotelUrl,
    hotelId: request?.hotelId ?? "",
    parsedUrl: hotelUrl,
    checkIn,
    checkOut,
    rooms: String(request?.rooms ?? ""),
    adults: String(request?.adults ?? ""),
    children: String(childAges.length),
    childAges: childAges.map(String),
  }).toString();
  return {
    checkIn,
    checkOut,
    nights: checkIn && checkOut ? nightsBetween(checkIn, checkOut) : 0,
    rooms: request?.rooms ?? 0,
    adults: request?.adults ?? 0,
    children: childAges.length,
    changeQuery,
  };
}

export function hotelView(detail: HotelDetail | undefined, formats: Formats): HotelView {
  const rating = detail?.rating;
  const address = detail?.address;
  const photos = [detail?.photos?.mainPhoto, ...(detail?.photos?.other ?? [])]
    .map(photoView)
    .filter((photo): photo is PhotoView => photo !== null);
  return {
    name: detail?.name ?? "",
    url: detail?.url ?? "",
    stars: rating?.stars ?? 0,
    reviewScore: rating && rating.numberOfReviews > 0 ? formats.score(rating.reviewScore) : null,
    reviewCount: rating?.numberOfReviews ?? 0,
    address: [address?.streetNumber, [address?.postalCode, address?.city].filter(Boolean).join(" "), address?.country]
      .filter(Boolean)
      .join(", "),
    photos,
  };
}

function photoView(photo: Photo | undefined): PhotoView | null {
  if (!photo?.standardUrl) return null;
  return { url: photo.standardUrl, largeUrl: photo.largeUrl || photo.standardUrl };
}

export const mealPlanKeys: Partial<Record<MealPlanType, MealPlanKey>> = {
  [MealPlanType.NO_PLAN]: "no_plan",
  [MealPlanType.BREAKFAST_INCLUDED]: "breakfast_included",
  [MealPlanType.HALF_BOARD]: "half_board",
  [MealPlanType.FULL_BOARD]: "full_board",
  [MealPlanType.ALL_INCLUSIVE]: "all_inclusive",
};

const chargeTypeKeys: Partial<Record<ExtraChargeType, ChargeTypeKey>> = {
  [ExtraChargeType.CITY_TAX]: "city_tax",
  [ExtraChargeType.SERVICE_CHARGE]: "service_charge",
};

/** A charge's type where the shop names it itself; its name, the provider's, for the rest. */
export function chargeNameView(charge: ExtraCharge): ChargeNameView {
  return { name: charge.name, type: chargeTypeKeys[charge.type] ?? null };
}

const dealKeys: Partial<Record<Deal, DealKey>> = {
  [Deal.BLACK_FRIDAY]: "black_friday",
  [Deal.LIMITED_TIME_DEAL]: "limited_time_deal",
  [Deal.LOGGED_IN_DEAL]: "logged_in_deal",
  [Deal.MOBILE_RATE]: "mobile_rate",
  [Deal.SEASONAL_DEAL]: "seasonal_deal",
  [Deal.GENIUS]: "genius",
};

/** SPEC §8 room flags: why a product cannot be chosen, in the catalogue's words. */
const unavailableReasonKeys: Record<UnavailableReason, string> = {
  [UnavailableReason.UNSPECIFIED]: "errors.ROOM_NOT_SELECTABLE",
  [UnavailableReason.CARD_PAYMENT_NOT_SUPPORTED]: "accommodation.rooms.cardPaymentNotSupported",
  [UnavailableReason.NOT_PAYABLE_ONLINE]: "errors.ROOM_NOT_PAYABLE_ONLINE",
};

/** At most this many rooms left at one price is worth telling the visitor; more is no scarcity. */
const FEW_ROOMS_LEFT = 3;

function productView(product: RoomProduct, adults: number, formats: Formats): ProductView {
  const price = minorUnits(product.price?.discountedPrice);
  const publicPrice = minorUnits(product.price?.publicPrice);
  const unavailableReason = !product.fitsOccupancy
    ? "accommodation.rooms.doesNotFit"
    : product.orderability?.isAvailable
    ? null
    : unavailableReasonKeys[product.orderability?.unavailableReason ?? UnavailableReason.UNSPECIFIED];
  return {
    productId: product.productId,
    mealPlan: mealPlanKeys[product.mealPlan?.plan ?? MealPlanType.UNSPECIFIED] ?? null,
    maxGuests: product.maximumOccupancy?.total ?? 0,
    fits: {
      adults: product.maximumOccupancy?.adults ?? 0,
      children: (product.maximumOccupancy?.children ?? [])
        .filter((band) => band.total > 0)
        .map((band) => ({ count: band.total, toAge: band.toAge })),
    },
    roomsLeft: product.numberAvailableAtThisPrice <= FEW_ROOMS_LEFT ? product.numberAvailableAtThisPrice : null,
    price: formats.money(price),
    priceMinor: price,
    publicPrice: publicPrice > price ? formats.money(publicPrice) : null,
    deals: (product.price?.deals ?? [])
      .map((deal) => dealKeys[deal])
      .filter((key): key is DealKey => key !== undefined),
    ...roomConditionsView(product.freeCancellationUntil, product.paymentTimings, product.extraCharges, formats),
    unavailableReason,
    // A room needs an adult (SPEC §5), so no more rooms than adults; and no more than the provider has at this price.
    maxQuantity: unavailableReason === null ? Math.max(0, Math.min(product.numberAvailableAtThisPrice, adults)) : 0,
  };
}

/**
 * What the visitor must know of a room beside its price, alike on the rooms and the reservation screens: until when
 * it is cancelled free of charge (null: not at all), its extra charges, and whether it is paid only at the property.
 */
export function roomConditionsView(
  freeCancellationUntil: Timestamp | undefined,
  paymentTimings: readonly TimingType[],
  extraCharges: readonly ExtraCharge[],
  formats: Formats
) {
  return {
    freeCancellationUntil: freeCancellationUntil ? formats.deadline(timestampDate(freeCancellationUntil)) : null,
    extraCharges: extraCharges.map((charge) => ({
      ...chargeNameView(charge),
      amount: formats.money(minorUnits(charge.value)),
      chargeableOnline: charge.chargeableOnline,
    })),
    payAtPropertyOnly: paymentTimings.length > 0 && paymentTimings.every((timing) => timing === TimingType.AT_PROPERTY),
  };
}
