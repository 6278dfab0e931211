import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, type FormEvent } from "react";
import type { VoucherOrderPreviewResponse } from "../../gen/dzb/shop/v1/shop_service_pb";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { ErrorList, focusErrorSummary } from "~/components/field";
import { ConsentFields, CustomerFields } from "~/components/order/customer-fields";
import { PaymentSplit } from "~/components/order/payment-fields";
import {
  customerFieldLabel,
  customerFieldLabels,
  OrderErrorSummary,
} from "~/components/order/reservation-error-summary";
import { PendingButton } from "~/components/pending-button";
import {
  GiftFields,
  VoucherDesignFields,
  VoucherExtraFields,
  VoucherPriceSummary,
  VoucherValueFields,
} from "~/components/voucher/purchase-fields";
import { readForm } from "~/form-body.server";
import { replyJson, type FormReply } from "~/form-echo.server";
import { useTranslation } from "~/i18n/use-translation";
import { paymentMessageAt, paymentRequestOf } from "~/order/buyer-form.server";
import { payAtGateway } from "~/order/gateway-payment.server";
import { methodNamer } from "~/order/payment-method-name";
import type { OrderFormValues } from "~/order/reservation-form";
import { shownErrors, useBackgroundReprice } from "~/order/use-background-reprice";
import { viewFormats } from "~/order/view-formats.server";
import { errorCodeOf, formErrorOf, replyErrors } from "~/rpc-form-error.server";
import { screenMeta } from "~/screen-meta";
import { loaderCacheHeaders, notFound, orderCacheControl, screenData, translator } from "~/screen.server";
import { useShop } from "~/shop-data";
import {
  CUSTOM_VALUE,
  isPurchasePriceField,
  recipientFields,
  type PurchasePriceView,
} from "~/voucher/purchase-form";
import {
  previewIdOf,
  purchaseFieldOf,
  purchaseOrderOf,
  purchasePriceSchema,
  purchaseRequestOf,
  purchaseSchema,
} from "~/voucher/purchase-form.server";
import {
  loadVoucherMethods,
  openingFormValues,
  previewOpeningPurchase,
  purchaseOfferView,
  purchasePriceView,
} from "~/voucher/purchase-view.server";
import { languageOf } from "../../shared/route-table";

export const meta = screenMeta;
export const headers = loaderCacheHeaders;

/** Vouchers are sold on the Czech markets only (SPEC §2: the Polish header has no voucher link). */
function requireVoucherShop(context: AppLoadContext) {
  if (!context.variant.sellsVouchers) notFound();
}

/**
 * The purchase as first offered: a new preview of the first preset with the fees on top, which also tells what the
 * form offers (presets, bounds, the extra service's price). Its id goes with every post of the page.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  requireVoucherShop(context);
  const [preview, methods] = await Promise.all([previewOpeningPurchase(context), loadVoucherMethods(context)]);
  const formats = viewFormats(context);
  const t = translator(context);
  const form = openingFormValues(
    preview,
    languageOf(context.locale) === "en" ? "." : ",",
    t(`reservation.customer.marketCountry.${context.variant.currency}`)
  );
  return screenData(
    context,
    "voucher",
    {
      previewId: preview.previewId,
      offer: purchaseOfferView(preview, methods, formats),
      price: purchasePriceView(preview, formats),
      form,
    },
    { cacheControl: orderCacheControl }
  );
}

/**
 * The page's own posts answer with the price they made and keep the preview they priced: asked again, the loader
 * would start a new preview and forget the visitor's choices. A post of another page (the language menu) reloads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod === "POST" && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

/** A post's answer: the form's reply, the preview it priced and its price (null where the purchase could not be priced). */
function answer(reply: FormReply, status: number, previewId: string | null, price: PurchasePriceView | null) {
  return replyJson(reply, purchaseSchema, status, { previewId, price });
}

/** The api's refusals after which the price is re-read, so the customer sees what changed before sending again. */
const repriceCodes = new Set([ErrorCode.PAYMENT_CALCULATION_CHANGED]);

/**
 * Two intents of one form, as the reservation's. Both re-price the preview with the form's priced part first (the
 * api keeps it under the same id). "update" stops there; "order" also needs the buyer (and a gift's recipient) and the
 * very total the customer saw, and only then creates the order: idempotent on the preview, a double post is one order.
 */
