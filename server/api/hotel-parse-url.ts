import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { type BookingLinkError, type BookingPage, parseBookingLink } from "../domain/booking-link";
import { hotelIdOfLink, hotelPageOfShareLink } from "../orders/hotel-link";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { timestampOfDate } from "../../shared/contract-dates";
import { fromProviderError } from "./contract/provider-errors";

/** Each way a link can be wrong has its own sentence (SPEC §5, §8). */
const linkErrors: Record<BookingLinkError, { errorCode: ErrorCode; message: string }> = {
  not_https: { errorCode: ErrorCode.INPUT_HOTEL_LINK_INVALID, message: "the link must start with https://" },
  not_booking: { errorCode: ErrorCode.LINK_NOT_BOOKING, message: "the link is not from the booking portal" },
  not_hotel_page: { errorCode: ErrorCode.LINK_BAD_FORMAT, message: "the link is not a hotel page" },
  bad_format: { errorCode: ErrorCode.LINK_BAD_FORMAT, message: "the link is not in the right format" },
  share_link: {
    errorCode: ErrorCode.LINK_SHARE,
    message: "the share link leads to no hotel page; open it and copy the page address",
  },
};

/**
 * Reads a pasted hotel link: which hotel (resolved to the provider's id, once per link) and whatever search it
 * carries. A share link is first resolved to the hotel page it leads to (once per share code). What the link lacks
 * stays unset (zero), for the form to ask.
 */
export function hotelParseUrl(deps: ApiDeps): ServiceImpl<typeof ShopService>["hotelParseUrl"] {
  return async (request, context) => {
    if (request.url.trim() === "")
      throw apiError(Code.InvalidArgument, ErrorCode.INPUT_REQUIRED, "url is required", "url");
    // A provider's failure names the link, the one field the visitor can change.
    const asLinkError = (error: unknown) => {
      throw fromProviderError(error, "url");
    };
    const parsed = await pageOfLink(deps, request.url, context.signal).catch(asLinkError);
    const hotelId = await hotelIdOfLink(deps, parsed.hotel, context.signal).catch(asLinkError);
    const { search } = parsed;
    return {
      hotelRequest: {
        hotelId,
        checkIn: search.checkIn === undefined ? undefined : timestampOfDate(search.checkIn),
        checkOut: search.checkOut === undefined ? undefined : timestampOfDate(search.checkOut),
        rooms: search.rooms ?? 0,
        adults: search.adults ?? 0,
        childrenAges: search.childrenAges,
      },
      hotelUrl: parsed.hotel.url,
      childrenCount: search.childrenCount ?? search.childrenAges.length,
    };
  };
}

/** The hotel page a pasted link is, or the one a share link leads to; a link that is neither is refused. */
async function pageOfLink(deps: ApiDeps, url: string, signal: AbortSignal): Promise<BookingPage> {
  const parsed = parseBookingLink(url);
  if (parsed.ok) return parsed;
  const page = parsed.error === "share_link" ? await hotelPageOfShareLink(deps, parsed.share, signal) : undefined;
  if (page !== undefined) return page;
  const { errorCode, message } = linkErrors[parsed.error];
  throw apiError(Code.InvalidArgument, errorCode, message, "url");
}
