import type { AppLoadContext } from "@remix-run/node";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { HotelOrderCreateResponse } from "../../gen/dzb/shop/v1/shop_service_pb";
import { payAtGateway } from "~/order/gateway-payment.server";
import { keepOwnerKey } from "~/order/owner-keys.server";

/**
 * Order creations a browser without JavaScript was sent on from (decision 065). The reservation's post waits a
 * moment for the api; a creation still under way then (the provider's offer being checked) goes on here, and the
 * browser is sent to the placing page, whose loader finds it by its preview id and the visitor's session: the order's
 * owner key goes to the browser that sent the form, not to whoever has the page's address. Only this process holds
 * it: the placing page that reaches another web instance asks the api which order the preview made.
 */

/** How a creation ended, as this process saw it: the api's answer, or its refusal. */
export type PlacingEnd = { created: HotelOrderCreateResponse } | { refusal: unknown };

export interface Placing {
  /** The session (the `sid` cookie) of the visitor who sent the reservation. */
  readonly sessionId: string;
  /** Set once the creation has ended. */
  ended?: PlacingEnd;
  /** Settles (never rejects) when the creation has ended. */
  readonly done: Promise<void>;
}

/** Long enough for any placing page to come back for the answer; the order's e-mail covers a later visit. */
const keptAfterEndMs = 10 * 60_000;

const placings = new Map<string, Placing>();

/** Keeps a creation under way for the placing page of its preview, and forgets it a while after it has ended. */
export function keepPlacing(
  previewId: string,
  sessionId: string,
  creation: Promise<HotelOrderCreateResponse>
): void {
  const id = previewId.toLowerCase();
  const placing: Placing = {
    sessionId,
    done: creation
      .then(
        (created) => {
          placing.ended = { created };
        },
        (refusal: unknown) => {
          placing.ended = { refusal };
        }
      )
      .then(() => {
        const forget = () => placings.get(id) === placing && placings.delete(id);
        setTimeout(forget, keptAfterEndMs).unref();
      }),
  };
  placings.set(id, placing);
}

/** The creation of this preview this process keeps for this visitor's session, if any. */
export function placingOf(previewId: string, sessionId: string): Placing | undefined {
  const placing = placings.get(previewId.toLowerCase());
  return placing?.sessionId === sessionId ? placing : undefined;
}

/** The api's refusals that mean the stay cannot be booked as previewed: only a fresh availability check helps. */
export const staleStayCodes = new Set([ErrorCode.ORDER_PRICE_INCREASED, ErrorCode.ORDER_ACCOMMODATION_UNAVAILABLE]);

/**
 * The made order's way on: its first payment due at a gateway, or its status page. This browser keeps the order's
 * owner key, so that it may cancel the order or move a payment (decision 041).
 */
export async function onToPayment(
  context: AppLoadContext,
  request: Request,
  orderId: string,
  ownerKey: string
): Promise<Response> {
  const response = await payAtGateway(context, request, orderId);
  response.headers.append("Set-Cookie", await keepOwnerKey(context, request, orderId, ownerKey));
  return response;
}
