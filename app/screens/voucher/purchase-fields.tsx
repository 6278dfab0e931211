import type { ReactNode } from "react";
import { ErrorList, Field, fieldId } from "~/components/field";
import { CheckboxField, TextField, phoneExamples, type FormErrors } from "~/order-form/customer-fields";
import { PaymentOutputLines } from "~/order-form/payment-output-lines";
import { VoucherPrice } from "~/order/voucher-price";
import { useTranslation } from "~/i18n/use-translation";
import type { OrderFormValues } from "~/order-form/order-form";
import { useShop } from "~/shop-data";
import {
  CUSTOM_VALUE,
  feeModes,
  recipientFields,
  type PurchaseOfferView,
  type PurchasePriceView,
} from "~/screens/voucher/purchase-form";
import { voucherDesignDrawing } from "../../../shared/voucher-designs";

type FieldsProps = { values: OrderFormValues; errors: FormErrors };

/** `amount`: the label is a price, kept to one line. */
type Choice = { value: string; label: string; hint?: string; decoration?: ReactNode; amount?: boolean };

/**
 * One choice among several as radios: a group with its legend, each choice a label the whole of which can be clicked
 * (a tile), its hint tied to it, and the group's errors tied to every radio. The first radio carries the field's id,
 * where the error summary's link leads.
 */
