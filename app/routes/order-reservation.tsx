import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { ErrorList, focusErrorSummary } from "~/components/field";
import { LocalizedLink } from "~/components/localized-link";
import { ChosenRooms } from "~/components/order/chosen-rooms";
import { DuplicateChoice } from "~/components/order/duplicate-choice";
import { ConsentFields, CustomerFields, GuestFields } from "~/components/order/customer-fields";
import { HotelSummary } from "~/components/order/hotel-summary";
import { ExtraFields, PaymentSplit, VoucherFields } from "~/components/order/payment-fields";
import { PriceBreakdown } from "~/components/order/price-breakdown";
import { ReservationErrorSummary } from "~/components/order/reservation-error-summary";
import { StayRetry } from "~/components/order/stay-retry";
import { StaySummary } from "~/components/order/stay-summary";
import { PendingButton } from "~/components/pending-button";
import { useTranslation } from "~/i18n/use-translation";
import { roomChoiceQuery } from "~/order/availability-view";
import { viewFormats } from "~/order/view-formats.server";
import { minorUnits } from "../../shared/money";
import { payAtGateway } from "~/order/gateway-payment.server";
import { methodNamer } from "~/order/payment-method-name";
import { isPaymentField, type ReservationFormValues } from "~/order/reservation-form";
import { shownErrors, useBackgroundReprice } from "~/order/use-background-reprice";
import {
  duplicateChoiceOf,
  orderRequestOf,
  paymentRequestOf,
  paymentSchema,
  reservationFieldOf,
  reservationMessageAt,
  reservationSchema,
} from "~/order/reservation-form.server";
import { loadHotelMethods, loadPreview, reservationFormValues, reservationView } from "~/order/reservation-view.server";
import { languageOf } from "../../shared/route-table";
import { errorCodeOf, formErrorOf, replyErrors } from "~/rpc-form-error.server";
import { screenMeta } from "~/screen-meta";
import { loaderCacheHeaders, orderCacheControl, requireUuid, screenData, translator } from "~/screen.server";
import { readForm } from "~/form-body.server";
import { replyJson, type FormReply } from "~/form-echo.server";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;

/** The preview as last priced (its split, codes and insurance included), and the variant's payment methods. */
export async function loader({ context, params }: LoaderFunctionArgs) {
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

/** The api's refusals that mean this stay cannot be booked as previewed: only a fresh availability check helps. */
const staleStayCodes = new Set([ErrorCode.ORDER_PRICE_INCREASED, ErrorCode.ORDER_ACCOMMODATION_UNAVAILABLE]);
/** The api's refusals after which the price is re-read, so the customer sees what changed before sending again. */
const repriceCodes = new Set([ErrorCode.PAYMENT_CALCULATION_CHANGED, ErrorCode.VOUCHER_BALANCE_CHANGED]);

/**
 * Two intents of one form. Both re-price the preview with the form's payment part first (the api stores it, so the
 * page, reloaded, shows that price). "update" stops there; "order" also needs a valid customer part and the very
 * total the customer saw, and only then creates the order (idempotent on the preview: a double post is one order).
 */
export async function action({ context, params, request }: ActionFunctionArgs) {
  const previewId = requireUuid(params.previewId);
  const t = translator(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: reservationSchema(t) });
  const payment = parseWithZod(formData, { schema: paymentSchema(t) });
  if (payment.status !== "success") return answer(submission.reply(), 400);

  const methods = await loadHotelMethods(context);
  const { values, request: paymentRequest } = paymentRequestOf(
    payment.value,
    methods.map((method) => method.methodId),
    context.variant.currency
  );
  const cancellationInsurance = payment.value.cancellationInsurance ?? false;
  const errorOptions = {
    fieldOf: reservationFieldOf(values),
    messageAt: reservationMessageAt(values, t, viewFormats(context).money),
    supportEmail: context.variant.support.email,
  };
  const reprice = () =>
    context.rpc.hotelOrderPreview({
      lookup: { case: "previewId", value: previewId },
      paymentRequest,
      cancellationInsurance,
      revision: BigInt(payment.value.revision ?? 0),
    });

  let total: number;
  try {
    total = minorUnits((await reprice()).orderPreview?.price?.total);
  } catch (error) {
    return answer(submission.reply(replyErrors(formErrorOf(error, t, errorOptions))), refusalStatus(error, 400));
  }
  if (submission.status !== "success") return answer(submission.reply(), 400);

  const fields = submission.value;
  switch (fields.intent) {
    case "update":
      return answer(submission.reply(), 200);
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
      try {
        const { hotelOrder, unpaidOrdersOfStay } = await context.rpc.hotelOrderCreate({
          previewId,
          paymentRequest,
          order: orderRequestOf(fields),
          duplicates: duplicateChoiceOf(fields),
        });
        // Nothing was ordered yet: the customer chooses what happens to their unpaid order of this stay.
        if (!hotelOrder && unpaidOrdersOfStay.length > 0) {
          const numbers = unpaidOrdersOfStay.map((order) => order.orderNumber);
          return answer(submission.reply(), 409, false, numbers);
        }
        orderId = hotelOrder?.orderId ?? "";
      } catch (error) {
        const code = errorCodeOf(error);
        const repriced = code !== undefined && repriceCodes.has(code);
        const staleStay = code !== undefined && staleStayCodes.has(code);
        // The stored preview is priced again so that the page shows the price the next post is checked against.
        if (repriced) await reprice().catch(() => undefined);
        const reply = submission.reply(replyErrors(formErrorOf(error, t, errorOptions)));
        return answer(reply, refusalStatus(error, repriced || staleStay ? 409 : 400), staleStay);
      }
      if (!orderId) throw new Error("HotelOrderCreate answered without an order");
      // Card and benefit parts are paid at their gateways in turn; an order with none goes to its status page.
      return payAtGateway(context, request, orderId);
    }
  }
}

