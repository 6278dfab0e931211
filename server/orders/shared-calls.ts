/**
 * One call shared by the callers who ask the same thing at the same moment, keyed by what they ask.
 *
 * The shared call runs under a signal of its own, aborted only once every caller waiting for it has given up: one
 * visitor closing the tab must not fail the others' check. A caller who gives up while others still wait stops waiting
 * at once with `abandoned()`; the last one to give up aborts the call and gets its failure, as an unshared call would.
 */

export type Flights<T> = Map<string, Flight<T>>;

interface Flight<T> {
  readonly result: Promise<T>;
  readonly controller: AbortController;
  waiting: number;
}

export function shareCall<T>(
  flights: Flights<T>,
  key: string,
  signal: AbortSignal,
  call: (signal: AbortSignal) => Promise<T>,
  abandoned: () => Error
): Promise<T> {
  let flight = flights.get(key);
  if (!flight) {
    const controller = new AbortController();
    const started: Flight<T> = {
      controller,
      waiting: 0,
      result: call(controller.signal).finally(() => {
        if (flights.get(key) === started) flights.delete(key);
      }),
    };
    flights.set(key, started);
    flight = started;
  }
  return waitFor(flight, signal, abandoned);
}

function waitFor<T>(flight: Flight<T>, signal: AbortSignal, abandoned: () => Error): Promise<T> {
  flight.waiting += 1;
  return new Promise<T>((resolve, reject) => {
    const giveUp = () => {
      flight.waiting -= 1;
      if (flight.waiting === 0) flight.controller.abort(signal.reason);
      else reject(abandoned());
    };
    if (signal.aborted) giveUp();
    else signal.addEventListener("abort", giveUp, { once: true });
    flight.result.then(resolve, reject).finally(() => signal.removeEventListener("abort", giveUp));
  });
}
