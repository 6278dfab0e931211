import { Form } from "@remix-run/react";
import { PendingButton } from "~/components/pending-button";
import { useTranslation } from "~/i18n/use-translation";
import { localizedPath } from "../../../shared/route-table";
import { useShop } from "~/shop-data";

/**
 * The way back when the stay can no longer be booked as previewed (price up, rooms gone): the same hotel and stay,
 * posted to step 1, which checks availability afresh and opens the rooms screen. A form, so it works without
 * JavaScript, and the customer types nothing again.
 */
export function StayRetry({ changeQuery }: { changeQuery: string }) {
  const { t } = useTranslation();
  const { locale, site } = useShop();
  const fields = [...new URLSearchParams(changeQuery)];
  return (
    <Form method="post" action={localizedPath("order", locale, site.defaultLocale)} className="stay-retry">
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p>{t("reservation.retry.hint")}</p>
      <PendingButton label={t("reservation.retry.submit")} pendingLabel={t("order.form.pending")} intent="retry" />
    </Form>
  );
}
