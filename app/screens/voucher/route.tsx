import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { FormEvent } from "react";
import { ErrorList, RequiredNote } from "~/components/field";
import { ConsentFields, CustomerFields } from "~/order-form/customer-fields";
import { PaymentSplit } from "~/order-form/payment-fields";
import {
  customerFieldLabels,
  OrderErrorSummary,
  type FieldLabelKey,
} from "~/order-form/order-error-summary";
import { EnterUpdatesPrice, OrderFormActions } from "~/order-form/order-form-actions";
import {
  GiftFields,
  VoucherDesignFields,
  VoucherExtraFields,
  VoucherPriceSummary,
  VoucherValueFields,
} from "~/screens/voucher/purchase-fields";
import { useTranslation } from "~/i18n/use-translation";
import { methodNamer } from "~/order/payment-method-name";
import type { OrderFormValues } from "~/order-form/order-form";
import { shownErrors, useBackgroundReprice } from "~/order-form/use-background-reprice";
import { screenMeta } from "~/screen-meta";
import { CUSTOM_VALUE, isPurchasePriceField, recipientFields } from "~/screens/voucher/purchase-form";
import { purchaseAction, purchaseHeaders, purchaseLoader } from "~/screens/voucher/purchase-page.server";

export const meta = screenMeta;
export const headers = purchaseHeaders;

/**
 * The purchase as first offered: a new preview of the first preset with the fees on top, which also tells what the
 * form offers. Its id goes with every post of the page (purchase-page.server.ts).
 */
export function loader(args: LoaderFunctionArgs) {
  return purchaseLoader(args);
}

/** "update" re-prices the preview; "order" orders it at the total seen, then to the gateway (purchase-page.server.ts). */
export function action(args: ActionFunctionArgs) {
  return purchaseAction(args);
}

/**
 * The page's own posts answer with the price they made and keep the preview they priced: asked again, the loader
 * would start a new preview and forget the visitor's choices. A post of another page (the language menu) reloads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod === "POST" && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

/** The fields above the payment split, in the order the form shows them, for the error summary. */
const purchaseFieldLabels: FieldLabelKey[] = [
  ["value", "voucherPurchase.value.title"],
  ["customValue", "voucherPurchase.value.custom"],
  ["feeMode", "voucherPurchase.feeMode.title"],
  ["design", "voucherPurchase.design.title"],
  ["extraService", "voucherPurchase.extras.title"],
  ...recipientFields.map(([name, key]): FieldLabelKey => [name, key, "voucherPurchase.gift.recipient"]),
  ...customerFieldLabels,
  ["lastPayment", "reservation.payment.title"],
];

export default function VoucherScreen() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { background, backgroundIsNewer, repricing, formHandlers } = useBackgroundReprice<typeof action>(
    loaded.previewId,
    posted,
    isPurchasePriceField
  );

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
        fieldLabels={purchaseFieldLabels}
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
          <EnterUpdatesPrice />
          <RequiredNote />
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
              quotes: price?.quotes ?? [],
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
          <OrderFormActions
            form="voucher-form"
            submitLabel={t("voucherPurchase.actions.submit")}
            sendingLabel={t("voucherPurchase.actions.sending")}
            repricing={repricing}
          />
        </aside>
      </div>
    </div>
  );
}
