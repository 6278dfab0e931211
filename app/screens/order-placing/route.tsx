import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { HotelOrderCreateResponse } from "../../../gen/dzb/shop/v1/shop_service_pb";
import { WaitThenReload } from "~/components/streamed-wait";
import { useTranslation } from "~/i18n/use-translation";
import { stayView } from "~/order/availability-view.server";
import type { CallEnd } from "~/order/kept-calls.server";
import { onToPayment, placings, staleStayCodes } from "~/order/order-placing.server";
import { loadPreview } from "~/order/reservation-view.server";
import { errorCodeOf, formErrorOf } from "~/rpc-form-error.server";
import { answerWhileStreaming } from "~/order/waiting-pages.server";
import { screenMeta } from "~/screen-meta";
import {
  deferredScreenData,
  loaderCacheHeaders,
  orderCacheControl,
  requireUuid,
  toOrderScreen,
  translator,
} from "~/screen.server";
import { localizedPath } from "../../../shared/route-table";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;

/**
 * A refusal that came after the customer left the form, and the way on from it: back to the reservation, or, when the
 * rooms are gone or dearer, to step 1 filled in with the same stay (`stayCheck`), to check it afresh.
 */
type Refusal = { problem: string; reservation: string; stayCheck: string | null };

/** What the page shows once the creation has ended: a refusal, or the number of an order another page collected. */
type Outcome = { refusal: Refusal | null; sent: string | null };

/**
 * The placing page (decision 065): the reservation sent without JavaScript comes here when the api takes longer than
 * a moment to make the order (it checks the hotel's offer first). While the creation is under way the page streams
 * "we are sending your order" and, when it has ended, a refresh of itself; loaded again after the end, it answers as
 * the reservation's post would have: on to the payment with the owner key kept, or the refusal in words. A creation
 * this web process does not hold for this visitor (another instance's, one long ended, or a stranger's) is looked up
 * in the api by its preview: the order's number and where its link is (the customer's e-mail), never the order.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const previewId = requireUuid(params.previewId);
  const reservation = localizedPath("orderReservation", context.locale, context.variant.defaultLocale, { previewId });
  const placing = placings.of(previewId, context.sessionId);
  if (!placing) return placedElsewhere(context, previewId, reservation);
  if (placing.ended) return afterTheEnd(context, request, placing.ended, previewId, reservation);
  const ended = answerWhileStreaming(placing.done).then((answer) => answer !== undefined);
  const waiting: Outcome = { refusal: null, sent: null };
  return deferredScreenData(context, "orderPlacing", { ...waiting, ended }, { cacheControl: orderCacheControl });
}

async function afterTheEnd(
  context: AppLoadContext,
  request: Request,
  end: CallEnd<HotelOrderCreateResponse>,
  previewId: string,
  reservation: string
) {
  if ("value" in end) {
    const { hotelOrder, ownerKey } = end.value;
    // No order without one: the customer has unpaid orders of the stay and chooses, on the reservation, what happens.
    if (!hotelOrder) return toOrderScreen(reservation);
    return onToPayment(context, request, hotelOrder.orderId, ownerKey);
  }
  const t = translator(context);
  const { message } = formErrorOf(end.refusal, t, {
    fieldOf: () => undefined,
    supportEmail: context.variant.support.email,
  });
  const code = errorCodeOf(end.refusal);
  const staleStay = code !== undefined && staleStayCodes.has(code);
  const step1 = localizedPath("order", context.locale, context.variant.defaultLocale);
  const stayCheck = staleStay ? `${step1}?${stayView(await loadPreview(context, previewId)).changeQuery}` : null;
  const refusal: Refusal = { problem: message, reservation, stayCheck };
  return endedPage(context, { refusal, sent: null });
}

/**
 * The number of the order the preview made, and that its link is in the customer's e-mail: the page's address may be
 * in anyone's hands (decision 065); none made: the reservation, to be sent again.
 */
async function placedElsewhere(context: AppLoadContext, previewId: string, reservation: string) {
  const { orderNumber } = await loadPreview(context, previewId);
  if (!orderNumber) return toOrderScreen(reservation);
  return endedPage(context, { refusal: null, sent: orderNumber });
}

/** The page once the creation has ended: the outcome shown, nothing more to wait for. */
function endedPage(context: AppLoadContext, outcome: Outcome) {
  return deferredScreenData(context, "orderPlacing", { ...outcome, ended: Promise.resolve(true) }, {
    cacheControl: orderCacheControl,
  });
}

export default function OrderPlacingScreen() {
  const { t } = useTranslation();
  const { title, refusal, sent, ended } = useLoaderData<typeof loader>();
  return (
    <div className="order-step">
      <h1>{title}</h1>
      {refusal ? (
        <Refused refusal={refusal} />
      ) : sent ? (
        <p role="status">{t("order.placing.sent", { number: sent })}</p>
      ) : (
        <WaitThenReload
          waiting={t("order.placing.waiting")}
          ended={ended}
          endedText={t("order.placing.ended")}
          stillWaitingText={t("order.placing.stillWaiting")}
        />
      )}
    </div>
  );
}

function Refused({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="form-errors" role="alert">
        <p>{refusal.problem}</p>
      </div>
      {refusal.stayCheck === null ? (
        <a className="button" href={refusal.reservation}>
          {t("order.placing.backToReservation")}
        </a>
      ) : (
        <>
          <p>{t("reservation.retry.hint")}</p>
          <a className="button" href={refusal.stayCheck}>
            {t("accommodation.stay.change")}
          </a>
        </>
      )}
    </>
  );
}
