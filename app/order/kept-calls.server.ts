/**
 * Calls to other systems that a browser without JavaScript was sent on from (decisions 065, 068). A form post that
 * waits on another system (the hotel confirming its offer, a payment gateway starting a payment) waits a moment; a
 * call still under way then goes on here, kept by an id, and the browser is sent to a page that streams its wait and
 * loads itself again when the call has ended. The call is bound to the session (the `sid` cookie) of the visitor who
 * posted: the page's address in anyone else's hands finds nothing. Only this process holds it.
 */

import { answerWithin, isDocumentNavigation } from "~/order/waiting-pages.server";

/** How a call ended: its answer, or its refusal. */
export type CallEnd<T> = { value: T } | { refusal: unknown };

export interface KeptCall<T> {
  /** The session of the visitor who posted the form. */
  readonly sessionId: string;
  /** Set once the call has ended. */
  ended?: CallEnd<T>;
  /** Settles (never rejects) when the call has ended. */
  readonly done: Promise<void>;
}

/** The call's end as a value: its answer or its refusal, never a rejection. */
export function settled<T>(call: Promise<T>): Promise<CallEnd<T>> {
  return call.then(
    (value) => ({ value }),
    (refusal: unknown) => ({ refusal })
  );
}

/** Long enough for any waiting page to come back for the answer. */
const keptAfterEndMs = 10 * 60_000;

/** One kind of call kept by id (a UUID, found whatever its letters' case), forgotten ten minutes after its end. */
export class KeptCalls<T> {
  private readonly calls = new Map<string, KeptCall<T>>();

  keep(id: string, sessionId: string, call: Promise<T>): void {
    const key = id.toLowerCase();
    const kept: KeptCall<T> = {
      sessionId,
      done: settled(call).then((end) => {
        kept.ended = end;
        setTimeout(() => this.forget(key, kept), keptAfterEndMs).unref();
      }),
    };
    this.calls.set(key, kept);
  }

  /**
   * Whether the browser that posted is to wait on the page of this kind of call: its own navigation (a form sent
   * without a script), with the call still under way after `waitMs`. The call is then kept for its session. A script's
   * post always waits, under its own pending state.
   */
  async handedOver(
    request: Request,
    id: string,
    sessionId: string,
    call: Promise<T>,
    waitMs: number
  ): Promise<boolean> {
    if (!isDocumentNavigation(request) || (await answerWithin(settled(call), waitMs)) !== undefined) return false;
    this.keep(id, sessionId, call);
    return true;
  }

  /** The call kept by this id for this visitor's session, if any. */
  of(id: string, sessionId: string): KeptCall<T> | undefined {
    const kept = this.calls.get(id.toLowerCase());
    return kept?.sessionId === sessionId ? kept : undefined;
  }

  /** Forgets the call, unless a newer one has taken its id since. */
  forget(id: string, kept: KeptCall<T>): void {
    const key = id.toLowerCase();
    if (this.calls.get(key) === kept) this.calls.delete(key);
  }
}
