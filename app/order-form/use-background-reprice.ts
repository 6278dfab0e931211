import { useFetcher } from "@remix-run/react";
import { focusErrorSummary } from "~/components/field";
import { useEffect, useRef, useState, type FormEvent } from "react";

/** How long typing in an amount may pause before the price follows it. */
const AMOUNT_DEBOUNCE_MS = 700;

/**
 * With JavaScript, a change of an order form's priced part (`isPriced`: the reservation's payment part, a voucher's
 * value and payment) re-prices the order in the background, the way "Update price" would without it. Returns the
 * background answer, whether it is newer than the last post of the whole form (`posted`), whether one is on its way,
 * and what the form needs: its event handlers and the revision field. It also takes the cursor to a post's answer.
 */
export function useBackgroundReprice<Action>(previewId: string, posted: unknown, isPriced: (name: string) => boolean) {
  const fetcher = useFetcher<Action>({ key: `order-price-${previewId}` });
  const [backgroundIsNewer, setBackgroundIsNewer] = useState(false);
  useEffect(() => setBackgroundIsNewer(fetcher.data !== undefined), [fetcher.data]);
  useEffect(() => setBackgroundIsNewer(false), [posted]);
  // With JavaScript the page does not reload on an answer, so the cursor is taken to what it says: once the screen
  // shows the post's answer, not while an earlier background answer still speaks for the form.
  useEffect(() => {
    if (posted !== undefined && !backgroundIsNewer) focusErrorSummary();
  }, [posted, backgroundIsNewer]);

  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const lastCodes = useRef<string | null>(null);
  // Posts from this page overlap (a background re-price still on its way when "Update price" is pressed), and the
  // server may finish them in another order: each carries a revision, and the api keeps the latest. Counted from
  // the clock rather than from 1, so that a reloaded page still counts above what it sent before.
  const revision = useRef(0);
  const revisionField = useRef<HTMLInputElement>(null);
  const nextRevision = () =>
    String((revision.current = Math.max(revision.current + 1, Math.floor(performance.timeOrigin + performance.now()))));
  const reprice = (formElement: HTMLFormElement, delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const data = new FormData(formElement);
      data.set("intent", "update");
      data.set("revision", nextRevision());
      fetcher.submit(data, { method: "post", preventScrollReset: true });
    }, delay);
  };

  const formHandlers = {
    onChange: (event: FormEvent<HTMLFormElement>) => {
      const target = event.target as HTMLInputElement;
      // Codes are checked once typed (on leaving the field, or Enter), not after each character.
      if (!isPriced(target.name) || target.name === "voucherCodes") return;
      reprice(event.currentTarget, target.type === "text" ? AMOUNT_DEBOUNCE_MS : 0);
    },
    onBlur: (event: FormEvent<HTMLFormElement>) => {
      const target = event.target as HTMLInputElement;
      if (target.name !== "voucherCodes" || target.value === (lastCodes.current ?? target.defaultValue)) return;
      lastCodes.current = target.value;
      reprice(event.currentTarget, 0);
    },
    onSubmit: () => {
      window.clearTimeout(timer.current);
      if (revisionField.current) revisionField.current.value = nextRevision();
    },
  };

  return {
    background: fetcher.data,
    backgroundIsNewer,
    repricing: fetcher.state !== "idle",
    formHandlers,
    revisionField,
  };
}

/** What an order form's action answers: conform's reply (the messages by field, "" for the form as a whole). */
type Answer = { result: { error?: Record<string, string[] | null> } };

/**
 * The messages to show. A background re-price (the fetcher) speaks only for the priced fields and the form as a
 * whole; what the last post of the whole form said about the customer's fields stays until the next such post.
 */
export function shownErrors(
  posted: Answer | undefined,
  background: Answer | undefined,
  backgroundIsNewer: boolean,
  isPriced: (name: string) => boolean
) {
  const errors: Record<string, string[]> = {};
  const take = (source: Answer | undefined, keep: (name: string) => boolean) => {
    for (const [name, messages] of Object.entries(source?.result.error ?? {})) {
      if (messages && messages.length > 0 && keep(name)) errors[name] = messages;
    }
  };
  if (backgroundIsNewer) {
    take(posted, (name) => name !== "" && !isPriced(name));
    take(background, () => true);
  } else {
    take(posted, () => true);
  }
  return errors;
}
