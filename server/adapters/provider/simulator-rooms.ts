/**
 * The simulator's rooms and products. What a hotel offers (room types, rate plans, deals, charges) is fixed per hotel
 * id; what is free and what it costs depends on the stay: nights sell out, weekends and high season cost more, a
 * bigger party pays for extra guests and their meals, and one guest alone pays less for the room.
 */

import type { CurrencyCode } from "../../domain/products";
import {
  dealKinds,
  type DealKind,
  type ExtraCharge,
  type MealKind,
  type MealPlanKind,
  type PaymentTiming,
  type ProviderProduct,
  type ProviderRoom,
  type UnavailableReason,
} from "../../domain/hotel-offer";
import { type ProviderLanguage } from "./hotel-provider";
import { type RoomType, roomTypes } from "./simulator-catalogue";
import { isoDate, zonedInstant } from "../../../shared/calendar-date";
import { monthDay, weekday } from "./simulator-dates";
import { photo } from "./simulator-hotel";
import { type Random, randomFor } from "./simulator-random";

/** One stay as the simulator prices it; dates are day numbers (see simulator-dates). */
export interface Stay {
  readonly hotelId: string;
  readonly stars: number;
  readonly timeZone: string;
  readonly checkIn: number;
  readonly nights: number;
  readonly rooms: number;
  readonly adults: number;
  readonly childrenAges: readonly number[];
  readonly currency: CurrencyCode;
  readonly language: ProviderLanguage;
  readonly now: Date;
}

/** Rates are set in Czech crowns and converted at a round rate, which keeps PLN prices at a sixth of CZK ones. */
const CZK_PER_UNIT: Record<CurrencyCode, number> = { CZK: 1, PLN: 6 };
const MINOR_UNITS = 100;

/** Per guest per night beyond the two a room's rate includes, in CZK. */
const EXTRA_ADULT_CZK = 450;
const EXTRA_CHILD_CZK = 250;
/**
 * A room with one guest in it is sold for single use at this share of its rate, as hotels sell a double to one
 * traveller (decision 050); every room the simulator has takes two adults or more, so each is offered to one.
 */
const SINGLE_USE_PERCENT = 80;
/** Flexible rates (free cancellation) cost this much more than non-refundable ones, in percent. */
const FLEXIBLE_SURCHARGE_PERCENT = 10;
/** Children under this age sleep in a cot for free and take no place in the room. */
const FREE_CHILD_AGE = 2;

const meals: Record<MealPlanKind, { readonly meals: readonly MealKind[]; readonly perGuestCzk: number }> = {
  no_plan: { meals: [], perGuestCzk: 0 },
  breakfast_included: { meals: ["breakfast"], perGuestCzk: 250 },
  half_board: { meals: ["breakfast", "dinner"], perGuestCzk: 600 },
  full_board: { meals: ["breakfast", "lunch", "dinner"], perGuestCzk: 900 },
  all_inclusive: { meals: ["breakfast", "lunch", "dinner"], perGuestCzk: 1_400 },
};
const mealPlanKinds = Object.keys(meals) as MealPlanKind[];

const flexiblePaymentTimings: readonly (readonly PaymentTiming[])[] = [
  ["online_now"],
  ["online_now", "online_later"],
  ["online_now", "at_property"],
  ["online_later", "at_property"],
  ["at_property"],
];

/** What a hotel charges, fixed per hotel. */
interface HotelRates {
  /** A double room for one night, in CZK. */
  readonly baseCzk: number;
  /** Per adult per night, in CZK; children are exempt. */
  readonly cityTaxCzk?: number;
  readonly serviceChargePercent?: number;
}

interface ProductPlan {
  readonly productId: string;
  readonly mealPlan: MealPlanKind;
  /** Days before check-in the free cancellation ends; absent for a non-refundable rate. */
  readonly cancellationDays?: number;
  readonly deals: readonly DealKind[];
  readonly discountPercent: number;
  readonly paymentTimings: readonly PaymentTiming[];
  readonly unavailableReason?: UnavailableReason;
  readonly numberAvailable: number;
}

interface RoomPlan {
  readonly roomId: string;
  readonly type: RoomType;
  readonly products: readonly ProductPlan[];
}

