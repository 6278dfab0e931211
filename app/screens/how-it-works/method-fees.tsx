import type { OfferedMethod } from "~/payment-methods.server";
import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "~/components/localized-link";

/** Each way to pay with the fee it carries, each benefit linked to its partner's page. */
export function MethodFees({ methods }: { methods: readonly OfferedMethod[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="method-fees" className="method-fees">
      <h2 id="method-fees">{t("content.feesTitle")}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("content.feesMethod")}</th>
            <th scope="col">{t("content.feesRate")}</th>
          </tr>
        </thead>
        <tbody>
          {methods.map(({ methodId, name, fee, partner }) => (
            <tr key={methodId}>
              <th scope="row">
                {partner ? (
                  <LocalizedLink to="partner" params={{ partner }}>
                    {name}
                  </LocalizedLink>
                ) : (
                  name
                )}
              </th>
              <td>{fee ?? t("content.noFee")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("content.feesNote")}</p>
    </section>
  );
}
