import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "~/components/localized-link";

/** The way from a page about the shop to ordering: step 1 of the order, as the page's main action. */
export function OrderButton() {
  const { t } = useTranslation();
  return (
    <LocalizedLink to="order" className="button button--primary">
      {t("nav.order")}
    </LocalizedLink>
  );
}
