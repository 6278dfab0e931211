import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { RefreshTo, StreamedWait } from "~/components/streamed-wait";
import { useTranslation } from "~/i18n/use-translation";
import { readStayForm, stayFormParams } from "~/order/stay-form";
import { formErrorOf } from "~/rpc-form-error.server";
import { answerWhileStreaming } from "~/order/waiting-pages.server";
import { checkStay, staySchema, stayErrorOptions } from "~/screens/order/stay-search.server";
import { screenMeta } from "~/screen-meta";
import { deferredScreenData, loaderCacheHeaders, orderCacheControl, translator } from "~/screen.server";
import { localizedPath } from "../../../shared/route-table";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;

/** What the check came to: the rooms' page, the refusal to show, or nothing yet within the page's stream. */
type CheckOutcome = { rooms: string } | { problem: string } | { stillChecking: true };

/**
 * The checking page (decision 063): step 1 sent without JavaScript comes here when the provider is slow, with the stay
 * in the query. The page and its "we are asking the hotel" stream at once; the check's outcome streams after them. The
 * api shares the check step 1 started (or gives its kept answer), so the hotel is not asked twice. A check still under
 * way when the stream's time is nearly up loads this page again, which waits on it anew.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const t = translator(context);
  const values = readStayForm(new URL(request.url).searchParams);
  const fields = stayFormParams(values);
  const step1 = `${localizedPath("order", context.locale, context.variant.defaultLocale)}?${fields}`;
  const submission = parseWithZod(fields, { schema: staySchema(t) });
  // Only a complete stay of a link already read is checked here; anything else is step 1's to say.
  if (submission.status !== "success" || values.hotelId === "") throw redirect(step1, 303);

  const check: Promise<CheckOutcome> = checkStay(context, values.hotelId, submission.value).then(
    (rooms) => ({ rooms }),
    (error) => ({ problem: formErrorOf(error, t, stayErrorOptions(context)).message })
  );
  const outcome = answerWhileStreaming(check).then(
    (answer): CheckOutcome => answer?.value ?? { stillChecking: true }
  );
  return deferredScreenData(context, "orderCheck", { step1, outcome }, { cacheControl: orderCacheControl });
}

export default function OrderCheckScreen() {
  const { t } = useTranslation();
  const { title, step1, outcome } = useLoaderData<typeof loader>();
  return (
    <div className="order-step">
      <h1>{title}</h1>
      <StreamedWait waiting={t("order.checking.waiting")} resolve={outcome}>
        {(answer) => <Outcome outcome={answer} step1={step1} />}
      </StreamedWait>
    </div>
  );
}

/** The refusal with the way back to the stay, or the way on: to the rooms, or this page again to wait on. */
function Outcome({ outcome, step1 }: { outcome: CheckOutcome; step1: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if ("problem" in outcome) {
    return (
      <div className="streamed-answer">
        <div className="form-errors" role="alert">
          <p>{outcome.problem}</p>
        </div>
        <a className="button" href={step1}>
          {t("accommodation.stay.change")}
        </a>
      </div>
    );
  }
  const [next, text] =
    "rooms" in outcome
      ? [outcome.rooms, t("order.checking.found")]
      : [pathname + search, t("order.checking.stillChecking")];
  return <RefreshTo next={next} text={text} />;
}
