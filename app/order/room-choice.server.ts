import * as z from "zod";
import type { HotelAvailabilityResponse } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { AvailabilityView, MealPlanKey, ProductView } from "~/order/availability-view";
import { availabilityView, type viewFormats } from "~/order/availability-view.server";
import { productIdPattern } from "../../server/domain/product-id";

/** One select per product, `quantity.{productId}`; which products exist is the api's to say (checkRoomChoice). */
export const roomChoiceSchema = z.object({
  quantity: z.record(z.string().regex(productIdPattern), z.coerce.number().int().min(0)).default({}),
});

export type RoomChoice = { ok: true; productIds: string[] } | { ok: false; messageKey: string };

/**
 * Whether the customer may take these quantities of this availability's products: at least one room, only products
 * that can be chosen and no more of each than offered, and no more rooms than adults (SPEC §5). The view comes from
 * the api, read again for the check: what a form or a link says about products is never trusted.
 */
export function checkRoomChoice(view: AvailabilityView, quantities: ReadonlyMap<string, number>): RoomChoice {
  const offered = offersOf(view);
  const productIds: string[] = [];
  for (const [productId, quantity] of quantities) {
    if (quantity === 0) continue;
    const product = offered.get(productId)?.product;
    if (!product || !Number.isInteger(quantity) || quantity < 0 || quantity > product.maxQuantity) {
      return { ok: false, messageKey: "accommodation.rooms.noLongerChoosable" };
    }
    for (let count = 0; count < quantity; count++) productIds.push(productId);
  }
  if (productIds.length === 0) return { ok: false, messageKey: "accommodation.rooms.noneChosen" };
  if (productIds.length > view.stay.adults)
    return { ok: false, messageKey: "errors.PREVIEW_ADULTS_FEWER_THAN_PRODUCTS" };
  return { ok: true, productIds };
}

/** Every product of an availability by its id, with the name of its room. */
function offersOf(view: AvailabilityView): Map<string, { roomName: string; product: ProductView }> {
  return new Map(
    view.rooms.flatMap((room) => room.products.map((product) => [product.productId, { roomName: room.name, product }]))
  );
}

/** How many times each product was chosen, from the repeated `product` query parameter. */
export function quantitiesOf(productIds: readonly string[]): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const productId of productIds) quantities.set(productId, (quantities.get(productId) ?? 0) + 1);
  return quantities;
}

export type ChosenRoom = { productId: string; roomName: string; mealPlan: MealPlanKey | null; price: string };

/**
 * The chosen rooms with their prices and the sum, or null when the choice does not hold for this availability. The
 * sum is made in minor units from the api's amounts, never from formatted text.
 */
export function chosenRooms(
  response: HotelAvailabilityResponse,
  productIds: readonly string[],
  formats: ReturnType<typeof viewFormats>
): { view: AvailabilityView; rooms: ChosenRoom[]; total: string } | null {
  const view = availabilityView(response, formats);
  const choice = checkRoomChoice(view, quantitiesOf(productIds));
  if (!choice.ok) return null;
  const offered = offersOf(view);
  let totalMinor = 0;
  const chosen = choice.productIds.map((productId) => {
    // checkRoomChoice let only offered products through.
    const { roomName, product } = offered.get(productId)!;
    totalMinor += product.priceMinor;
    return { productId, roomName, mealPlan: product.mealPlan, price: product.price };
  });
  return { view, rooms: chosen, total: formats.money(totalMinor) };
}
