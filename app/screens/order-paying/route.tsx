import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WaitThenReload } from "~/components/streamed-wait";
import { useTranslation } from "~/i18n/use-translation";
import { outcomeNamed, paymentStarts, statusRedirect, toGateway } from "~/order/gateway-payment.server";
import { answerWhileStreaming } from "~/order/waiting-pages.server";
import { screenMeta } from "~/screen-meta";
import { deferredScreenData, loaderCacheHeaders, orderCacheControl, requireUuid } from "~/screen.server";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;

/**
 * The paying page (decision 068): "Pay now", the reservation or a gateway's return, asked without JavaScript, come
 * here when the gateway takes longer than a moment to start the payment. While it is under way the page streams "we
 * are connecting you to the gateway" and, when it has ended, a refresh of itself; loaded again after the end, it
 * sends the visitor where the post would have: to the gateway, or to the status page with what went wrong. The query's
 * `outcome` is what the status page is to say after a gateway's return. Nothing kept for this visitor (a start already
 * answered, another web instance's, a stranger's address) is the status page, where "Pay now" tries again.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const orderId = requireUuid(params.id);
  const after = outcomeNamed(new URL(request.url).searchParams.get("outcome"));
  const paying = paymentStarts.of(orderId, context.sessionId);
  if (!paying) return statusRedirect(context, orderId, { outcome: after });
  if (paying.ended) {
    // Answered once: back from the gateway, the page is the status page again, not the gateway a second time.
    paymentStarts.forget(orderId, paying);
    return toGateway(context, orderId, paying.ended, after);
  }
  const ended = answerWhileStreaming(paying.done).then((answer) => answer !== undefined);
  return deferredScreenData(context, "orderPaying", { ended }, { cacheControl: orderCacheControl });
}

export default function OrderPayingScreen() {
  const { t } = useTranslation();
  const { title, ended } = useLoaderData<typeof loader>();
  return (
    <div className="order-step">
      <h1>{title}</h1>
      <WaitThenReload
        waiting={t("order.paying.waiting")}
        ended={ended}
        endedText={t("order.paying.ended")}
        stillWaitingText={t("order.paying.stillWaiting")}
      />
    </div>
  );
}