/** About one night in twelve the whole hotel is full. */
export function hotelSoldOut(hotelId: string, checkIn: number, nights: number): boolean {
  return nightsOf(checkIn, nights).some((day) => randomFor("hotel-night", hotelId, isoDate(day)).chance(1 / 12));
}

/** The rooms free for every night of the stay, each with its products priced for one room and the whole stay. */
export function offeredRooms(stay: Stay): ProviderRoom[] {
  const rates = hotelRates(stay.hotelId, stay.stars);
  return roomPlans(stay.hotelId)
    .filter((room) => !roomSoldOut(room.roomId, stay))
    .map((room) => ({
      roomId: room.roomId,
      name: room.type.name[stay.language],
      photo: photo(room.type.photo),
      products: room.products.map((product) => priceProduct(product, room.type, rates, stay)),
    }));
}

function nightsOf(checkIn: number, nights: number): number[] {
  return Array.from({ length: nights }, (_, index) => checkIn + index);
}

/** Single rooms sell out now and then even when the hotel has space. */
function roomSoldOut(roomId: string, stay: Stay): boolean {
  return nightsOf(stay.checkIn, stay.nights).some((day) =>
    randomFor("room-night", roomId, isoDate(day)).chance(1 / 20)
  );
}

function hotelRates(hotelId: string, stars: number): HotelRates {
  const random = randomFor("rates", hotelId);
  const baseCzk = Math.round((1_200 + stars * 250 + random.int(0, 800)) / 50) * 50;
  const cityTaxCzk = random.chance(0.7) ? random.int(2, 6) * 10 : undefined;
  const serviceChargePercent = random.chance(0.25) ? random.int(5, 10) : undefined;
  return {
    baseCzk,
    ...(cityTaxCzk !== undefined && { cityTaxCzk }),
    ...(serviceChargePercent !== undefined && { serviceChargePercent }),
  };
}

function roomPlans(hotelId: string): RoomPlan[] {
  const random = randomFor("rooms", hotelId);
  return random.sample(roomTypes, random.int(2, 5)).map((type, index) => {
    // Numeric like the portal's room ids, and unique across hotels because they start with the hotel id.
    const roomId = `${hotelId}${String(index + 1).padStart(2, "0")}`;
    const productRandom = randomFor("products", roomId);
    const count = productRandom.int(2, 4);
    return {
      roomId,
      type,
      products: Array.from({ length: count }, (_, n) => productPlan(`${roomId}_${n + 1}`, productRandom)),
    };
  });
}

function productPlan(productId: string, random: Random): ProductPlan {
  const cancellationDays = random.chance(0.6) ? random.int(1, 7) : undefined;
  const deals = random.chance(0.4) ? random.sample(dealKinds, random.int(1, 3)) : [];
  const orderability = random.int(1, 12);
  const unavailableReason: UnavailableReason | undefined =
    orderability === 1 ? "not_payable_online" : orderability === 2 ? "card_payment_not_supported" : undefined;
  const paymentTimings: readonly PaymentTiming[] =
    unavailableReason === "not_payable_online"
      ? ["at_property"]
      : cancellationDays === undefined
      ? ["online_now"]
      : random.pick(flexiblePaymentTimings);
  return {
    productId,
    mealPlan: random.pick(mealPlanKinds),
    ...(cancellationDays !== undefined && { cancellationDays }),
    deals,
    discountPercent: deals.length === 0 ? 0 : random.int(5, 20),
    paymentTimings,
    ...(unavailableReason !== undefined && { unavailableReason }),
    // Now and then only the last few rooms are left at a rate, as on the portal (decision 051).
    numberAvailable: random.chance(1 / 6) ? random.int(1, 3) : random.int(5, 15),
  };
}