export async function action({ context, request }: ActionFunctionArgs) {
  requireVoucherShop(context);
  const t = translator(context);
  const formats = viewFormats(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: purchaseSchema(t) });
  const priced = parseWithZod(formData, { schema: purchasePriceSchema(t) });
  const posted = formData.get("previewId");
  const postedPreviewId = typeof posted === "string" ? previewIdOf({ previewId: posted }) : undefined;
  if (priced.status !== "success") return answer(submission.reply(), 400, postedPreviewId ?? null, null);

  const methods = await loadVoucherMethods(context);
  const currency = context.variant.currency;
  const payment = paymentRequestOf(
    priced.value,
    methods.map((method) => method.methodId),
    currency
  );
  const purchase = purchaseRequestOf(priced.value, payment.request, currency);
  const errorOptions = {
    fieldOf: purchaseFieldOf(payment.values, priced.value),
    messageAt: paymentMessageAt(t, formats.money),
    supportEmail: context.variant.support.email,
  };

  // The preview the page priced, or a new one when the form carries none the api knows.
  let previewId = postedPreviewId;
  const reprice = async (): Promise<VoucherOrderPreviewResponse> => {
    try {
      return await context.rpc.voucherOrderPreview({ ...purchase, previewId });
    } catch (error) {
      if (previewId === undefined || !(error instanceof Response && error.status === 404)) throw error;
      previewId = undefined;
      return context.rpc.voucherOrderPreview(purchase);
    }
  };
  let preview: VoucherOrderPreviewResponse;
  try {
    preview = await reprice();
  } catch (error) {
    return answer(submission.reply(replyErrors(formErrorOf(error, t, errorOptions))), 400, previewId ?? null, null);
  }
  const renewed = preview.previewId !== postedPreviewId;
  const price = purchasePriceView(preview, formats);
  if (submission.status !== "success") return answer(submission.reply(), 400, preview.previewId, price);

  const fields = submission.value;
  switch (fields.intent) {
    case "update":
      return answer(submission.reply(), 200, preview.previewId, price);
    case "order": {
      // Without JavaScript a change is priced only by this post: the order waits for the customer to see the new
      // total. A preview begun anew by this post is one they have not seen either.
      if (fields.seenTotal !== price.totalMinor || renewed) {
        const message =
          fields.seenTotal === undefined || renewed
            ? t("errors.PAYMENT_CALCULATION_CHANGED")
            : t("voucherPurchase.price.changedBeforeOrder", {
                total: price.total,
                seen: formats.money(fields.seenTotal),
              });
        return answer(submission.reply({ formErrors: [message] }), 409, preview.previewId, price);
      }
      let orderId: string;
      try {
        const { voucherOrder } = await context.rpc.voucherOrderCreate(
          purchaseOrderOf(fields, purchase, preview.previewId)
        );
        orderId = voucherOrder?.orderId ?? "";
      } catch (error) {
        const code = errorCodeOf(error);
        const repriced = code !== undefined && repriceCodes.has(code);
        // The stored preview is priced again so that the page shows the price the next post is checked against.
        const shown = repriced ? await reprice().then((again) => purchasePriceView(again, formats), () => price) : price;
        const reply = submission.reply(replyErrors(formErrorOf(error, t, errorOptions)));
        return answer(reply, repriced ? 409 : 400, preview.previewId, shown);
      }
      if (!orderId) throw new Error("VoucherOrderCreate answered without an order");
      // Card and benefit parts are paid at their gateways in turn; an order with none goes to its status page.
      return payAtGateway(context, request, orderId);
    }
  }
}

/** The fields above the payment split, in the order the form shows them, for the error summary. */
function purchaseFieldLabels(t: (key: string) => string, currency: string): [string, string][] {
  const recipient = t("voucherPurchase.gift.recipient");
  return [
    ["value", t("voucherPurchase.value.title")],
    ["customValue", t("voucherPurchase.value.custom")],
    ["feeMode", t("voucherPurchase.feeMode.title")],
    ["design", t("voucherPurchase.design.title")],
    ["extraService", t("voucherPurchase.extras.title")],
    ...recipientFields.map(([name, key]): [string, string] => [name, `${recipient}: ${t(key)}`]),
    ...customerFieldLabels.map(([name, key]): [string, string] => [name, customerFieldLabel(t, currency, key)]),
    ["lastPayment", t("reservation.payment.title")],
  ];
}

