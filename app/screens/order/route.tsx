import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { HotelLinkGuide } from "~/screens/order/hotel-link-guide";
import { StayForm, type StayFormErrors } from "~/screens/order/stay-form";
import { useTranslation } from "~/i18n/use-translation";
import { readStayForm, stayFormFromEcho, stayFormParams, type StayFormValues } from "~/order/stay-form";
import {
  checkStay,
  hotelLinkSchema,
  isStayComplete,
  linkNeedsReading,
  stayConstraint,
  staySchema,
  stayErrorOptions,
  withLinkSearch,
} from "~/screens/order/stay-search.server";
import { answerWithin, isDocumentNavigation } from "~/order/waiting-pages.server";
import { localizedPath } from "../../../shared/route-table";
import { formErrorOf, replyErrors } from "~/rpc-form-error.server";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { loaderCacheHeaders, orderCacheControl, screenData, translator } from "~/screen.server";
import { readForm } from "~/form-body.server";
import { replyJson, type FormReply } from "~/form-echo.server";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;
// Step 1 without a query string is an empty form; the page cache never keeps a page asked for with a query.
export const handle = sameForEveryVisitor;

/** A query string prefills the form: "change the stay" on the rooms screen links back here with its search. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const t = translator(context);
  return screenData(
    context,
    "order",
    { values: readStayForm(new URL(request.url).searchParams), constraint: stayConstraint(t) },
    { cacheControl: orderCacheControl }
  );
}

/**
 * Reads the link when it is new or changed, then checks availability as soon as the stay is complete, so a link that
 * carries everything takes one submit. A link that leaves something out comes back prefilled, without errors: the
 * customer has not asked to search yet. Every answer carries what was typed, and what was typed wins over what the link
 * says (withLinkSearch). With JavaScript a pasted link is read at once (`intent=read`): the stay it carries is filled
 * in and nothing is searched until the customer asks. Sent without a script, a check that takes longer than a moment
 * goes on under the checking page, which says so at once (decision 063).
 */
export async function action({ context, request }: ActionFunctionArgs) {
  const t = translator(context);
  const errorOptions = stayErrorOptions(context);
  const formData = await readForm(request);
  const link = parseWithZod(formData, { schema: hotelLinkSchema(t) });
  if (link.status !== "success") return stayAnswer(link.reply(), 400);

  let values: StayFormValues = readStayForm(formData);
  const readingLink = linkNeedsReading(values);
  if (readingLink) {
    try {
      const [parsed, earlier] = await Promise.all([
        context.rpc.hotelParseUrl({ url: link.value.url }),
        earlierLink(context.rpc, values.parsedUrl),
      ]);
      values = withLinkSearch(values, parsed, earlier);
    } catch (error) {
      return stayAnswer(link.reply(replyErrors(formErrorOf(error, t, errorOptions))), 400);
    }
  }

  const payload = stayFormParams(values);
  if (formData.get("intent") === "read" || (readingLink && !isStayComplete(values))) {
    return stayAnswer(parseWithZod(payload, { schema: hotelLinkSchema(t) }).reply(), 200, { linkRead: readingLink });
  }
  const submission = parseWithZod(payload, { schema: staySchema(t) });
  if (submission.status !== "success") return stayAnswer(submission.reply(), 400);

  const answerHeaders = { "Cache-Control": orderCacheControl };
  let rooms: string;
  try {
    const check = checkStay(context, values.hotelId, submission.value);
    if (!isDocumentNavigation(request)) rooms = await check;
    else {
      const answer = await answerWithin(check, context.checkingPageAfterMs);
      if (answer === undefined) {
        const checking = localizedPath("orderCheck", context.locale, context.variant.defaultLocale);
        return redirect(`${checking}?${stayFormParams(values)}`, { status: 303, headers: answerHeaders });
      }
      rooms = answer.value;
    }
  } catch (error) {
    return stayAnswer(submission.reply(replyErrors(formErrorOf(error, t, errorOptions))), 400);
  }
  return redirect(rooms, { status: 303, headers: answerHeaders });
}

/**
 * The link read before this one, read again: the fields it filled are still the link's to change. None when no link
 * was read yet, or when it can no longer be read (the new link's answer is the one that counts).
 */
async function earlierLink(rpc: AppLoadContext["rpc"], parsedUrl: string) {
  if (parsedUrl.trim() === "") return undefined;
  return rpc.hotelParseUrl({ url: parsedUrl }).catch(() => undefined);
}

function stayAnswer(reply: FormReply, status: number, { linkRead = false } = {}) {
  return replyJson(reply, staySchema, status, { linkRead });
}

export default function OrderScreen() {
  const { t } = useTranslation();
  const { title, values: loaderValues, constraint } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  // A link pasted is read in the background; the form then shows the newest answer, the post's or the reading's.
  const reader = useFetcher<typeof action>();
  const [answer, setAnswer] = useState(posted);
  useEffect(() => setAnswer(posted), [posted]);
  useEffect(() => setAnswer((shown) => reader.data ?? shown), [reader.data]);
  const values = answer ? stayFormFromEcho(answer.result.initialValue) : loaderValues;
  const errors = errorsOf(answer?.result.error);
  // With JavaScript the page does not reload on an answer, so the cursor is taken to the first field to fix, or back
  // to the link a reading has just filled the stay from.
  useEffect(() => {
    if (!answer) return;
    const invalid = document.querySelector<HTMLElement>(".stay-form [aria-invalid]");
    (invalid ?? (answer === reader.data ? document.querySelector<HTMLElement>(".stay-form [name=url]") : null))?.focus();
  }, [answer, reader.data]);
  const readLink = (form: HTMLFormElement) => {
    const data = new FormData(form);
    data.set("intent", "read");
    reader.submit(data, { method: "post" });
  };
  return (
    <div className="order-step">
      <h1>{title}</h1>
      <p className="lead">{t("order.lead")}</p>
      <div className="order-step__layout">
        {/* A new answer remounts the form, so fields the server filled in (and the age fields) show its values. */}
        <StayForm
          key={JSON.stringify(values)}
          values={values}
          errors={errors}
          constraint={constraint}
          linkRead={answer?.linkRead ?? false}
          readingLink={reader.state !== "idle"}
          onLinkPasted={readLink}
        />
        <HotelLinkGuide />
      </div>
    </div>
  );
}

function errorsOf(error: Record<string, string[] | null> | undefined): StayFormErrors {
  const errors: StayFormErrors = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (messages) errors[name] = messages;
  return errors;
}
