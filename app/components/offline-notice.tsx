import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { matchScreen } from "../../shared/route-table";

/**
 * What the error page says when the connection dropped during a navigation or a form sent with JavaScript: what is
 * known, and the way on. After an order's post the router is already at the order's status page (the shop answered
 * with its address), so the order was made; on the reservation screen the post may or may not have arrived, and a
 * second send of the same reservation is the same order. The retry is a whole load of the address, which works even
 * when the page's scripts are left half-way, and it happens by itself once the browser is back online.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const screen = matchScreen(pathname)?.screen;
  useEffect(() => {
    const retry = () => window.location.assign(here);
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [here]);
  return (
    <section className="page-error" data-testid="offline-notice">
      <h1>{t("offline.title")}</h1>
      <p>{t(screen === "orderStatus" ? "offline.orderReceived" : "offline.text")}</p>
      {screen === "orderReservation" ? <p>{t("offline.orderMaybeSent")}</p> : null}
      <a className="button" href={here} data-testid="retry">
        {t("offline.retry")}
      </a>
    </section>
  );
}
