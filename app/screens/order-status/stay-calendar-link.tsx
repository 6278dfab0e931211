import { useTranslation } from "~/i18n/use-translation";
import { useShop } from "~/shop-data";
import { localizedPath } from "../../../shared/route-table";

/**
 * The booked stay as a calendar file: a plain link, which the document route answers as a download, so it works the
 * same without JavaScript and leaves the page where it is.
 */
export function StayCalendarLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { site, locale } = useShop();
  const href = localizedPath("orderDocument", locale, site.defaultLocale, { id: orderId, document: "stay-calendar" });
  return (
    <p className="stay-calendar">
      <a href={href} data-testid="stay-calendar">
        {t("status.documents.stay-calendar")}
      </a>
    </p>
  );
}