/** A visitor out of voucher code tries is answered 429, as the api answered the web; other refusals as given. */
function refusalStatus(error: unknown, otherwise: number): number {
  return errorCodeOf(error) === ErrorCode.VOUCHER_ATTEMPTS_EXHAUSTED ? 429 : otherwise;
}

/** `unpaidOrders`: the numbers of the customer's unpaid orders of this stay, when they must choose what happens. */
function answer(reply: FormReply, status: number, staleStay = false, unpaidOrders: string[] = []) {
  return replyJson(reply, reservationSchema, status, { staleStay, unpaidOrders });
}

export default function OrderReservationScreen() {
  const { t } = useTranslation();
  const { title, view, form } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { background, backgroundIsNewer, repricing, formHandlers, revisionField } = useBackgroundReprice<
    typeof action
  >(view.previewId, posted, isPaymentField);
  // With JavaScript the page does not reload on an answer, so the cursor is taken to what it says.
  useEffect(() => {
    if (posted) focusErrorSummary();
  }, [posted]);

  const values = (posted?.result.initialValue ?? form) as ReservationFormValues;
  const errors = shownErrors(posted, background, backgroundIsNewer, isPaymentField);
  const methodName = methodNamer(t, view.methods);
  // The summary above the form speaks for the last post of the whole form, not for background re-prices.
  const postedErrors = backgroundIsNewer ? {} : errors;

  return (
    <div className="order-step">
      <h1>{title}</h1>
      {/* Without JavaScript an answer reloads the page at its top: say there, first, what needs fixing. */}
      <ReservationErrorSummary
        errors={postedErrors}
        methods={view.methods}
        methodName={methodName}
        currencySymbol={view.currencySymbol}
      />
      <div className="accommodation__overview">
        <HotelSummary hotel={view.hotel} />
        <StaySummary stay={view.stay} />
      </div>
      <div className="reservation">
        <Form
          id="reservation-form"
          method="post"
          noValidate
          preventScrollReset
          className="reservation-form"
          {...formHandlers}
        >
          {/* First in the form, so Enter in any field updates the price and never places the order. */}
          <button
            type="submit"
            name="intent"
            value="update"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          >
            {t("reservation.actions.update")}
          </button>
          <input type="hidden" name="seenTotal" value={view.price.totalMinor} />
          {/* Set as the form is sent with JavaScript; a post without it (no JavaScript) is always the latest. */}
          <input type="hidden" name="revision" defaultValue="" ref={revisionField} />
          <ChosenRooms rooms={view.rooms} total={view.price.base}>
            <LocalizedLink
              to="orderAccommodation"
              params={{ availabilityId: view.availabilityId }}
              search={roomChoiceQuery(view.rooms.map((room) => room.productId))}
            >
              {t("reservation.backToRooms")}
            </LocalizedLink>
          </ChosenRooms>
          <CustomerFields values={values} errors={errors} />
          <GuestFields values={values} errors={errors} />
          <ExtraFields view={view} values={values} errors={errors} />
          <VoucherFields view={view} values={values} errors={errors} />
          <PaymentSplit view={view} values={values} errors={errors} methodName={methodName} />
          <ConsentFields values={values} errors={errors} />
        </Form>
        {/* Beside the form on wide screens, after it on phones; its buttons submit the form by its id. */}
        <aside className="reservation__summary" aria-labelledby="price-title">
          <h2 id="price-title">{t("reservation.price.title")}</h2>
          <p className="visually-hidden" role="status" aria-live="polite">
            {repricing ? t("reservation.actions.updating") : ""}
          </p>
          <PriceBreakdown price={view.price} outputs={view.outputs} methodName={methodName} busy={repricing} />
          <ReservationNotes view={view} />
          {errors[""] ? (
            <div className="form-errors">
              <ErrorList errors={errors[""]} />
            </div>
          ) : null}
          {posted?.staleStay ? <StayRetry changeQuery={view.stay.changeQuery} /> : null}
          {posted && posted.unpaidOrders.length > 0 ? <DuplicateChoice numbers={posted.unpaidOrders} /> : null}
          <div className="reservation__actions">
            <PendingButton
              form="reservation-form"
              label={t("reservation.actions.update")}
              pendingLabel={t("reservation.actions.updating")}
              intent="update"
              primary={false}
              busy={repricing}
            />
            <PendingButton
              form="reservation-form"
              label={t("reservation.actions.submit")}
              pendingLabel={t("reservation.actions.sending")}
              intent="order"
            />
          </div>
        </aside>
      </div>
    </div>
  );
}

/** What the customer must know before paying: where it is paid, and when transfer-paid rooms are booked. */
function ReservationNotes({ view }: { view: { isPayAtProperty: boolean; bookOnlyAfterPayment: boolean } }) {
  const { t } = useTranslation();
  if (!view.isPayAtProperty && !view.bookOnlyAfterPayment) return null;
  return (
    <ul className="reservation__notes">
      {view.isPayAtProperty ? <li className="notice">{t("reservation.price.payAtProperty")}</li> : null}
      {view.bookOnlyAfterPayment ? <li className="notice">{t("reservation.price.bookAfterTransfer")}</li> : null}
    </ul>
  );
}
