import { describe, expect, it } from "vitest";
import { roomChoiceQuery, type AvailabilityView, type ProductView } from "~/order/availability-view";
import { chosenProductIds, linkedRoomChoice, roomChoiceSchema } from "./room-choice.server";

function product(productId: string, overrides: Partial<ProductView> = {}): ProductView {
  return {
    productId,
    mealPlan: "breakfast_included",
    maxGuests: 2,
    fits: { adults: 2, children: [] },
    roomsLeft: null,
    price: "1 000 Kč",
    priceMinor: 100_000,
    publicPrice: null,
    deals: [],
    freeCancellationUntil: null,
    extraCharges: [],
    payAtPropertyOnly: false,
    unavailableReason: null,
    maxQuantity: 2,
    ...overrides,
  };
}

function availability(adults = 2): AvailabilityView {
  return {
    availabilityId: "3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10",
    hotel: { name: "Hotel", url: "", stars: 3, reviewScore: null, reviewCount: 0, address: "", photos: [] },
    stay: { checkIn: "", checkOut: "", nights: 2, rooms: 1, adults, children: 0, changeQuery: "" },
    rooms: [
      {
        roomId: "1",
        name: "Double",
        photo: null,
        products: [
          product("1_1"),
          product("1_2", { unavailableReason: "accommodation.rooms.doesNotFit", maxQuantity: 0 }),
        ],
      },
      { roomId: "2", name: "Twin", photo: null, products: [product("2_1")] },
    ],
  };
}

describe("choosing rooms", () => {
  it("names each chosen product once per room, for the preview to check", () => {
    expect(chosenProductIds({ "1_1": 2, "2_1": 0 })).toEqual(["1_1", "1_1"]);
    expect(chosenProductIds({ "1_1": 1, "2_1": 1 })).toEqual(["1_1", "2_1"]);
    expect(chosenProductIds({ "1_1": 0 })).toEqual([]);
    expect(chosenProductIds({})).toEqual([]);
  });
});

describe("room choice form", () => {
  it("takes the booking portal's product ids of any number of digit groups", () => {
    const parsed = roomChoiceSchema.parse({ quantity: { "1000420_95127794_2_0_0": "1", "12_34": "0" } });
    expect(parsed.quantity).toEqual({ "1000420_95127794_2_0_0": 1, "12_34": 0 });
    expect(roomChoiceSchema.safeParse({ quantity: { "tpi-1000": "1" } }).success).toBe(false);
  });

  it("takes whole quantities from none to more than any offer, and nothing else", () => {
    for (const quantity of ["-1", "1.5", "x", "100", "1e9"]) {
      expect(roomChoiceSchema.safeParse({ quantity: { "1_1": quantity } }).success).toBe(false);
    }
    expect(roomChoiceSchema.parse({ quantity: { "1_1": "99" } }).quantity).toEqual({ "1_1": 99 });
  });
});

describe("back to the rooms", () => {
  it("chooses again the rooms of the reservation, two of a kind as two", () => {
    const query = roomChoiceQuery(["1_1", "2_1", "1_1"]);
    expect(query).toBe("quantity.1_1=2&quantity.2_1=1");
    expect(linkedRoomChoice(availability(4), new URLSearchParams(query))).toEqual({ "1_1": "2", "2_1": "1" });
  });

  it("drops what the availability no longer offers, or offers fewer of", () => {
    const search = new URLSearchParams("quantity.9_9=1&quantity.1_2=1&quantity.1_1=3&quantity.2_1=x");
    expect(linkedRoomChoice(availability(4), search)).toEqual({});
  });
});
