import { LocalizedLink } from "~/components/localized-link";
import { useTranslation } from "~/i18n/use-translation";
import type { StayView } from "~/order/availability-view";

/** The stay the rooms are offered for, and the way back to step 1 to change it (prefilled). */
export function StaySummary({ stay }: { stay: StayView }) {
  const { t } = useTranslation();
  const guests = [t("count.adults", { count: stay.adults })];
  if (stay.children > 0) guests.push(t("count.children", { count: stay.children }));
  return (
    <section className="stay-summary" aria-labelledby="stay-summary-title">
      <h2 id="stay-summary-title">{t("accommodation.stay.title")}</h2>
      <dl className="stay-summary__facts">
        <div>
          <dt>{t("accommodation.stay.dates")}</dt>
          <dd>
            {stay.checkIn} – {stay.checkOut}
          </dd>
        </div>
        <div>
          <dt>{t("accommodation.stay.length")}</dt>
          <dd>{t("count.nights", { count: stay.nights })}</dd>
        </div>
        <div>
          <dt>{t("accommodation.stay.guests")}</dt>
          <dd>{guests.join(", ")}</dd>
        </div>
        <div>
          <dt>{t("accommodation.stay.rooms")}</dt>
          <dd>{t("count.rooms", { count: stay.rooms })}</dd>
        </div>
      </dl>
      <LocalizedLink to="order" search={stay.changeQuery} className="stay-summary__change">
        {t("accommodation.stay.change")}
      </LocalizedLink>
    </section>
  );
}
