/**
 * When step 1 answers with the checking page (decision 063), the reservation with the placing page (decision 065) and
 * a payment's start with the paying page (decision 068), instead of waiting for the provider or the gateway. A browser
 * without JavaScript, or before it ran, shows the page it sent the form from, unchanged, for as long as the answer
 * takes; a script's post shows its own pending state, so it always waits.
 */

import { streamTimeoutMs } from "~/stream-timeout.server";

/** Whether the request is the browser's own navigation, a form sent without a script (Fetch Metadata). */
export function isDocumentNavigation(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate";
}

/**
 * The call's value when it settles within `ms`, undefined when it is still under way then; a refusal within `ms` is
 * thrown, a later one is nobody's (the race has handled it). The call goes on: the checking page's own ask finds its
 * answer (the api shares a check under way and reuses its answer, decision 053), the placing page the creation itself.
 */
export async function answerWithin<T>(call: Promise<T>, ms: number): Promise<{ value: T } | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([call.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A waiting page's call as the page's stream can carry it: its answer if it comes a second before React gives up on
 * the stream (stream-timeout.server.ts), else undefined, and the page then reloads itself to ask again.
 */
export function answerWhileStreaming<T>(call: Promise<T>): Promise<{ value: T } | undefined> {
  return answerWithin(call, streamTimeoutMs - 1_000);
}
