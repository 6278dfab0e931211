import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { ErrorCode } from "../../../gen/dzb/shop/v1/errors_pb";
import type { VoucherOrderPreviewResponse } from "../../../gen/dzb/shop/v1/shop_service_pb";
import { languageOf } from "../../../shared/route-table";
import { readForm } from "~/form-body.server";
import { replyJson, type FormReply } from "~/form-echo.server";
import { chooseMethodAlone, paymentMessageAt, paymentRequestOf } from "~/order-form/order-form.server";
import { payAtGateway } from "~/order/gateway-payment.server";
import { viewFormats } from "~/view-formats.server";
import { errorCodeOf, formErrorOf, replyErrors } from "~/rpc-form-error.server";
import { loaderCacheHeaders, notFound, orderCacheControl, screenData, translator } from "~/screen.server";
import type { PurchasePriceView } from "~/screens/voucher/purchase-form";
import {
  previewIdOf,
  purchaseFieldOf,
  purchaseOrderOf,
  purchasePriceSchema,
  purchaseRequestOf,
  purchaseSchema,
} from "~/screens/voucher/purchase-form.server";
import {
  loadVoucherMethods,
  openingFormValues,
  previewOpeningPurchase,
  purchaseOfferView,
  purchasePriceView,
} from "~/screens/voucher/purchase-view.server";

/**
 * The voucher purchase screen's loader and action (route.tsx beside it). They live here, not in the route, so that the
 * route's browser bundle imports one server module (an empty module there) rather than the several that other order
 * screens import too: each server module shared between screens is an empty chunk of its own on every page that uses it.
 */

/** The page carries its loader's Cache-Control: a customer's details and prices are never stored. */
export const purchaseHeaders = loaderCacheHeaders;

/** Vouchers are sold on the Czech markets only (SPEC §2: the Polish header has no voucher link). */
function requireVoucherShop(context: AppLoadContext) {
  if (!context.variant.sellsVouchers) notFound();
}

/**
 * The purchase as first offered: a new preview of the first preset with the fees on top, which also tells what the
 * form offers (presets, bounds, the extra service's price). Its id goes with every post of the page.
 */
export async function purchaseLoader({ context }: LoaderFunctionArgs) {
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
export async function purchaseAction({ context, request }: ActionFunctionArgs) {
  requireVoucherShop(context);
  const t = translator(context);
  const formats = viewFormats(context);
  const formData = chooseMethodAlone(await readForm(request));
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
