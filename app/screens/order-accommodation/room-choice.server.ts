import * as z from "zod";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import { productIdPattern } from "../../../shared/input-limits";
import type { Translate } from "../../../shared/i18n/translator";
import { quantityName, type AvailabilityView, type ProductView } from "~/order/availability-view";
import { errorCodeOf, formErrorOf } from "~/rpc-form-error.server";

/**
 * More of one option than the rooms screen ever offers (the provider's few rooms at a price, no more than adults): a
 * larger number was not chosen on the screen, and would only make a long list of ids to send.
 */
const MAX_QUANTITY = 99;

/**
 * One select per product, `quantity.{productId}`. Which products exist, how many of each are left and whether the
 * party fits them is the api's to say: HotelOrderPreview checks the choice against the offer it was made from.
 */
export const roomChoiceSchema = z.object({
  quantity: z
    .record(z.string().regex(productIdPattern), z.coerce.number().int().min(0).max(MAX_QUANTITY))
    .default({}),
});

/** The chosen products as the preview takes them: one id per room, a product chosen twice named twice. */
export function chosenProductIds(quantities: Readonly<Record<string, number>>): string[] {
  return Object.entries(quantities).flatMap(([productId, quantity]) => Array<string>(quantity).fill(productId));
}

/**
 * What the rooms screen says when the preview refuses the choice: a room the offer no longer has, cannot sell or
 * has fewer of is "choose again", as the screen cannot point at one select; any other refusal (a party that does
 * not fit, more rooms than adults) in the api's words. The form has no place for a message on one product: all
 * go above the rooms.
 */
export function roomChoiceMessage(error: unknown, t: Translate, supportEmail: string): string {
  const code = errorCodeOf(error);
  if (code === ErrorCode.ROOM_NOT_SELECTABLE || code === ErrorCode.ROOM_NOT_PAYABLE_ONLINE) {
    return t("accommodation.rooms.noLongerChoosable");
  }
  return formErrorOf(error, t, { fieldOf: () => undefined, supportEmail }).message;
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
