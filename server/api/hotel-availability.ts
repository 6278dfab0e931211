import { Code, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { HotelRequest } from "../../gen/dzb/shop/v1/hotel_pb";
import type { HotelAvailabilityRequest, ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { ProviderError, type ProviderLanguage } from "../adapters/provider/hotel-provider";
import type { ProviderAvailability } from "../domain/hotel-offer";
import { marketCurrency, type ProductKey } from "../domain/products";
import { marketDate, stayProblem, type Stay, type StayProblem } from "../domain/stay";
import { findAvailability, saveAvailability, type StoredAvailability } from "../stores/availabilities";
import { findHotelLink } from "../stores/hotel-links";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { dateOfTimestamp } from "../../shared/contract-dates";
import { toHotelAvailability, toHotelDetail, toHotelRequest } from "./contract/hotel";
import { providerLanguageOf, requestProductKey } from "./contract/product-variant";
import { callProvider } from "./contract/provider-errors";

const stayErrors: Record<StayProblem["kind"], ErrorCode> = {
  check_in_past: ErrorCode.INPUT_CHECK_IN_PAST,
  check_out_past: ErrorCode.INPUT_CHECK_OUT_PAST,
  check_out_not_after_check_in: ErrorCode.INPUT_CHECKOUT_BEFORE_CHECK_IN,
  adults_fewer_than_rooms: ErrorCode.INPUT_ADULTS_INVALID,
};

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

function answer(stored: StoredAvailability) {
  const currency = marketCurrency[stored.product];
  return {
    availabilityId: stored.id,
    hotelRequest: toHotelRequest(stored.answer.hotel.hotelId, stored.stay),
    hotelDetail: toHotelDetail(stored.answer),
    hotelAvailability: toHotelAvailability(stored.id, stored.answer, stored.stay, currency),
  };
}

/**
 * Checks a stay with the provider and keeps the answer under a new availability id; asked with that id, answers the
 * kept offer again (a reload, a shared link, another api instance), never the provider's newer one.
 */
export function hotelAvailability(deps: ApiDeps): ServiceImpl<typeof ShopService>["hotelAvailability"] {
  return async (request, context) => {
    const product = requestProductKey(request.productVariant);
    switch (request.lookup.case) {
      case "availabilityId":
        return answer(await availabilityFor(deps, product, request.lookup.value));
      case "hotelRequest":
        return answer(await checkStay(deps, product, request, request.lookup.value, context));
      default:
        throw apiError(
          Code.InvalidArgument,
          ErrorCode.INPUT_REQUIRED,
          "hotel_request or availability_id is required",
          "hotel_request"
        );
    }
  };
}

/** The availability check with this id made for this shop; another shop's is "not found". */
export async function availabilityFor(
  { db }: Pick<ApiDeps, "db">,
  product: ProductKey,
  id: string
): Promise<StoredAvailability> {
  const stored = await findAvailability(db, id.toLowerCase());
  // An offer made on another shop is in another currency: as far as this shop knows, it does not exist.
  if (!stored || stored.product !== product) {
    throw apiError(Code.NotFound, ErrorCode.PAGE_NOT_FOUND, "no availability with this id", "availability_id");
  }
  return stored;
}

async function checkStay(
  { db, provider, config, now }: ApiDeps,
  product: ProductKey,
  request: HotelAvailabilityRequest,
  hotelRequest: HotelRequest,
  context: HandlerContext
): Promise<StoredAvailability> {
  const stay = stayOf(hotelRequest);
  const problem = stayProblem(stay, marketDate(now()));
  if (problem) {
    throw apiError(
      Code.InvalidArgument,
      stayErrors[problem.kind],
      problem.kind.replaceAll("_", " "),
      `hotel_request.${problem.field}`
    );
  }
  const found = await askProvider(
    { db, provider, config },
    {
      product,
      hotelId: hotelRequest.hotelId,
      stay,
      language: providerLanguageOf(request.productVariant?.lang),
    },
    context.signal
  );
  return saveAvailability(db, { provider: provider.name, product, stay, answer: found });
}

/** The provider's current offer for a stay, within the configured deadline and the caller's signal. */
export async function askProvider(
  { db, provider, config }: Pick<ApiDeps, "db" | "provider" | "config">,
  search: { product: ProductKey; hotelId: string; stay: Stay; language: ProviderLanguage },
  signal: AbortSignal
): Promise<ProviderAvailability> {
  const link = await findHotelLink(db, provider.name, search.hotelId);
  return callProvider(config.provider.timeoutMs, signal, async (deadline) => {
    const result = await provider.availability(
      {
        hotelId: search.hotelId,
        link,
        ...search.stay,
        currency: marketCurrency[search.product],
        language: search.language,
      },
      deadline
    );
    // The interface promises rooms; an adapter breaking that promise still must not show an empty offer.
    if (result.rooms.length === 0) throw new ProviderError("nothing_available", "the provider answered no rooms");
    return result;
  });
}
