import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, RequiredNote } from "~/components/field";
import { LocalizedLink } from "~/components/localized-link";
import { ChosenRooms } from "~/order/chosen-rooms";
import { DuplicateChoice } from "~/screens/order-reservation/duplicate-choice";
import { ConsentFields, CustomerFields, GuestFields } from "~/order-form/customer-fields";
import { HotelSummary } from "~/order/hotel-summary";
import { ExtraFields, PaymentSplit, VoucherFields } from "~/order-form/payment-fields";
import { PriceBreakdown } from "~/order/price-breakdown";
import { OrderErrorSummary, reservationFieldLabels } from "~/order-form/order-error-summary";
import { StayRetry } from "~/screens/order-reservation/stay-retry";
import { StaySummary } from "~/order/stay-summary";
import { EnterUpdatesPrice, OrderFormActions } from "~/order-form/order-form-actions";
import { useTranslation } from "~/i18n/use-translation";
import { roomChoiceQuery } from "~/order/availability-view";
import { methodNamer } from "~/order/payment-method-name";
import { isPaymentField, type ReservationFormValues } from "~/order-form/order-form";
import { reservationAction, reservationHeaders, reservationLoader } from "~/screens/order-reservation/reservation-page.server";
import { shownErrors, useBackgroundReprice } from "~/order-form/use-background-reprice";
import { useOpeningValue } from "~/screens/order-reservation/use-opening-value";
import { screenMeta } from "~/screen-meta";

export const meta = screenMeta;
export const headers = reservationHeaders;

/** The preview as last priced, and the variant's payment methods (reservation-page.server.ts). */
export function loader(args: LoaderFunctionArgs) {
  return reservationLoader(args);
}

/** "update" re-prices the preview; "order" places the order at the total seen (reservation-page.server.ts). */
export function action(args: ActionFunctionArgs) {
  return reservationAction(args);
}

export default function OrderReservationScreen() {
  const { t } = useTranslation();
  const { title, view, form } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { background, backgroundIsNewer, repricing, formHandlers, revisionField } = useBackgroundReprice<
    typeof action
  >(view.previewId, posted, isPaymentField);

  // The loader's form after a background re-price holds the split as that re-price sent it: not the fields' defaults.
  const openingForm = useOpeningValue(form, view.previewId);
  const values = (posted?.result.initialValue ?? openingForm) as ReservationFormValues;
  const errors = shownErrors(posted, background, backgroundIsNewer, isPaymentField);
  const methodName = methodNamer(t, view.methods);
  // The summary above the form speaks for the last post of the whole form, not for background re-prices.
  const postedErrors = backgroundIsNewer ? {} : errors;
  // The cheapest split for the balances the last answer priced; a reload, which sends none, has none.
  const proposal = (backgroundIsNewer ? background?.proposal : posted?.proposal) ?? null;

  return (
    <div className="order-step">
      <h1>{title}</h1>
      {/* Without JavaScript an answer reloads the page at its top: say there, first, what needs fixing. */}
      <OrderErrorSummary
        errors={postedErrors}
        fieldLabels={reservationFieldLabels}
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
          <EnterUpdatesPrice />
          <RequiredNote />
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
          <PaymentSplit
            view={view}
            values={values}
            errors={errors}
            methodName={methodName}
            planner={{ balanceMethodIds: view.balanceMethodIds, proposal }}
          />
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
          <OrderFormActions
            form="reservation-form"
            submitLabel={t("reservation.actions.submit")}
            sendingLabel={t("reservation.actions.sending")}
            repricing={repricing}
          />
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
