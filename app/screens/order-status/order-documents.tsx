import { useTranslation } from "~/i18n/use-translation";
import type { DocumentKind } from "~/order/order-view";
import { useShop } from "~/shop-data";
import { localizedPath } from "../../../shared/route-table";

/** The PDFs an order offers (the api says which), each opening in a new tab. */
export function OrderDocuments({ orderId, documents }: { orderId: string; documents: readonly DocumentKind[] }) {
  const { t } = useTranslation();
  const { site, locale } = useShop();
  if (documents.length === 0) return null;
  return (
    <section className="order-documents" aria-labelledby="documents-title">
      <h2 id="documents-title">{t("status.documents.title")}</h2>
      <ul>
        {documents.map((document) => (
          <li key={document}>
            <a
              href={localizedPath("orderDocument", locale, site.defaultLocale, { id: orderId, document })}
              target="_blank"
              rel="noopener"
            >
              {t(`status.documents.${document}`)}{" "}
              <span className="visually-hidden">{t("footer.opensInNewTab")}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
