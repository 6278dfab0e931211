import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import { minorUnits } from "../../../shared/money";
import { languageOf, localizedPath } from "../../../shared/route-table";
import { readForm } from "~/form-body.server";
import { chooseMethodAlone, takesSplit, withTakenSplit } from "~/order-form/order-form.server";
import type { SplitProposalView } from "~/order/reservation-view";
import { replyJson, type FormReply } from "~/form-echo.server";
import { onToPayment, placings, staleStayCodes } from "~/order/order-placing.server";
import {
  duplicateChoiceOf,
  orderRequestOf,
  paymentRequestOf,
  paymentSchema,
  reservationFieldOf,
  reservationMessageAt,
  reservationSchema,
} from "~/screens/order-reservation/reservation-form.server";
import {
  loadHotelMethods,
  loadPreview,
  reservationFormValues,
  reservationView,
  splitProposalView,
} from "~/order/reservation-view.server";
import { viewFormats } from "~/view-formats.server";
import { errorCodeOf, formErrorOf, replyErrors } from "~/rpc-form-error.server";
import { loaderCacheHeaders, orderCacheControl, requireUuid, screenData, toOrderScreen, translator } from "~/screen.server";

/**
 * The reservation screen's loader and action (route.tsx beside it). They live here, not in the route, so that
 * the route's browser bundle imports one server module (an empty module there) rather than the several other screens
 * import too: each server module shared between screens is an empty chunk of its own on every page that uses it.
 */

/** A customer's stay and prices are never stored. */
export const reservationHeaders = loaderCacheHeaders;

/** The preview as last priced (its split, codes and insurance included), and the variant's payment methods. */
export async function reservationLoader({ context, params }: LoaderFunctionArgs) {
  const previewId = requireUuid(params.previewId);
  const [preview, methods] = await Promise.all([loadPreview(context, previewId), loadHotelMethods(context)]);
  const t = translator(context);
  const currency = context.variant.currency;
  const view = reservationView(preview, methods, viewFormats(context));
  const form = reservationFormValues(
    preview.paymentRequest,
    preview.cancellationInsurance,
    languageOf(context.locale) === "en" ? "." : ",",
    t(`reservation.customer.marketCountry.${currency}`)
  );
  return screenData(context, "orderReservation", { view, form }, { cacheControl: orderCacheControl });
}

/** The api's refusals after which the price is re-read, so the customer sees what changed before sending again. */
const repriceCodes = new Set([ErrorCode.PAYMENT_CALCULATION_CHANGED, ErrorCode.VOUCHER_BALANCE_CHANGED]);

/**
 * Two intents of one form. Both re-price the preview with the form's payment part first (the api stores it, so the
 * page, reloaded, shows that price). "update" stops there; "order" also needs a valid customer part and the very
 * total the customer saw, and only then creates the order (idempotent on the preview: a double post is one order).
 */
