import { redirect, type AppLoadContext } from "@remix-run/node";
import { ownerKeyQuery } from "../../shared/route-table";
import { loadOrder } from "~/order/order-view.server";
import { orderCacheControl } from "~/screen.server";

/**
 * The owner keys of the visitor's orders (decision 041), kept in one HttpOnly cookie: the browser that placed an
 * order, or opened it from its customer's e-mail, may cancel it or move a payment. The page never shows a key and no
 * URL it links to carries one.
 */

/** The newest orders' keys only: a cookie must stay small, and an older order opens from its e-mail again. */
const MAX_KEPT_ORDERS = 10;

const orderIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const keyPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** Order id → owner key, newest last; anything else the cookie holds (an old format, a forgery) is left out. */
type OwnerKeys = [orderId: string, key: string][];

async function keptKeys(context: AppLoadContext, request: Request): Promise<OwnerKeys> {
  const value: unknown = await context.ownerKeysCookie.parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is [string, string] =>
      Array.isArray(entry) &&
      entry.length === 2 &&
      typeof entry[0] === "string" &&
      orderIdPattern.test(entry[0]) &&
      typeof entry[1] === "string" &&
      keyPattern.test(entry[1])
  );
}

/** An order to change, with the owner key this browser keeps for it (empty without one: the api refuses then). */
export type OwnedOrder = { orderId: string; ownerKey: string };

/** The owner key this browser keeps for the order; empty when it has none. */
export async function ownerKeyOf(context: AppLoadContext, request: Request, orderId: string): Promise<string> {
  const kept = await keptKeys(context, request);
  return kept.find(([id]) => id === orderId.toLowerCase())?.[1] ?? "";
}

/** The Set-Cookie header that keeps the order's owner key in this browser, beside the newest others. */
export async function keepOwnerKey(
  context: AppLoadContext,
  request: Request,
  orderId: string,
  key: string
): Promise<string> {
  const id = orderId.toLowerCase();
  const others = (await keptKeys(context, request)).filter(([keptId]) => keptId !== id);
  return context.ownerKeysCookie.serialize([...others, [id, key]].slice(-MAX_KEPT_ORDERS));
}

/**
 * The visitor came by the status link of the customer's e-mail: its key is kept when it is the order's, and the page
 * sends them on to its address without the key at once, so that no history entry, bookmark or Referer carries it.
 */
export async function keepLinkedOwnerKey(
  context: AppLoadContext,
  request: Request,
  orderId: string,
  key: string
): Promise<Response> {
  const { owner } = await loadOrder(context, orderId, key);
  const url = new URL(request.url);
  url.searchParams.delete(ownerKeyQuery);
  const headers = new Headers({ "Cache-Control": orderCacheControl, "Referrer-Policy": "no-referrer" });
  if (owner) headers.append("Set-Cookie", await keepOwnerKey(context, request, orderId, key));
  return redirect(`${url.pathname}${url.search}`, { status: 303, headers });
}
