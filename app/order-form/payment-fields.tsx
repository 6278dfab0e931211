import type { ReactNode } from "react";
import { ErrorList, Field, fieldId } from "~/components/field";
import { CheckboxField, type FormErrors } from "~/order-form/customer-fields";
import { useTranslation } from "~/i18n/use-translation";
import { MethodComparison } from "~/order-form/method-comparison";
import { amountName, balanceName } from "~/order-form/payment-form";
import { CheapestSplit } from "~/order-form/cheapest-split";
import type { OrderFormValues } from "~/order-form/order-form";
import type { PaymentOutputView, PriceView, ReservationView, SplitProposalView } from "~/order/reservation-view";

type PaymentFieldsProps = {
  view: ReservationView;
  values: OrderFormValues;
  errors: FormErrors;
  methodName: (methodId: string) => string;
};

/** What the split needs of an order's screen, a stay's or a voucher purchase's. */
export type PaymentSplitView = Pick<ReservationView, "methods" | "outputs" | "quotes" | "currencySymbol"> & {
  price: Pick<PriceView, "paysOnline">;
};

/** Extras: car rental interest, and the cancellation insurance, which the price includes once ticked. */
export function ExtraFields({ view, values, errors }: Omit<PaymentFieldsProps, "methodName">) {
  const { t } = useTranslation();
  const props = { values, errors };
  return (
    <fieldset className="reservation-section">
      <legend>{t("reservation.extras.title")}</legend>
      <CheckboxField
        {...props}
        name="cancellationInsurance"
        label={t("reservation.extras.insurance", { price: view.insurancePrice })}
        hint={t("reservation.extras.insuranceHint")}
      />
      <CheckboxField
        {...props}
        name="carRentalInterest"
        label={t("reservation.extras.carRental")}
        hint={t("reservation.extras.carRentalHint")}
      />
    </fieldset>
  );
}

