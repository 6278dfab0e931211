/**
 * What the rooms and status pages need, made the way a visitor makes it: through the shop's api
 * (HotelParseUrl → HotelAvailability → HotelOrderPreview → HotelOrderCreate), on the simulator.
 */
export const variant = { product: "PRODUCT_DZB_CZ", lang: "LANG_CS", currency: "CURRENCY_CZK" };
export const hotelUrl = "https://www.booking.com/hotel/cz/hotel-paris-prague.cs.html?group_adults=2";
export const transferPayment = { lastPayment: "transfer" };

export const benchCustomer = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "bench@example.com",
  mobile: "+420 123 456 789",
  contactAddress: { streetAddress: "Dlouhá 12", city: "Praha", country: "CZ", postalCode: "110 00" },
  agreeCp: true,
  agreeTac: true,
};

/** Calls one method of the api at `origin` in Connect's JSON form. */
export function apiClient(origin) {
  return async function rpc(method, body) {
    const response = await fetch(`${origin}/api/dzb.shop.v1.ShopService/${method}`, {
      method: "POST",
      // No compression, as the web tier's client asks (server/web/rpc-client.ts): fetch would ask for gzip.
      headers: { "content-type": "application/json", "connect-protocol-version": "1", "accept-encoding": "identity" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

const dayAfter = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10) + "T00:00:00Z";

/** A hotel request the simulator has rooms for: it sells out some nights on purpose, so the first free stay is taken. */
export async function availableRequest(rpc) {
  const { hotelRequest } = await rpc("HotelParseUrl", { productVariant: variant, url: hotelUrl });
  for (let offset = 30; offset < 90; offset++) {
    const request = { ...hotelRequest, checkIn: dayAfter(offset), checkOut: dayAfter(offset + 2), rooms: 1, adults: 2 };
    try {
      const { availabilityId } = await rpc("HotelAvailability", { productVariant: variant, hotelRequest: request });
      return { request, availabilityId };
    } catch {
      // sold out that night; try the next
    }
  }
  throw new Error(`no free stay at ${hotelUrl}`);
}

/** A room paid online that the bench's party (two adults) fits. */
async function orderableProductId(rpc, availabilityId) {
  const { hotelAvailability } = await rpc("HotelAvailability", { productVariant: variant, availabilityId });
  for (const room of hotelAvailability.rooms) {
    for (const product of room.products) {
      const online = product.paymentTimings.some((timing) => timing !== "TIMING_TYPE_AT_PROPERTY");
      if (product.orderability?.isAvailable && product.fitsOccupancy && online) return product.productId;
    }
  }
  throw new Error("no orderable room in the bench's availability");
}

/**
 * Prices the stay for a bank transfer; each order needs a preview of its own. The function makes one preview; its
 * `request` is the call it makes.
 */
export async function previewMaker(rpc, availabilityId) {
  const productIds = [await orderableProductId(rpc, availabilityId)];
  const request = { productVariant: variant, specification: { availabilityId, productIds }, paymentRequest: transferPayment };
  return Object.assign(() => rpc("HotelOrderPreview", request), { request });
}

/** The bench's customer with an e-mail of their own: the n-th of many customers. */
export const newCustomer = (n) => ({ ...benchCustomer, email: `bench+${n}@example.com` });

export function createOrderRequest(previewId, customer = benchCustomer) {
  return {
    productVariant: variant,
    previewId,
    paymentRequest: transferPayment,
    order: customer,
    // A customer who already has an unpaid order for the stay keeps both, as a customer may.
    duplicates: "DUPLICATE_CHOICE_KEEP_BOTH",
  };
}

async function createOrder(rpc, previewId) {
  const { hotelOrder } = await rpc("HotelOrderCreate", createOrderRequest(previewId));
  if (!hotelOrder) throw new Error("HotelOrderCreate ordered nothing");
  return hotelOrder.orderId;
}

/** One stay offered and one order placed for it: the ids the rooms and status pages show. */
export async function createStayAndOrder(rpc) {
  const { availabilityId } = await availableRequest(rpc);
  const newPreview = await previewMaker(rpc, availabilityId);
  const orderId = await createOrder(rpc, (await newPreview()).previewId);
  return { availabilityId, orderId };
}
