import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocalizedLink } from "~/components/localized-link";
import { StaySummary } from "~/components/order/stay-summary";
import { useTranslation } from "~/i18n/use-translation";
import { loadAvailability, viewFormats } from "~/order/availability-view.server";
import { chosenRooms } from "~/order/room-choice.server";
import { screenMeta } from "~/screen-meta";
import { loaderCacheHeaders, notFound, orderCacheControl, requireUuid, screenData } from "~/screen.server";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;

/**
 * The reservation so far: the rooms chosen on the previous screen (`?product=…`, once per room), checked again
 * against the api. Prices beyond the rooms' own, customer details and payment come with the order preview.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const availabilityId = requireUuid(params.orderId);
  const productIds = new URL(request.url).searchParams.getAll("product");
  const availability = await loadAvailability(context, availabilityId);
  const chosen = chosenRooms(availability, productIds, viewFormats(context));
  if (!chosen) notFound();
  return screenData(
    context,
    "orderReservation",
    {
      availabilityId,
      hotelName: chosen.view.hotel.name,
      stay: chosen.view.stay,
      rooms: chosen.rooms,
      total: chosen.total,
    },
    { cacheControl: orderCacheControl }
  );
}

export default function OrderReservationScreen() {
  const { t } = useTranslation();
  const { title, availabilityId, hotelName, stay, rooms, total } = useLoaderData<typeof loader>();
  return (
    <div className="order-step">
      <h1>{title}</h1>
      <p className="lead">{hotelName}</p>
      <div className="reservation">
        <section className="chosen-rooms" aria-labelledby="chosen-rooms-title">
          <h2 id="chosen-rooms-title">{t("reservation.chosenRooms")}</h2>
          <ul className="chosen-rooms__list">
            {rooms.map((room, index) => (
              // The same product may be chosen twice, so its place in the list tells the rooms apart.
              <li key={`${room.productId}-${index}`} className="chosen-room">
                <span>
                  <strong>{room.roomName}</strong>
                  {room.mealPlan ? (
                    <span className="chosen-room__meal-plan">{t(`mealPlans.${room.mealPlan}`)}</span>
                  ) : null}
                </span>
                <span className="chosen-room__price">{room.price}</span>
              </li>
            ))}
          </ul>
          <p className="chosen-rooms__total">
            <span>{t("reservation.total")}</span>
            <strong>{total}</strong>
          </p>
          <LocalizedLink to="orderAccommodation" params={{ orderId: availabilityId }}>
            {t("reservation.backToRooms")}
          </LocalizedLink>
        </section>
        <StaySummary stay={stay} />
      </div>
    </div>
  );
}
