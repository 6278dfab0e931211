import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { ErrorSummary, focusErrorSummary } from "~/components/field";
import { HotelSummary } from "~/order/hotel-summary";
import { RoomCard } from "~/screens/order-accommodation/room-card";
import { StaySummary } from "~/order/stay-summary";
import { PendingButton } from "~/components/pending-button";
import { useTranslation } from "~/i18n/use-translation";
import { availabilityView, loadAvailability } from "~/order/availability-view.server";
import { viewFormats } from "~/view-formats.server";
import { chosenProductIds, linkedRoomChoice, roomChoiceMessage, roomChoiceSchema } from "~/screens/order-accommodation/room-choice.server";
import { localizedPath } from "../../../shared/route-table";
import { screenMeta } from "~/screen-meta";
import { loaderCacheHeaders, orderCacheControl, requireUuid, screenData, toOrderScreen, translator } from "~/screen.server";
import { readForm } from "~/form-body.server";
import { replyJson } from "~/form-echo.server";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const availabilityId = requireUuid(params.availabilityId);
  const view = availabilityView(await loadAvailability(context, availabilityId), viewFormats(context));
  const chosen = linkedRoomChoice(view, new URL(request.url).searchParams);
  return screenData(context, "orderAccommodation", { view, chosen }, { cacheControl: orderCacheControl });
}

/**
 * Has the api price the chosen rooms (a new order preview, paid by the variant's cheapest method until the customer
 * splits it), which also checks them against the offer they were chosen from, then goes on to the reservation.
 */
export async function action({ context, params, request }: ActionFunctionArgs) {
  const availabilityId = requireUuid(params.availabilityId);
  const t = translator(context);
  const submission = parseWithZod(await readForm(request), { schema: roomChoiceSchema });
  const refuse = (message: string) => replyJson(submission.reply({ formErrors: [message] }), roomChoiceSchema, 400);
  if (submission.status !== "success") return refuse(t("accommodation.rooms.noLongerChoosable"));

  const productIds = chosenProductIds(submission.value.quantity);
  if (productIds.length === 0) return refuse(t("accommodation.rooms.noneChosen"));

  let previewId: string;
  try {
    ({ previewId } = await context.rpc.hotelOrderPreview({
      lookup: { case: "specification", value: { availabilityId, productIds } },
      // No method named: the api prices it with the variant's cheapest until the customer chooses.
      paymentRequest: { voucherCodes: [], lastPayment: "", payments: [] },
      cancellationInsurance: false,
    }));
  } catch (error) {
    // The 404 page the client throws for an availability the api does not know is thrown on, as any non-api error.
    return refuse(roomChoiceMessage(error, t, context.variant.support.email));
  }
  const reservation = localizedPath("orderReservation", context.locale, context.variant.defaultLocale, {
    previewId,
  });
  return toOrderScreen(reservation);
}

export default function OrderAccommodationScreen() {
  const { t } = useTranslation();
  const { title, view, chosen: linked } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A refused choice shows what was posted; else what the reservation came back with ("back to the rooms").
  const chosen = answer ? quantitiesOf(answer.result.initialValue) : linked;
  // With JavaScript the page does not reload on an answer, so the cursor is taken to what it says.
  useEffect(() => {
    if (answer) focusErrorSummary();
  }, [answer]);
  return (
    <div className="order-step">
      <h1>{title}</h1>
      {/* First on the screen: the answer to a post opens at its top, wherever the button was. */}
      <ErrorSummary messages={answer?.result.error?.[""] ?? []} />
      <div className="accommodation__overview">
        <HotelSummary hotel={view.hotel} />
        <StaySummary stay={view.stay} />
      </div>
      <Form method="post" className="room-choice" aria-labelledby="room-choice-title">
        <h2 id="room-choice-title">{t("accommodation.rooms.title")}</h2>
        <p className="field__hint">{t("accommodation.rooms.hint")}</p>
        {view.rooms.map((room) => (
          <RoomCard key={room.roomId} room={room} nights={view.stay.nights} chosen={chosen} />
        ))}
        <div className="room-choice__actions">
          <PendingButton label={t("accommodation.rooms.submit")} pendingLabel={t("order.form.pending")} />
        </div>
      </Form>
    </div>
  );
}

/** The quantities as conform echoed them back: `{ quantity: { "123_4": "1" } }`. */
function quantitiesOf(echo: Record<string, unknown> | null | undefined): Record<string, string> {
  const quantity = echo?.quantity;
  return typeof quantity === "object" && quantity !== null ? (quantity as Record<string, string>) : {};
}
