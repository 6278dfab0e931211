import { useNavigation } from "@remix-run/react";

/**
 * A form's submit button that, with JavaScript, says what is happening while the server works (a slow provider can
 * take seconds): disabled against double posts, its label changed, and the same words in a polite live region for
 * screen readers. Without JavaScript it is a plain submit button and the browser shows its own progress.
 */
export function PendingButton({ label, pendingLabel }: { label: string; pendingLabel: string }) {
  const navigation = useNavigation();
  // Submitting, and then following the action's redirect: both are still the customer's one wait.
  const pending = navigation.state !== "idle" && navigation.formMethod !== undefined;
  return (
    <>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        {pending ? pendingLabel : label}
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {pending ? pendingLabel : ""}
      </p>
    </>
  );
}