export default function VoucherScreen() {
  const { t } = useTranslation();
  const { site } = useShop();
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { background, backgroundIsNewer, repricing, formHandlers } = useBackgroundReprice<typeof action>(
    loaded.previewId,
    posted,
    isPurchasePriceField
  );
  // With JavaScript the page does not reload on an answer, so the cursor is taken to what it says.
  useEffect(() => {
    if (posted) focusErrorSummary();
  }, [posted]);

  const { offer } = loaded;
  const latest = backgroundIsNewer ? background : posted;
  const previewId = latest?.previewId ?? loaded.previewId;
  const price = latest ? latest.price : loaded.price;
  const values = (posted?.result.initialValue ?? loaded.form) as OrderFormValues;
  const errors = shownErrors(posted, background, backgroundIsNewer, isPurchasePriceField);
  const methodName = methodNamer(t, offer.methods);
  const form = {
    ...formHandlers,
    // "Another amount" chosen: the cursor goes to its field, and the price waits for an amount to be typed.
    onChange: (event: FormEvent<HTMLFormElement>) => {
      const target = event.target as HTMLInputElement;
      if (target.name === "value" && target.value === CUSTOM_VALUE) {
        const custom = event.currentTarget.elements.namedItem("customValue") as HTMLInputElement | null;
        custom?.focus();
        if (!custom?.value.trim()) return;
      }
      formHandlers.onChange(event);
    },
  };
  // The summary above the form speaks for the last post of the whole form, not for background re-prices.
  const postedErrors = backgroundIsNewer ? {} : errors;

  return (
    <div className="order-step voucher-purchase">
      <h1>{loaded.title}</h1>
      <p className="voucher-purchase__lead">{t("voucherPurchase.lead")}</p>
      {/* Without JavaScript an answer reloads the page at its top: say there, first, what needs fixing. */}
      <OrderErrorSummary
        errors={postedErrors}
        methods={offer.methods}
        methodName={methodName}
        currencySymbol={offer.currencySymbol}
        fieldLabels={purchaseFieldLabels(t, site.currency)}
      />
      <div className="reservation">
        <Form
          id="voucher-form"
          method="post"
          noValidate
          preventScrollReset
          className="reservation-form voucher-form"
          {...form}
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
          <input type="hidden" name="previewId" value={previewId ?? ""} />
          {price ? <input type="hidden" name="seenTotal" value={price.totalMinor} /> : null}
          <VoucherValueFields offer={offer} values={values} errors={errors} />
          <VoucherDesignFields offer={offer} values={values} errors={errors} />
          <VoucherExtraFields offer={offer} values={values} errors={errors} />
          <GiftFields values={values} errors={errors} />
          <CustomerFields values={values} errors={errors} />
          <PaymentSplit
            view={{
              methods: offer.methods,
              outputs: price?.outputs ?? [],
              currencySymbol: offer.currencySymbol,
              // A voucher is always paid online: there is always something to split.
              price: { paysOnline: true },
            }}
            values={values}
            errors={errors}
            methodName={methodName}
            hint={
              <>
                {/* How an amount is read depends on the fee mode chosen: CSS shows the one that applies. */}
                <p className="split-hint split-hint--value_plus_fees">{t("voucherPurchase.payment.hintValuePlusFees")}</p>
                <p className="split-hint split-hint--fees_included">{t("voucherPurchase.payment.hintFeesIncluded")}</p>
              </>
            }
          />
          <ConsentFields values={values} errors={errors} />
        </Form>
        {/* Beside the form on wide screens, after it on phones; its buttons submit the form by its id. */}
        <aside className="reservation__summary" aria-labelledby="price-title">
          <h2 id="price-title">{t("voucherPurchase.price.title")}</h2>
          <p className="visually-hidden" role="status" aria-live="polite">
            {repricing ? t("reservation.actions.updating") : ""}
          </p>
          <VoucherPriceSummary price={price} methodName={methodName} busy={repricing} />
          {errors[""] ? (
            <div className="form-errors">
              <ErrorList errors={errors[""]} />
            </div>
          ) : null}
          <div className="reservation__actions">
            <PendingButton
              form="voucher-form"
              label={t("reservation.actions.update")}
              pendingLabel={t("reservation.actions.updating")}
              intent="update"
              primary={false}
              busy={repricing}
            />
            <PendingButton
              form="voucher-form"
              label={t("voucherPurchase.actions.submit")}
              pendingLabel={t("voucherPurchase.actions.sending")}
              intent="order"
            />
          </div>
        </aside>
      </div>
    </div>
  );
}
