/**
 * Whether a failure is the network's: the browser's fetch rejects with a TypeError that says only that (Chromium
 * "Failed to fetch", Firefox "NetworkError when attempting to fetch resource.", Safari "Load failed" or "The network
 * connection was lost."), and so does a route module the network could not bring (decision 059). Any failure while
 * the browser knows it is offline counts. A TypeError of a bug ("x is undefined") is not the network's, nor is a
 * module that failed to import once it was reachable ("Failed to fetch dynamically imported module: ...").
 */
const networkMessages =
  /^(failed to fetch|networkerror when attempting to fetch resource\.?|load failed|the network connection was lost\.?)$/i;

export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  return error instanceof TypeError && isNetworkFailureMessage(error.message);
}

/** Whether a TypeError's message is the one fetch rejects with when the network failed (above). */
export function isNetworkFailureMessage(message: string): boolean {
  return networkMessages.test(message);
}
