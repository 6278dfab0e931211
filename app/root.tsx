import { defer, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { InfoPanel } from "~/components/info-panel";
import { OfflineNotice } from "~/components/offline-notice";
import { isNetworkFailure } from "~/network-failure";
import { reportBoundaryError, startBrowserMonitoring } from "~/browser-monitoring";
import { ConsentBanner } from "~/components/consent-banner";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useFocusOnNewScreen } from "~/focus";
import { InlineStylesheet } from "~/inline-stylesheet";
import { useNonce } from "~/nonce";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { useRootData, useShop } from "~/shop-data";
import { errorPageMeta, variantRobots } from "~/screen-meta";
import { pageTitleWords, translator } from "~/screen.server";
import { languageOf, localizedPath } from "../shared/route-table";
import stylesheet from "~/styles/app.css";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// The shell reads the host, the locale and the build: the same for every visitor of a host in a locale.
export const handle = sameForEveryVisitor;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { localeResolution, locale, variant, env, frontendInfo, messageScripts } = context;
  if (localeResolution.redirect) throw redirect(localeResolution.redirect.location, localeResolution.redirect.status);
  const lang = languageOf(locale);
  return defer({
    locale,
    lang,
    // The browser's messages come as a file of their own, cached for a year, not in every page's data.
    messagesScript: messageScripts[lang],
    titles: pageTitleWords(translator(context), variant.brandName),
    site: {
      key: variant.key,
      slug: variant.slug,
      currency: variant.currency,
      brandName: variant.brandName,
      defaultLocale: variant.defaultLocale,
      languages: variant.languages,
      sellsVouchers: variant.sellsVouchers,
      noindex: variant.noindex,
      // Search engines want absolute addresses (screenMeta's canonical and hreflang links); one host, one origin.
      origin: new URL(request.url).origin,
      documentLanguages: variant.documentLanguages,
      support: variant.support,
      partners: variant.partners,
      operator: context.operator,
    },
    env,
    // Part of the kept page's key (decision 030): the banner shows until the visitor chooses.
    consent: context.consent,
    // The browser's monitoring runs only once the visitor allowed it.
    monitoring: context.consent?.monitoring ? context.browserMonitoring : null,
    frontendInfo,
    // The info panel's backend facts never hold up the page: a value when the web server has them, else deferred.
    backendInfo: context.backendInfo(),
  });
}

/**
 * The screens name themselves (screenMeta); the error page is the root's own. Without the root's data (an error page
 * no loader ran for) the layout names it, from the server's messages.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error && data ? errorPageMeta(data, isNotFound(error)) : variantRobots(data);

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** What the error page says: that the page is missing, or that it could not be loaded. */
function errorPageTexts(error: unknown) {
  return isNotFound(error)
    ? { title: "pageError.notFoundTitle", pageTitle: "pageError.notFoundPageTitle", text: "pageError.notFoundText" }
    : { title: "pageError.errorTitle", pageTitle: "pageError.errorTitle", text: "pageError.errorText" };
}

/** The shell's data changes only with the locale, and a locale change reloads the document. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const error = useRouteError();
  const { t, lang } = useTranslation();
  const nonce = useNonce();
  // Marks the page as running JavaScript: styles hide what only the script-less page needs,
  // and tests tell the two kinds of visit apart by it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data ? null : <title>{t(errorPageTexts(error).pageTitle)}</title>}
        <InlineStylesheet href={stylesheet} />
        <Links />
      </head>
      <body>
        {children}
        {/* An error page without the root's data is plain HTML: the browser has no messages to render it with, and
            its one way on is a full load of the home page. */}
        {data ? (
          <>
            {/* The browser's messages hold up neither the parser nor the first paint; entry.client waits for them. */}
            <script src={data.messagesScript} nonce={nonce} defer />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const data = useRootData();
  useFocusOnNewScreen();
  if (!data) return <main id="main">{children}</main>;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      {/* In a landmark of its own, as everything on the page is in one; in production it is in the footer. */}
      {data.env === "prod" || data.env === "preprod" ? null : (
        <aside aria-label={t("info.toggle")}>
          <InfoPanel placement="top" />
        </aside>
      )}
      {data.consent === null ? <ConsentBanner /> : null}
      <SiteHeader />
      <main id="main" className="page">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function App() {
  const { monitoring } = useShop();
  useEffect(() => {
    if (monitoring) startBrowserMonitoring(monitoring);
  }, [monitoring]);
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * One boundary for every failure: 404 says the page is missing, a connection that dropped what is known and how to
 * retry (OfflineNotice), anything else that the page could not load. A refused request (4xx) and a dropped
 * connection are no fault of the shop's and are not logged or reported as one. On the server the failure was logged already, as
 * Remix handed it to entry.server's `handleError`; the browser writes its own to its console.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const data = useRootData();
  const texts = errorPageTexts(error);
  // A dropped connection is the visitor's network, not a fault of the shop's: nothing to report.
  const failed = (!isRouteErrorResponse(error) || error.status >= 500) && !isNetworkFailure(error);
  useEffect(() => {
    if (!failed) return;
    console.error(error);
    reportBoundaryError(error);
  }, [error, failed]);
  const home = data ? localizedPath("home", data.locale, data.site.defaultLocale) : "/";
  if (isNetworkFailure(error)) {
    return (
      <Shell>
        <OfflineNotice />
      </Shell>
    );
  }
  return (
    <Shell>
      <section className="page-error">
        <h1>{t(texts.title)}</h1>
        <p>{t(texts.text)}</p>
        {/* A full load clears the error state, as SPEC §8 asks of the button. */}
        <a className="button" href={home} data-testid="go-home">
          {t("pageError.goHome")}
        </a>
      </section>
    </Shell>
  );
}
