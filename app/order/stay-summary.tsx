import { LocalizedLink } from "~/components/localized-link";
import { useTranslation } from "~/i18n/use-translation";
import type { StayView } from "~/order/availability-view";

type StaySummaryProps = {
  stay: StayView;
  /** An order's stay is booked: no way back to change it. */
  changeable?: boolean;
  /** Shown with the children where the ages matter, as on an order. */
  childrenAges?: number[];
};

/** The stay the rooms are offered for, and the way back to step 1 to change it (prefilled). */
export function StaySummary({ stay, changeable = true, childrenAges }: StaySummaryProps) {
  const { t } = useTranslation();
  const guests = [t("count.adults", { count: stay.adults })];
  if (stay.children > 0) {
    const ages = childrenAges?.length
      ? ` (${childrenAges.map((age) => t("count.years", { count: age })).join(", ")})`
      : "";
    guests.push(t("count.children", { count: stay.children }) + ages);
  }
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
      {changeable ? (
        <LocalizedLink to="order" search={stay.changeQuery} className="stay-summary__change">
          {t("accommodation.stay.change")}
        </LocalizedLink>
      ) : null}
    </section>
  );
}
