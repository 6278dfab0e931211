import { useNavigation } from "@remix-run/react";

type PendingButtonProps = {
  label: string;
  pendingLabel: string;
  /** For a form with several buttons: the button posts `intent={intent}`, and only its own post makes it pending. */
  intent?: string;
  /** The main action is the primary button; a form's other buttons are plain. */
  primary?: boolean;
  /** Pending for a reason the navigation does not show, such as a background post of the same form. */
  busy?: boolean;
  /** The id of the form it submits, when the button stands outside it. */
  form?: string;
};

/**
 * A form's submit button that, with JavaScript, says what is happening while the server works (a slow provider can
 * take seconds): disabled against double posts, its label changed, and the same words in a polite live region for
 * screen readers. Without JavaScript it is a plain submit button and the browser shows its own progress.
 */
export function PendingButton({ label, pendingLabel, intent, primary = true, busy = false, form }: PendingButtonProps) {
  const navigation = useNavigation();
  // Submitting, and then following the action's redirect: both are still the customer's one wait.
  const submitting = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const pending = busy || (submitting && (intent === undefined || navigation.formData?.get("intent") === intent));
  return (
    <>
      <button
        type="submit"
        form={form}
        name={intent === undefined ? undefined : "intent"}
        value={intent}
        className={primary ? "button button--primary" : "button"}
        disabled={submitting}
      >
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        {pending ? pendingLabel : label}
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {pending ? pendingLabel : ""}
      </p>
    </>
  );
}
