import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { consentValue, type Consent } from "../../../shared/consent";
import { localizedPath, switchedLocalePath } from "../../../shared/route-table";
import { ScreenHeading } from "~/components/screen-heading";
import { readForm } from "~/form-body.server";
import { useTranslation } from "~/i18n/use-translation";
import { screenMeta } from "~/screen-meta";
import { screenData } from "~/screen.server";

export const meta = screenMeta;

/** The page shows the visitor's own choice: it is theirs alone, and no cache keeps it. */
export function loader({ context }: LoaderFunctionArgs) {
  return screenData(context, "cookieSettings", { consent: context.consent }, { cacheControl: "private, no-store" });
}

/**
 * The banner's and this page's form (a plain post, so it works before JavaScript): "accept" and "reject" from the
 * banner, "save" with the page's checkbox. The choice is kept in the consent cookie and the visitor goes back where
 * they came from (`returnTo`, rebuilt from the route table so it can lead nowhere else), or here, told it is saved.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const choice = form.get("choice");
  const monitoring = choice === "accept" || (choice === "save" && form.get("monitoring") === "on");
  const headers = { "Set-Cookie": await context.consentCookie.serialize(consentValue({ monitoring })) };
  const defaultLocale = context.variant.defaultLocale;
  const returnTo = form.get("returnTo");
  const target =
    typeof returnTo === "string" && returnTo !== ""
      ? switchedLocalePath(returnTo, context.locale, defaultLocale)
      : `${localizedPath("cookieSettings", context.locale, defaultLocale)}?saved=1`;
  return redirect(target, { status: 303, headers });
}

function stateText(consent: Consent | null) {
  if (consent === null) return "consent.stateUndecided";
  return consent.monitoring ? "consent.stateAccepted" : "consent.stateRejected";
}

export default function CookieSettingsScreen() {
  const { consent } = useLoaderData<typeof loader>();
  // Read from the location: useSearchParams would bring its setter's code into every screen's first load.
  const saved = new URLSearchParams(useLocation().search).get("saved");
  const { t } = useTranslation();
  return (
    <article className="content-page">
      <ScreenHeading />
      {saved ? (
        <p role="status" className="notice">
          {t("consent.saved")}
        </p>
      ) : null}
      <p>{t("consent.intro")}</p>
      <Form method="post" className="consent-settings" preventScrollReset>
        <fieldset>
          <legend>{t("consent.categories")}</legend>
          <p>
            <label>
              <input type="checkbox" checked disabled />
              <strong>{t("consent.necessaryTitle")}</strong>
            </label>
            <br />
            {t("consent.necessaryText")}
          </p>
          <p>
            <label>
              <input type="checkbox" name="monitoring" defaultChecked={consent?.monitoring ?? false} />
              <strong>{t("consent.monitoringTitle")}</strong>
            </label>
            <br />
            {t("consent.monitoringText")}
          </p>
        </fieldset>
        <p className="consent-settings__state">{t(stateText(consent))}</p>
        <button type="submit" name="choice" value="save" className="button button--primary">
          {t("consent.save")}
        </button>
      </Form>
    </article>
  );
}
