import { Await } from "@remix-run/react";
import { Suspense } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useShop } from "~/shop-data";

/**
 * Build and runtime facts for whoever operates the shop (SPEC §2, footer). Outside production
 * and preproduction it opens from a strip at the top of every page, in the page's flow: a
 * floating button covered prices and headings, at 360 px and on the desktop alike. In them it
 * sits in the footer. The toggle is a <details> element, so it opens without JavaScript.
 * Backend facts arrive deferred: the page never waits for them.
 */
export function InfoPanel({ placement }: { placement: "top" | "footer" }) {
  const { t } = useTranslation();
  const { frontendInfo, backendInfo } = useShop();

  return (
    <details className={`info-panel info-panel--${placement}`} data-testid="info-panel">
      <summary>{t("info.toggle")}</summary>
      <div className="info-panel__body">
        <h2>{t("info.backend")}</h2>
        <Suspense fallback={<p>…</p>}>
          <Await resolve={backendInfo}>
            {(backend) =>
              backend ? (
                <dl>
                  <Row label={t("info.env")} value={backend.env} />
                  <Row label={t("info.dockerTag")} value={backend.dockerTag} />
                  <Row label={t("info.version")} value={backend.version} />
                  <Row label={t("info.branch")} value={backend.branch} />
                  <Row label={t("info.commit")} value={backend.commit} />
                  <Row label={t("info.uptime")} value={t("info.uptimeValue", splitUptime(backend.uptimeSeconds))} />
                </dl>
              ) : (
                <p>{t("info.unavailable")}</p>
              )
            }
          </Await>
        </Suspense>
        <h2>{t("info.frontend")}</h2>
        <dl>
          {/* In the order the server gives them (page-load-context.ts); each is named by the message of its key. */}
          {Object.entries(frontendInfo)
            .filter(([, value]) => value !== undefined && value !== "")
            .map(([key, value]) => (
              <Row key={key} label={t(`info.${key}`)} value={String(value)} />
            ))}
        </dl>
      </div>
    </details>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="info-panel__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function splitUptime(totalSeconds: number) {
  return {
    hours: Math.floor(totalSeconds / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}