function priceProduct(plan: ProductPlan, type: RoomType, rates: HotelRates, stay: Stay): ProviderProduct {
  const party = partyPerRoom(stay);
  const publicUnits = stayUnits(plan, type, rates, party, stay);
  const discountedUnits = Math.round((publicUnits * (100 - plan.discountPercent)) / 100);
  const freeCancellationUntil = cancellationDeadline(plan, stay);
  return {
    productId: plan.productId,
    numberAvailableAtThisPrice: plan.numberAvailable,
    ...(freeCancellationUntil !== undefined && { freeCancellationUntil }),
    publicPrice: publicUnits * MINOR_UNITS,
    discountedPrice: discountedUnits * MINOR_UNITS,
    deals: plan.deals,
    extraCharges: extraCharges(rates, discountedUnits, party.adults, stay),
    mealPlan: { plan: plan.mealPlan, meals: meals[plan.mealPlan].meals },
    maximumOccupancy: type.occupancy,
    paymentTimings: plan.paymentTimings,
    ...(plan.unavailableReason !== undefined && { unavailableReason: plan.unavailableReason }),
  };
}

interface Party {
  readonly adults: number;
  /** Only children who take a place; the youngest sleep in a cot for free. */
  readonly children: number;
}

/** A product is one room; a party in several rooms is split evenly, rounding up, as the portal prices it. */
function partyPerRoom(stay: Stay): Party {
  const children = stay.childrenAges.filter((age) => age >= FREE_CHILD_AGE).length;
  return { adults: Math.ceil(stay.adults / stay.rooms), children: Math.ceil(children / stay.rooms) };
}

/** The whole stay in whole currency units, so prices look like real ones. */
function stayUnits(plan: ProductPlan, type: RoomType, rates: HotelRates, party: Party, stay: Stay): number {
  const extraAdults = Math.max(0, party.adults - 2);
  const extraChildren = Math.max(0, party.adults + party.children - 2) - extraAdults;
  const guestsCzk = extraAdults * EXTRA_ADULT_CZK + extraChildren * EXTRA_CHILD_CZK;
  const mealsCzk = (party.adults + party.children) * meals[plan.mealPlan].perGuestCzk;
  const usePercent = party.adults + party.children === 1 ? SINGLE_USE_PERCENT : 100;
  const roomCzk = nightsOf(stay.checkIn, stay.nights).reduce(
    (sum, day) => sum + (rates.baseCzk * type.ratePercent * usePercent * (100 + surchargePercent(day))) / 1_000_000,
    0
  );
  const flexiblePercent = plan.cancellationDays === undefined ? 100 : 100 + FLEXIBLE_SURCHARGE_PERCENT;
  const totalCzk = ((roomCzk + stay.nights * (guestsCzk + mealsCzk)) * flexiblePercent) / 100;
  return Math.round(totalCzk / CZK_PER_UNIT[stay.currency]);
}

/** Friday and Saturday nights, the summer holidays and Christmas to New Year cost more. */
function surchargePercent(day: number): number {
  const { month, dayOfMonth } = monthDay(day);
  const weekend = [5, 6].includes(weekday(day)) ? 20 : 0;
  const summer = month === 7 || month === 8 ? 25 : 0;
  const christmas = (month === 12 && dayOfMonth >= 20) || (month === 1 && dayOfMonth <= 2) ? 35 : 0;
  return weekend + summer + christmas;
}

/** 23:59 hotel time some days before check-in; a deadline already past leaves the rate non-refundable. */
function cancellationDeadline(plan: ProductPlan, stay: Stay): Date | undefined {
  if (plan.cancellationDays === undefined) return undefined;
  const deadline = zonedInstant(stay.checkIn - plan.cancellationDays, 23, 59, stay.timeZone);
  return deadline > stay.now ? deadline : undefined;
}

function extraCharges(rates: HotelRates, discountedUnits: number, adults: number, stay: Stay): ExtraCharge[] {
  const charges: ExtraCharge[] = [];
  if (rates.cityTaxCzk !== undefined) {
    const perAdultNight = Math.max(1, Math.round(rates.cityTaxCzk / CZK_PER_UNIT[stay.currency]));
    charges.push({
      name: "City tax",
      type: "city_tax",
      amount: perAdultNight * adults * stay.nights * MINOR_UNITS,
      // Towns collect it from the guest at the reception.
      chargeableOnline: false,
    });
  }
  if (rates.serviceChargePercent !== undefined) {
    charges.push({
      name: "Service charge",
      type: "service_charge",
      percentage: rates.serviceChargePercent,
      amount: Math.round((discountedUnits * rates.serviceChargePercent) / 100) * MINOR_UNITS,
      chargeableOnline: true,
    });
  }
  return charges;
}
