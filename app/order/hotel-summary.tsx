import { useTranslation } from "~/i18n/use-translation";
import type { HotelView } from "~/order/availability-view";

/** Photos past these few only slow a phone down; the portal has the rest. */
const SHOWN_PHOTOS = 4;

/** The hotel as the provider describes it, with a way to check it on the portal itself. */
export function HotelSummary({ hotel }: { hotel: HotelView }) {
  const { t } = useTranslation();
  const [mainPhoto, ...otherPhotos] = hotel.photos;
  return (
    <section className="hotel-summary" aria-labelledby="hotel-name">
      {mainPhoto ? (
        <div className="hotel-summary__photos">
          <img
            className="hotel-summary__main-photo"
            src={mainPhoto.largeUrl}
            alt={t("accommodation.photo", { hotel: hotel.name, number: 1 })}
            width={800}
            height={533}
            // The largest paint of the rooms and reservation screens on a phone: fetched before the other photos.
            fetchpriority="high"
          />
          {otherPhotos.slice(0, SHOWN_PHOTOS - 1).map((photo, index) => (
            <img
              key={photo.url}
              src={photo.url}
              alt={t("accommodation.photo", { hotel: hotel.name, number: index + 2 })}
              width={240}
              height={160}
              loading="lazy"
            />
          ))}
        </div>
      ) : null}
      <div className="hotel-summary__text">
        <h2 id="hotel-name">{hotel.name}</h2>
        {hotel.stars > 0 ? (
          <p className="hotel-summary__stars">
            <span aria-hidden="true">{"★".repeat(Math.round(hotel.stars))}</span>
            <span className="visually-hidden">{t("accommodation.stars", { count: hotel.stars })}</span>
          </p>
        ) : null}
        {hotel.reviewScore !== null ? (
          <p className="hotel-summary__rating">
            <span className="score-badge" aria-hidden="true">
              {hotel.reviewScore}
            </span>
            <span className="visually-hidden">{t("accommodation.score", { score: hotel.reviewScore })}</span>{" "}
            {t("accommodation.reviews", { count: hotel.reviewCount })}
          </p>
        ) : null}
        {hotel.address ? <p className="hotel-summary__address">{hotel.address}</p> : null}
        {hotel.url ? (
          <a href={hotel.url} target="_blank" rel="noopener noreferrer">
            {t("accommodation.onBooking")} <span className="visually-hidden">{t("footer.opensInNewTab")}</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}
