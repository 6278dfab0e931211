import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Field, RequiredNote } from "~/components/field";
import { PendingButton } from "~/components/pending-button";
import { VoucherDetails } from "~/screens/voucher-status/voucher-details";
import { useTranslation } from "~/i18n/use-translation";
import { screenMeta } from "~/screen-meta";
import { loaderCacheHeaders, screenData, translator } from "~/screen.server";
import { useShop } from "~/shop-data";
import { checkVoucher } from "~/screens/voucher-status/voucher-check.server";
import { localizedPath } from "../../../shared/route-table";
import { typedVoucherCode, VOUCHER_CODE_PATTERN } from "../../../shared/voucher-code";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;

/**
 * SPEC §2, the voucher validity check. The form asks with `?code=`: a well-formed code moves to the code's own
 * address (`/overeni-poukazu/12345678`, which can be bookmarked and is what the voucher's QR code opens), anything
 * else is refused here with what was typed kept. The code's address shows the voucher or the api's refusal; an
 * address whose code is no code at all (`/overeni-poukazu/abc`, mistyped or cut short) shows the page refusing it
 * as the form would, with the field to type it again, under the status of a code not found.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const invalid = (typed: string, status: number) => {
    const error = translator(context)("errors.INVALID_VOUCHER_CODE");
    return screenData(context, "voucherStatus", { typed, check: { voucher: null, error } }, { status });
  };
  if (params.id === undefined) {
    const typed = new URL(request.url).searchParams.get("code");
    if (typed === null) return screenData(context, "voucherStatus", { typed: "", check: null });
    const code = typedVoucherCode(typed);
    if (VOUCHER_CODE_PATTERN.test(code)) {
      throw redirect(localizedPath("voucherStatus", context.locale, context.variant.defaultLocale, { id: code }));
    }
    return invalid(typed, 400);
  }
  if (!VOUCHER_CODE_PATTERN.test(params.id)) return invalid(params.id, 404);
  const { check, status } = await checkVoucher(context, params.id);
  // The balance changes as orders spend it: never a kept copy.
  return screenData(context, "voucherStatus", { typed: params.id, check }, { status, cacheControl: "private, no-store" });
}

export default function VoucherStatusScreen() {
  const { t } = useTranslation();
  const { title, typed, check } = useLoaderData<typeof loader>();
  const { locale, site } = useShop();
  const error = check?.error ?? undefined;
  return (
    <div className="voucher-check">
      <h1>{title}</h1>
      <p>{t("voucherCheck.intro")}</p>
      <Form method="get" action={localizedPath("voucherStatus", locale, site.defaultLocale)} className="voucher-check__form">
        <RequiredNote />
        <Field name="code" label={t("voucherCheck.code")} hint={t("voucherCheck.codeHint")} errors={error ? [error] : undefined} required>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              defaultValue={typed}
              // The code in the address changes the page without a new mount: the field follows it.
              key={typed}
            />
          )}
        </Field>
        <PendingButton label={t("voucherCheck.submit")} pendingLabel={t("voucherCheck.checking")} />
      </Form>
      {check?.voucher ? <VoucherDetails voucher={check.voucher} /> : null}
    </div>
  );
}
