import { defer, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { InfoPanel } from "~/components/info-panel";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { backendInfo } from "~/backend-info.server";
import { messages } from "~/i18n/i18n.server";
import { useNonce } from "~/nonce";
import { errorPageMeta, variantRobots } from "~/screen-meta";
import { languageOf, localizedPath } from "~/route-table";
import stylesheet from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const { localeResolution, locale, variant, env, frontendInfo } = context;
  if (localeResolution.redirect) throw redirect(localeResolution.redirect.location, localeResolution.redirect.status);
  const lang = languageOf(locale);
  return defer({
    locale,
    lang,
    messages: messages[lang],
    site: {
      key: variant.key,
      slug: variant.slug,
      currency: variant.currency,
      defaultLocale: variant.defaultLocale,
      sellsVouchers: variant.sellsVouchers,
      noindex: variant.noindex,
      documentLanguages: variant.documentLanguages,
      support: variant.support,
    },
    env,
    frontendInfo,
    // The info panel's backend facts never hold up the page.
    backendInfo: backendInfo(context.rpc),
  });
}

/** The screens name themselves (screenMeta); the error page is the root's own. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error ? errorPageMeta(data, isNotFound(error)) : variantRobots(data);

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** The shell's data changes only with the locale, and a locale change reloads the document. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // Marks the page as running JavaScript: styles hide what only the script-less page needs,
  // and tests tell the two kinds of visit apart by it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={data?.lang ?? "cs"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) return <main id="main">{children}</main>;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" className="page">
        {children}
      </main>
      <SiteFooter />
      {data.env === "prod" || data.env === "preprod" ? null : <InfoPanel placement="floating" />}
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** One boundary for every failure: 404 says the page is missing, anything else that it could not load. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof loader>("root");
  const notFound = isNotFound(error);
  if (!notFound) console.error(error);
  const home = data ? localizedPath("home", data.locale, data.site.defaultLocale) : "/";
  return (
    <Shell>
      <section className="page-error">
        <h1>{notFound ? t("pageError.notFoundTitle") : t("pageError.errorTitle")}</h1>
        <p>{notFound ? t("pageError.notFoundText") : t("pageError.errorText")}</p>
        {/* A full load clears the error state, as SPEC §8 asks of the button. */}
        <a className="button" href={home} data-testid="go-home">
          {t("pageError.goHome")}
        </a>
      </section>
    </Shell>
  );
}
