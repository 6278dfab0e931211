import { Code, type ServiceImpl } from "@connectrpc/connect";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { HotelRequest } from "../../gen/dzb/shop/v1/hotel_pb";
import type { HotelAvailabilityRequest, ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { marketCurrency, type ProductKey } from "../domain/products";
import type { Stay } from "../domain/stay";
import type { StoredAvailability } from "../stores/availabilities";
import { stayAvailability, type AvailabilityAsk } from "../orders/stay-availability";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { dateOfTimestamp } from "../../shared/contract-dates";
import { toHotelAvailability, toHotelDetail, toHotelRequest } from "./contract/hotel";
import { providerLanguageOf, requestProductKey } from "./contract/product-variant";

/** A stay date the request limits have checked is present; missing here means they did not run. */
function requiredDate(timestamp: Timestamp | undefined): string {
  if (!timestamp) throw new Error("stay date missing: the request limits interceptor did not run");
  return dateOfTimestamp(timestamp);
}

/** The request limits have checked presence and bounds; what is left is read as the domain's stay. */
function stayOf(request: HotelRequest): Stay {
  return {
    checkIn: requiredDate(request.checkIn),
    checkOut: requiredDate(request.checkOut),
    rooms: request.rooms,
    adults: request.adults,
    childrenAges: [...request.childrenAges],
  };
}

function askOf(product: ProductKey, request: HotelAvailabilityRequest): AvailabilityAsk {
  switch (request.lookup.case) {
    case "availabilityId":
      return { id: request.lookup.value };
    case "hotelRequest": {
      const { hotelId } = request.lookup.value;
      const language = providerLanguageOf(request.productVariant?.lang);
      return { search: { product, hotelId, stay: stayOf(request.lookup.value), language } };
    }
    default:
      throw apiError(
        Code.InvalidArgument,
        ErrorCode.INPUT_REQUIRED,
        "hotel_request or availability_id is required",
        "hotel_request"
      );
  }
}

function answer(stored: StoredAvailability) {
  const currency = marketCurrency[stored.product];
  return {
    availabilityId: stored.id,
    hotelRequest: toHotelRequest(stored.answer.hotel.hotelId, stored.stay),
    hotelDetail: toHotelDetail(stored.answer),
    hotelAvailability: toHotelAvailability(stored.id, stored.answer, stored.stay, currency),
  };
}

/** A stay's availability: checked with the provider now, or the check kept under its id (orders/stay-availability.ts). */
export function hotelAvailability(deps: ApiDeps): ServiceImpl<typeof ShopService>["hotelAvailability"] {
  return async (request, context) => {
    const product = requestProductKey(request.productVariant);
    return answer(await stayAvailability(deps, product, askOf(product, request), context.signal));
  };
}