/** Value vouchers and discount codes, typed into one field; what each applied code does, and why one did not apply. */
export function VoucherFields({ view, values, errors }: Omit<PaymentFieldsProps, "methodName">) {
  const { t } = useTranslation();
  const { credits, units, invalid } = view.vouchers;
  const typed = typeof values.voucherCodes === "string" ? values.voucherCodes : "";
  return (
    <fieldset className="reservation-section">
      <legend>{t("reservation.vouchers.title")}</legend>
      <Field
        name="voucherCodes"
        label={t("reservation.vouchers.codes")}
        hint={t("reservation.vouchers.codesHint")}
        errors={errors.voucherCodes}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            defaultValue={typed}
          />
        )}
      </Field>
      {credits.length + units.length + invalid.length > 0 ? (
        <ul className="voucher-uses" aria-live="polite">
          {credits.map((credit) =>
            credit.unused ? (
              <li key={credit.code} className="condition condition--warning">
                {t(`reservation.vouchers.unused.${credit.unused}`, { code: credit.code })}
              </li>
            ) : (
              <li key={credit.code} className="condition condition--good">
                {t("reservation.vouchers.credit", { code: credit.code, used: credit.used, available: credit.available })}
              </li>
            )
          )}
          {units.map((unit) => (
            <li key={unit.code} className="condition condition--good">
              {t(unit.removesFee ? "reservation.vouchers.noFee" : "reservation.vouchers.discount", {
                code: unit.code,
                amount: unit.discount,
              })}
            </li>
          ))}
          {invalid.map((entry) => (
            <li key={entry.code} className="condition condition--warning">
              {t("reservation.vouchers.invalid", {
                code: entry.code,
                reason: t(`reservation.vouchers.reasons.${entry.reason}`),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

/**
 * The split over the variant's methods (SPEC §3 PaymentRequest): one method pays the rest (a radio), the others pay
 * the amount typed for them, if any. The amount field of the rest-paying method is hidden by CSS, with or without
 * JavaScript, since the server ignores it. A stay paid only at the hotel has nothing to split: the section says so.
 */
export function PaymentSplit({
  view,
  values,
  errors,
  methodName,
  hint,
  planner,
}: Omit<PaymentFieldsProps, "view"> & {
  view: PaymentSplitView;
  /** How the amounts are read, where it differs from a stay's (the default): shown under the section's title. */
  hint?: ReactNode;
  /** The cheapest split for the cards' balances (a stay's): the methods that take a balance, and the proposal. */
  planner?: { balanceMethodIds: readonly string[]; proposal: SplitProposalView | null };
}) {
  const { t } = useTranslation();
  if (!view.price.paysOnline) {
    return (
      <fieldset className="reservation-section payment-split">
        <legend>{t("reservation.payment.title")}</legend>
        <p className="notice" data-testid="nothing-online">
          {t("reservation.payment.nothingOnline")}
        </p>
      </fieldset>
    );
  }
  const chosen = typeof values.lastPayment === "string" ? values.lastPayment : "";
  const amounts = values.amount ?? {};
  const balances = values.balance ?? {};
  const outputs = new Map<string, PaymentOutputView>(view.outputs.map((output) => [output.methodId, output]));
  const restInvalid = (errors.lastPayment?.length ?? 0) > 0;
  const restErrorsId = restInvalid ? `${fieldId("lastPayment")}-errors` : undefined;
  return (
    <fieldset className="reservation-section payment-split" aria-describedby="payment-split-hint">
      <legend>{t("reservation.payment.title")}</legend>
      <div id="payment-split-hint" className="field__hint">
        {hint ?? <p>{t("reservation.payment.hint")}</p>}
      </div>
      <MethodComparison quotes={view.quotes} methodName={methodName} />
      <ErrorList id={restErrorsId} errors={errors.lastPayment} />
      <ul className="payment-methods">
        {view.methods.map((method, index) => {
          const name = methodName(method.methodId);
          const output = outputs.get(method.methodId);
          const amountField = amountName(method.methodId);
          return (
            <li key={method.methodId}>
              {/* The method's name is the group's legend, so a screen reader names it with each control. */}
              <fieldset className="payment-method">
                <legend className="payment-method__name">{name}</legend>
                <label className="payment-method__rest">
                  <input
                    type="radio"
                    // The first choice is where the error summary's link to the split leads.
                    id={index === 0 ? fieldId("lastPayment") : undefined}
                    name="lastPayment"
                    value={method.methodId}
                    defaultChecked={chosen === method.methodId}
                    aria-invalid={restInvalid || undefined}
                    aria-describedby={restErrorsId}
                  />
                  {t("reservation.payment.paysRest")}
                </label>
                <AmountField
                  name={amountField}
                  label={t("reservation.payment.amount", { currency: view.currencySymbol })}
                  errors={errors}
                  typed={amounts[method.methodId]}
                  className="payment-method__amount"
                />
                {planner?.balanceMethodIds.includes(method.methodId) ? (
                  <AmountField
                    name={balanceName(method.methodId)}
                    label={t("reservation.plan.balance", { currency: view.currencySymbol })}
                    errors={errors}
                    typed={balances[method.methodId]}
                    className="payment-method__balance"
                  />
                ) : null}
                {output ? (
                  <p className="payment-method__charged">
                    {t("reservation.payment.charged", { amount: output.charged })}
                    {output.fee ? ` ${t("reservation.price.feeIncluded", { fee: output.fee })}` : null}
                  </p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ul>
      {planner ? <CheapestSplit proposal={planner.proposal} methodName={methodName} /> : null}
    </fieldset>
  );
}

/** An amount of money typed in the currency's units: a method's part, or what a card holds. */
function AmountField({
  name,
  label,
  errors,
  typed,
  className,
}: {
  name: string;
  label: string;
  errors: FormErrors;
  typed: string | undefined;
  className: string;
}) {
  return (
    <Field name={name} label={label} errors={errors[name]} className={className}>
      {(control) => (
        <input {...control} type="text" inputMode="decimal" autoComplete="off" defaultValue={typed ?? ""} />
      )}
    </Field>
  );
}