export async function reservationAction({ context, params, request }: ActionFunctionArgs) {
  const previewId = requireUuid(params.previewId);
  const t = translator(context);
  const formData = chooseMethodAlone(await readForm(request));
  const takeSplit = takesSplit(formData);
  let submission = parseWithZod(formData, { schema: reservationSchema(t) });
  const payment = parseWithZod(formData, { schema: paymentSchema(t) });
  if (payment.status !== "success") return answer(submission.reply(), 400);

  const methods = await loadHotelMethods(context);
  const formats = viewFormats(context);
  const {
    values,
    request: paymentRequest,
    balances,
  } = paymentRequestOf(
    payment.value,
    methods.map((method) => method.methodId),
    context.variant.currency
  );
  const cancellationInsurance = payment.value.cancellationInsurance ?? false;
  const errorOptions = {
    fieldOf: reservationFieldOf(values),
    messageAt: reservationMessageAt(values, t, formats.money),
    supportEmail: context.variant.support.email,
  };
  const reprice = () =>
    context.rpc.hotelOrderPreview({
      lookup: { case: "previewId", value: previewId },
      paymentRequest,
      cancellationInsurance,
      revision: BigInt(payment.value.revision ?? 0),
      balances,
      takeSplitProposal: takeSplit,
    });

  let total: number;
  let proposal: SplitProposalView | null;
  try {
    const priced = await reprice();
    total = minorUnits(priced.orderPreview?.price?.total);
    const decimalMark = languageOf(context.locale) === "en" ? "." : ",";
    proposal = splitProposalView(priced, formats, decimalMark);
    // The form shows the split the api took, as the customer would have typed it.
    if (takeSplit) {
      submission = parseWithZod(withTakenSplit(formData, priced.paymentRequest, decimalMark), {
        schema: reservationSchema(t),
      });
    }
  } catch (error) {
    return answer(submission.reply(replyErrors(formErrorOf(error, t, errorOptions))), refusalStatus(error, 400));
  }
  if (submission.status !== "success") return answer(submission.reply(), 400, { proposal });

  const fields = submission.value;
  switch (fields.intent) {
    case "update":
      return answer(submission.reply(), 200, { proposal });
    case "order": {
      // Without JavaScript a change of the split is priced only by this post: the order waits for the customer to
      // see the new total, and the page now shows it with what to do. One more send places the order.
      if (fields.seenTotal !== total) {
        const { money } = viewFormats(context);
        const message =
          fields.seenTotal === undefined
            ? t("errors.PAYMENT_CALCULATION_CHANGED")
            : t("reservation.price.changedBeforeOrder", { total: money(total), seen: money(fields.seenTotal) });
        return answer(submission.reply({ formErrors: [message] }), 409);
      }
      let orderId: string;
      let ownerKey: string;
      try {
        const creation = context.rpc.hotelOrderCreate({
          previewId,
          paymentRequest,
          order: orderRequestOf(fields),
          duplicates: duplicateChoiceOf(fields),
        });
        // Without a script the browser shows nothing new while the api checks the hotel's offer: after a moment
        // it is sent to the placing page, which waits on this creation (decision 065).
        if (await placings.handedOver(request, previewId, context.sessionId, creation, context.checkingPageAfterMs)) {
          const placing = localizedPath("orderPlacing", context.locale, context.variant.defaultLocale, { previewId });
          return toOrderScreen(placing);
        }
        const created = await creation;
        const { hotelOrder, unpaidOrdersOfStay } = created;
        // Nothing was ordered yet: the customer chooses what happens to their unpaid order of this stay.
        if (!hotelOrder && unpaidOrdersOfStay.length > 0) {
          const numbers = unpaidOrdersOfStay.map((order) => order.orderNumber);
          return answer(submission.reply(), 409, { unpaidOrders: numbers });
        }
        orderId = hotelOrder?.orderId ?? "";
        ownerKey = created.ownerKey;
      } catch (error) {
        const code = errorCodeOf(error);
        const repriced = code !== undefined && repriceCodes.has(code);
        const staleStay = code !== undefined && staleStayCodes.has(code);
        // The stored preview is priced again so that the page shows the price the next post is checked against.
        if (repriced) await reprice().catch(() => undefined);
        const reply = submission.reply(replyErrors(formErrorOf(error, t, errorOptions)));
        return answer(reply, refusalStatus(error, repriced || staleStay ? 409 : 400), { staleStay });
      }
      if (!orderId) throw new Error("HotelOrderCreate answered without an order");
      // Card and benefit parts are paid at their gateways in turn; an order with none goes to its status page.
      return onToPayment(context, request, orderId, ownerKey);
    }
  }
}

/** A visitor out of voucher code tries is answered 429, as the api answered the web; other refusals as given. */
function refusalStatus(error: unknown, otherwise: number): number {
  return errorCodeOf(error) === ErrorCode.VOUCHER_ATTEMPTS_EXHAUSTED ? 429 : otherwise;
}

/**
 * `unpaidOrders`: the numbers of the customer's unpaid orders of this stay, when they must choose what happens;
 * `proposal`: the cheapest split for the balances the form sent.
 */
function answer(
  reply: FormReply,
  status: number,
  {
    staleStay = false,
    unpaidOrders = [],
    proposal = null,
  }: { staleStay?: boolean; unpaidOrders?: string[]; proposal?: SplitProposalView | null } = {}
) {
  return replyJson(reply, reservationSchema, status, { staleStay, unpaidOrders, proposal });
}
