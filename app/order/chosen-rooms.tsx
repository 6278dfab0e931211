import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { chargeName } from "../../shared/i18n/charge-name";
import type { ChosenRoomView } from "~/order/reservation-view";

/** The rooms of a reservation or an order: board, price, and what the customer must know before paying. */
export function ChosenRooms({
  rooms,
  total,
  children,
}: {
  rooms: ChosenRoomView[];
  total: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="chosen-rooms" aria-labelledby="chosen-rooms-title">
      <h2 id="chosen-rooms-title">{t("reservation.chosenRooms")}</h2>
      <ul className="chosen-rooms__list">
        {rooms.map((room, index) => (
          // The same product may be chosen twice, so its place in the list tells the rooms apart.
          <li key={`${room.productId}-${index}`} className="chosen-room">
            <div className="chosen-room__line">
              <span>
                <strong>{room.name}</strong>
                {room.mealPlan ? (
                  <span className="chosen-room__meal-plan">{t(`mealPlans.${room.mealPlan}`)}</span>
                ) : null}
              </span>
              <span className="chosen-room__price">{room.price}</span>
            </div>
            <RoomConditions room={room} />
          </li>
        ))}
      </ul>
      <p className="chosen-rooms__total">
        <span>{t("reservation.roomsTotal")}</span>
        <strong>{total}</strong>
      </p>
      {children}
    </section>
  );
}

/** SPEC §4: a room that cannot be cancelled free of charge or paid online says so. */
function RoomConditions({ room }: { room: ChosenRoomView }) {
  const { t } = useTranslation();
  const conditions: { text: string; tone: "good" | "warning" | "" }[] = [];
  if (room.freeCancellationUntil !== null) {
    conditions.push({
      text: t("accommodation.rooms.freeCancellation", { date: room.freeCancellationUntil }),
      tone: "good",
    });
  } else {
    conditions.push({ text: t("errors.ROOM_NOT_FREELY_CANCELLABLE"), tone: "warning" });
  }
  if (room.payAtPropertyOnly) conditions.push({ text: t("errors.ROOM_NOT_PAYABLE_ONLINE"), tone: "warning" });
  for (const charge of room.extraCharges) {
    const key = charge.chargeableOnline
      ? "accommodation.rooms.extraChargeOnline"
      : "accommodation.rooms.extraChargeAtProperty";
    conditions.push({ text: t(key, { name: chargeName(t, charge), amount: charge.amount }), tone: "" });
  }
  if (conditions.length === 0) return null;
  return (
    <ul className="product__conditions">
      {conditions.map(({ text, tone }) => (
        <li key={text} className={tone ? `condition condition--${tone}` : "condition"}>
          {text}
        </li>
      ))}
    </ul>
  );
}