function RadioChoices({
  values,
  errors,
  name,
  legend,
  choices,
  className,
}: FieldsProps & { name: string; legend: string; choices: Choice[]; className: string }) {
  const chosen = typeof values[name] === "string" ? values[name] : "";
  const invalid = (errors[name]?.length ?? 0) > 0;
  const errorsId = invalid ? `${fieldId(name)}-errors` : undefined;
  return (
    <fieldset className={`radio-choices ${className}`}>
      <legend className="radio-choices__legend">{legend}</legend>
      <ErrorList id={errorsId} errors={errors[name]} />
      <div className="radio-choices__options">
        {choices.map((choice, index) => {
          const id = index === 0 ? fieldId(name) : `${fieldId(name)}-${choice.value}`;
          const hintId = choice.hint ? `${id}-hint` : undefined;
          return (
            <label key={choice.value} className="radio-choice" htmlFor={id}>
              <input
                type="radio"
                id={id}
                name={name}
                value={choice.value}
                defaultChecked={chosen === choice.value}
                aria-invalid={invalid || undefined}
                aria-describedby={[hintId, errorsId].filter(Boolean).join(" ") || undefined}
              />
              {choice.decoration}
              <span className={choice.amount ? "radio-choice__label radio-choice__label--amount" : "radio-choice__label"}>
                {choice.label}
              </span>
              {choice.hint ? (
                <span id={hintId} className="radio-choice__hint">
                  {choice.hint}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The value (SPEC §9 presets, or another amount in whole units within the api's bounds) and how the fees count: on
 * top of the voucher, or taken from the amount. The custom amount's field shows once "another amount" is chosen (CSS).
 */
export function VoucherValueFields({ offer, values, errors }: FieldsProps & { offer: PurchaseOfferView }) {
  const { t } = useTranslation();
  const props = { values, errors };
  const custom = typeof values.customValue === "string" ? values.customValue : "";
  return (
    <div className="reservation-section voucher-value">
      <RadioChoices
        {...props}
        name="value"
        legend={t("voucherPurchase.value.title")}
        className="voucher-value__presets"
        choices={[
          ...offer.presets.map((preset) => ({ value: preset.choice, label: preset.label, amount: true })),
          { value: CUSTOM_VALUE, label: t("voucherPurchase.value.custom") },
        ]}
      />
      <Field
        name="customValue"
        label={t("voucherPurchase.value.customAmount", { currency: offer.currencySymbol })}
        hint={t("voucherPurchase.value.customHint", { min: offer.minValue, max: offer.maxValue })}
        errors={errors.customValue}
        className="voucher-value__custom"
      >
        {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" defaultValue={custom} />}
      </Field>
      <RadioChoices
        {...props}
        name="feeMode"
        legend={t("voucherPurchase.feeMode.title")}
        className="radio-choices--minor voucher-fee-mode"
        choices={feeModes.map((mode) => ({
          value: mode,
          label: t(`voucherPurchase.feeMode.${mode}`),
          hint: t(`voucherPurchase.feeMode.${mode}Hint`),
        }))}
      />
    </div>
  );
}

/**
 * The design the voucher's PDF is printed in (shared/voucher-designs.ts), each shown by the drawing its printed artwork
 * is made from; the label names it, so the picture is decoration.
 */
export function VoucherDesignFields({ offer, values, errors }: FieldsProps & { offer: PurchaseOfferView }) {
  const { t } = useTranslation();
  return (
    <div className="reservation-section voucher-design">
      <RadioChoices
        values={values}
        errors={errors}
        name="design"
        legend={t("voucherPurchase.design.title")}
        className="voucher-design__choices"
        choices={offer.designs.map((design) => ({
          value: design,
          label: t(`voucherPurchase.design.${design}`),
          decoration: (
            <img className="design-thumbnail" src={voucherDesignDrawing(design)} alt="" width={80} height={50} />
          ),
        }))}
      />
      <p className="field__hint">{t("voucherPurchase.design.hint")}</p>
    </div>
  );
}

/** The optional extra service at the price the api offers it; nothing where it is not offered. */
export function VoucherExtraFields({ offer, values, errors }: FieldsProps & { offer: PurchaseOfferView }) {
  const { t } = useTranslation();
  if (!offer.extraServicePrice) return null;
  return (
    <fieldset className="reservation-section">
      <legend>{t("voucherPurchase.extras.title")}</legend>
      <CheckboxField
        values={values}
        errors={errors}
        name="extraService"
        label={t("voucherPurchase.extras.extraService", { price: offer.extraServicePrice })}
        hint={t("voucherPurchase.extras.extraServiceHint")}
      />
    </fieldset>
  );
}

const requiredRecipientFields = new Set(["recipientFirstName", "recipientLastName", "recipientEmail"]);

/**
 * The gift box and its recipient (SPEC §3 PresentFor), used for support only. The recipient's fields show once the box
 * is ticked (CSS, so also without JavaScript); the form asks for them only then.
 */
export function GiftFields({ values, errors }: FieldsProps) {
  const { t } = useTranslation();
  const { site } = useShop();
  const props = { values, errors };
  const types: Partial<Record<string, "email" | "tel">> = { recipientEmail: "email", recipientMobile: "tel" };
  return (
    <fieldset className="reservation-section">
      <legend>{t("voucherPurchase.gift.title")}</legend>
      <CheckboxField {...props} name="asGift" label={t("voucherPurchase.gift.asGift")} />
      <fieldset className="recipient-fields">
        <legend>{t("voucherPurchase.gift.recipient")}</legend>
        <p className="field__hint">{t("voucherPurchase.gift.hint")}</p>
        <div className="form-grid">
          {recipientFields.map(([name, labelKey]) => (
            <TextField
              key={name}
              {...props}
              name={name}
              label={t(labelKey)}
              type={types[name]}
              required={requiredRecipientFields.has(name)}
              // The recipient is someone else: the browser must not fill in the buyer's own details.
              autoComplete="off"
              hint={
                name === "recipientMobile"
                  ? t("reservation.customer.example", { example: phoneExamples[site.currency] })
                  : name === "recipientStreet"
                    ? t("voucherPurchase.gift.addressHint")
                    : undefined
              }
            />
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}

/**
 * The purchase's price and what each method is charged. Without a price (the value cannot be priced as it stands),
 * says when there will be one.
 */
export function VoucherPriceSummary({
  price,
  methodName,
  busy,
}: {
  price: PurchasePriceView | null;
  methodName: (methodId: string) => string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  if (!price) {
    return (
      <p className="notice" data-testid="price-unavailable">
        {t("voucherPurchase.price.unavailable")}
      </p>
    );
  }
  return (
    <VoucherPrice price={price} busy={busy}>
      <PaymentOutputLines outputs={price.outputs} methodName={methodName} />
    </VoucherPrice>
  );
}
