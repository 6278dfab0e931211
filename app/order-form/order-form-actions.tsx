import { PendingButton } from "~/components/pending-button";
import { useTranslation } from "~/i18n/use-translation";

type OrderFormActionsProps = {
  /** The id of the order form the buttons submit from beside it. */
  form: string;
  /** The order button's words, and what it says while the order is sent. */
  submitLabel: string;
  sendingLabel: string;
  /** A background re-price is under way. */
  repricing: boolean;
};

/** An order form's two intents beside its price: update the price, or place the order at the price shown. */
export function OrderFormActions({ form, submitLabel, sendingLabel, repricing }: OrderFormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="reservation__actions">
      <PendingButton
        form={form}
        label={t("reservation.actions.update")}
        pendingLabel={t("reservation.actions.updating")}
        intent="update"
        primary={false}
        busy={repricing}
      />
      <PendingButton form={form} label={submitLabel} pendingLabel={sendingLabel} intent="order" />
    </div>
  );
}

/**
 * The first button of an order form, hidden: Enter in any field presses a form's first submit button, so Enter
 * updates the price and never places the order.
 */
export function EnterUpdatesPrice() {
  const { t } = useTranslation();
  return (
    <button type="submit" name="intent" value="update" className="visually-hidden" tabIndex={-1} aria-hidden="true">
      {t("reservation.actions.update")}
    </button>
  );
}
