import type { Metrics } from "../metrics/metrics";
import type { UseCaseDeps } from "../orders/use-case-deps";

/**
 * What the api's handlers need from the outside: what their use cases need, nothing more; and where the api counts its
 * calls, when the process serves metrics.
 */
export type ApiDeps = UseCaseDeps & { metrics?: Metrics };
