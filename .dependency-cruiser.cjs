/**
 * The layers of the house, checked by `npm run lint` (docs/decisions/018-one-way-layers.md).
 * Web (app/, server/web) and api (server/api and what it calls) meet only in the contract (gen/) and in shared/;
 * inside the api, rules (server/domain) sit below persistence (server/stores) and use cases (server/orders).
 * Tests beside the code obey their layer's rules; tests/ exercises the whole house and is not checked.
 */
const sourceOnly = "\\.test\\.tsx?$";
/**
 * The api's modules that are not RPC handlers: its wiring (index.ts), the transport and the interceptors around every
 * call, and what handlers share (their deps, the caller's address). Every other module directly in server/api/ is one
 * method's handler; server/api/contract/ holds the mappings.
 */
const apiInfrastructure =
  "^server/api/(index|deps|connect-adapter|in-process-client|http-rejections|call-record|client-address|error-interceptor|request-limits|request-bounds)\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "shared-stands-alone",
      comment: "shared/ is what both tiers need; it can import neither of them.",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: "^(app|server)/" },
    },
    {
      name: "server-never-imports-app",
      comment: "The api, worker and web server stand without the Remix app; what both need lives in shared/.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "app-imports-only-types-from-server",
      comment: "The screens shape what the api answers; a rule or a helper they need belongs in shared/ or in the api's answer.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "domain-is-pure",
      comment: "Business rules import only each other, shared/ and the contract: no I/O, no adapters, no libraries.",
      severity: "error",
      from: { path: "^server/domain/", pathNot: sourceOnly },
      to: { pathNot: "^(server/domain|shared|gen)/" },
    },
    {
      name: "only-entry-points-import-the-api",
      comment: "The api's handlers are wired up by the entry points; nothing below calls back up into them.",
      severity: "error",
      from: { path: "^(app|shared|server)/", pathNot: ["^server/api/", "^server/(main|ops)\\.ts$", sourceOnly] },
      to: { path: "^server/api/" },
    },
    {
      name: "only-the-web-imports-the-web",
      comment:
        "server/web/ is the web tier's server, wired up by the entry points (build-messages.ts writes its catalogues); what the layers below need of the variants is in server/variants/.",
      severity: "error",
      from: { path: "^server/", pathNot: ["^server/web/", "^server/(main|ops|build-messages)\\.ts$"] },
      to: { path: "^server/web/" },
    },
    {
      name: "jobs-are-only-the-queue",
      comment:
        "server/jobs/ is the queue, the worker and its backoff; the use cases enqueue through it, so it knows none of them (their handlers are wired in server/job-handlers.ts, by the entry points).",
      severity: "error",
      from: { path: "^server/jobs/", pathNot: sourceOnly },
      to: { path: "^server/", pathNot: "^server/(jobs/|db/|clock\\.ts$)" },
    },
    {
      name: "handlers-import-no-handler",
      comment:
        "A handler decodes the request, calls one use case (server/orders, server/payments) and encodes the answer; what two handlers share is a use case or a contract mapping, never another handler.",
      severity: "error",
      from: { path: "^server/api/[^/]+\\.ts$", pathNot: [apiInfrastructure, sourceOnly] },
      to: { path: "^server/api/[^/]+\\.ts$", pathNot: apiInfrastructure },
    },
    {
      name: "stores-only-persist",
      comment: "Stores read and write; deciding what happens next (settling, queueing jobs) is a use case's (server/orders).",
      severity: "error",
      from: { path: "^server/stores/" },
      to: { path: "^server/(orders|payments|jobs|api|web|mail|documents)/" },
    },
    {
      name: "use-cases-persist-through-stores",
      comment: "A use case decides; reading and writing tables is a store's (it may hold a transaction, as a type).",
      severity: "error",
      from: { path: "^server/orders/", pathNot: sourceOnly },
      to: { path: ["^server/db/schema\\.ts$", "drizzle-orm"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-unresolvable-imports",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // `import type` must be seen to be allowed: type-only imports vanish in compilation.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
