import * as z from "zod";
import { quantityName, type AvailabilityView, type ProductView } from "~/order/availability-view";
import { productIdPattern } from "../../shared/input-limits";

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
    const product = offered.get(productId);
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

/**
 * The quantities a link asks to show as chosen (`?quantity.{productId}=2`, as "back to the rooms" sends them), for
 * products still offered and no more than offered. The link only prefills the selects: anything else is dropped,
 * and the post is checked as any other.
 */
export function linkedRoomChoice(view: AvailabilityView, search: URLSearchParams): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const [productId, product] of offersOf(view)) {
    const quantity = Number(search.get(quantityName(productId)));
    if (Number.isInteger(quantity) && quantity > 0 && quantity <= product.maxQuantity) {
      chosen[productId] = String(quantity);
    }
  }
  return chosen;
}

/** Every product of an availability by its id. */
function offersOf(view: AvailabilityView): Map<string, ProductView> {
  return new Map(view.rooms.flatMap((room) => room.products.map((product) => [product.productId, product])));
}
