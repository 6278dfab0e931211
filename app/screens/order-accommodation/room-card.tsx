import { fieldId } from "~/components/field";
import type { Translate } from "../../../shared/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { chargeName } from "../../../shared/i18n/charge-name";
import { quantityName, type ProductView, type RoomView } from "~/order/availability-view";

type RoomCardProps = {
  room: RoomView;
  nights: number;
  /** The quantities as last posted, so a refused choice keeps what was chosen. */
  chosen: Record<string, string>;
};

/** One room with its offers (products): board, price for the stay, conditions, and how many to take. */
export function RoomCard({ room, nights, chosen }: RoomCardProps) {
  const titleId = `room-${room.roomId}`;
  return (
    <article className="room-card" aria-labelledby={titleId}>
      {room.photo ? (
        <img className="room-card__photo" src={room.photo.url} alt="" width={320} height={213} loading="lazy" />
      ) : null}
      <div className="room-card__body">
        <h3 id={titleId}>{room.name}</h3>
        <ul className="room-card__products">
          {room.products.map((product) => (
            <li key={product.productId}>
              <ProductOption
                product={product}
                roomName={room.name}
                nights={nights}
                chosen={chosen[product.productId] ?? "0"}
              />
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

type ProductOptionProps = { product: ProductView; roomName: string; nights: number; chosen: string };

function ProductOption({ product, roomName, nights, chosen }: ProductOptionProps) {
  const { t } = useTranslation();
  const mealPlan = product.mealPlan ? t(`mealPlans.${product.mealPlan}`) : null;
  return (
    <div className={`product${product.unavailableReason ? " product--unavailable" : ""}`}>
      <div className="product__facts">
        {mealPlan ? <p className="product__meal-plan">{mealPlan}</p> : null}
        <p>{t("accommodation.rooms.maxGuests", { count: product.maxGuests })}</p>
        <p className="product__fits">{fitsText(t, product.fits)}</p>
        {product.roomsLeft !== null ? (
          <p className="product__scarcity">{t("accommodation.rooms.roomsLeft", { count: product.roomsLeft })}</p>
        ) : null}
        {product.deals.length > 0 ? (
          <ul className="product__deals">
            {product.deals.map((deal) => (
              <li key={deal} className="badge">
                {t(`deals.${deal}`)}
              </li>
            ))}
          </ul>
        ) : null}
        <ProductConditions product={product} />
      </div>
      <div className="product__choice">
        <ProductPrice product={product} nights={nights} />
        {product.unavailableReason ? (
          <p className="product__unavailable">{t(product.unavailableReason)}</p>
        ) : (
          // Offers of one room may share a board, so the price tells them apart for a screen reader.
          <QuantitySelect
            product={product}
            label={[roomName, mealPlan, product.price].filter(Boolean).join(", ")}
            chosen={chosen}
          />
        )}
      </div>
    </div>
  );
}

/** "Fits 2 adults and a child up to 1 year old": what the customer needs to choose a room for the party. */
function fitsText(t: Translate, fits: ProductView["fits"]): string {
  const adults = t("accommodation.rooms.fitsAdults", { count: fits.adults });
  if (fits.children.length === 0) return adults;
  const children = fits.children
    .map((band) =>
      t("accommodation.rooms.fitsChildren", {
        count: band.count,
        age: t("accommodation.rooms.upToAge", { count: band.toAge }),
      })
    )
    .join(", ");
  return t("accommodation.rooms.fitsWithChildren", { adults, children });
}

function ProductPrice({ product, nights }: { product: ProductView; nights: number }) {
  const { t } = useTranslation();
  return (
    <p className="product__price">
      <span className="product__price-label">
        {t("accommodation.rooms.priceFor", { nights: t("count.nights", { count: nights }) })}
      </span>
      {product.publicPrice ? (
        <s className="product__public-price">
          <span className="visually-hidden">{t("accommodation.rooms.publicPrice")} </span>
          {product.publicPrice}
        </s>
      ) : null}
      <strong className="product__amount">{product.price}</strong>
    </p>
  );
}

/** Cancellation, extra charges and payment timing: everything that changes what the customer pays or risks. */
function ProductConditions({ product }: { product: ProductView }) {
  const { t } = useTranslation();
  return (
    <ul className="product__conditions">
      {product.freeCancellationUntil ? (
        <li className="condition condition--good">
          {t("accommodation.rooms.freeCancellation", { date: product.freeCancellationUntil })}
        </li>
      ) : (
        <li className="condition condition--warning">{t("errors.ROOM_NOT_FREELY_CANCELLABLE")}</li>
      )}
      {product.payAtPropertyOnly ? (
        <li className="condition condition--warning">{t("accommodation.rooms.payAtProperty")}</li>
      ) : null}
      {product.extraCharges.map((charge) => (
        <li key={`${charge.type}:${charge.name}`} className="condition">
          {t(
            charge.chargeableOnline
              ? "accommodation.rooms.extraChargeOnline"
              : "accommodation.rooms.extraChargeAtProperty",
            {
              name: chargeName(t, charge),
              amount: charge.amount,
            }
          )}
        </li>
      ))}
    </ul>
  );
}

function QuantitySelect({ product, label, chosen }: { product: ProductView; label: string; chosen: string }) {
  const { t } = useTranslation();
  const name = quantityName(product.productId);
  const id = fieldId(name);
  return (
    <div className="product__quantity">
      <label htmlFor={id}>
        {t("accommodation.rooms.quantity")}
        <span className="visually-hidden">: {label}</span>
      </label>
      <select id={id} name={name} defaultValue={chosen}>
        {Array.from({ length: product.maxQuantity + 1 }, (_, count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
    </div>
  );
}
