/**
 * Runs a provider call under the configured deadline for the provider (PROVIDER_TIMEOUT_MS), and under the caller's
 * own signal, so a visitor who gives up stops the provider request too.
 *
 * One controller, its timer cleared and its listener removed when the call ends: `AbortSignal.any` with
 * `AbortSignal.timeout` kept two signals and a timer alive for the whole deadline (20 s) after every call, so every
 * order and availability check left them to the old generation's collections (decision 037).
 * Its failures are the provider's own (ProviderError); the api says them in the contract's words
 * (api/contract/provider-errors.ts).
 */
export async function callProvider<T>(
  timeoutMs: number,
  callerSignal: AbortSignal,
  call: (signal: AbortSignal) => Promise<T>
): Promise<T> {
  const controller = new AbortController();
  const callerGone = () => controller.abort(callerSignal.reason);
  if (callerSignal.aborted) callerGone();
  else callerSignal.addEventListener("abort", callerGone, { once: true });
  const deadline = setTimeout(
    () => controller.abort(new DOMException("The provider did not answer in time", "TimeoutError")),
    timeoutMs
  );
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(deadline);
    callerSignal.removeEventListener("abort", callerGone);
  }
}
