import { useTranslation } from "~/i18n/use-translation";
import { useShop } from "~/shop-data";

/**
 * The company behind the shop as a Czech business names itself on its website: its name, registered office, IČO and
 * commercial register entry (configured: server/variants/operator.ts; the invoices take them from there too). The
 * footer shows it on every page, the contact page beside the ways to reach us.
 */
export function OperatorDetails({ className }: { className: string }) {
  const { t } = useTranslation();
  const { operator } = useShop().site;
  return (
    <address className={className}>
      <strong>{operator.name}</strong>
      <span>{t("operator.seat", { street: operator.street, town: operator.town })}</span>
      <span>{t("operator.companyId", { value: operator.companyId })}</span>
      <span>{t("operator.registration", operator.register)}</span>
    </address>
  );
}
