/**
 * How long a page's deferred data may stream after its shell before React gives up on it (Remix's `abortDelay`): the
 * data left then renders its error element. A loader that may take longer answers within it on its own terms.
 */
export const streamTimeoutMs = 5_000;
