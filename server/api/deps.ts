import type { UseCaseDeps } from "../orders/use-case-deps";

/** What the api's handlers need from the outside: what their use cases need, nothing more. */
export type ApiDeps = UseCaseDeps;
