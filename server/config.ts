import { isIP } from "node:net";
import * as z from "zod";
import { bankAccountOf } from "./domain/bank-account";
import type { Operator } from "./variants/operator";

/**
 * Every environment variable the shop reads, validated once at boot.
 * Nothing else in the code base reads `process.env`: it receives a `Config`.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalUrl = optionalText.pipe(z.url().optional());

/**
 * Receiving accounts for development and tests: valid checksums, but samples (the Polish one is the IBAN registry's
 * example). Production must name its own.
 */
const sampleBankAccounts = { CZK: "2000145399/2010", PLN: "61 1090 1014 0000 0712 1981 2874" } as const;

/** Outside production, owner keys may come from a known secret: nothing there is anyone's real order. */
const developmentOrderKeySecret = "development only: owner keys of orders that are nobody's";

/** A PEM key given in one line, with "\n" for its line breaks, as container environments often need. */
const pemText = optionalText.transform((value) => value?.replaceAll("\\n", "\n"));

/** Each gateway's settings, all set or none. */
const gatewaySettings = {
  CSOB: ["CSOB_API_URL", "CSOB_MERCHANT_ID", "CSOB_MERCHANT_PRIVATE_KEY", "CSOB_GATEWAY_PUBLIC_KEY"],
  PLUXEE: ["PLUXEE_API_URL", "PLUXEE_MERCHANT_ID", "PLUXEE_SHARED_SECRET"],
  EDENRED: ["EDENRED_API_URL", "EDENRED_MERCHANT_ID", "EDENRED_SHARED_SECRET"],
} as const;

/** `migrate` applies the database's migrations and exits: the one-shot step before a deployment's roles start. */
export const roles = ["all", "web", "api", "worker", "migrate"] as const;
export type Role = (typeof roles)[number];

export const environments = ["dev", "test", "preprod", "prod"] as const;
export type Environment = (typeof environments)[number];

/** pino's levels, the least said last; `silent` says nothing. */
export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

/** A TCP port, as the environment writes it. */
const port = z.coerce.number<string | undefined>().int().min(1).max(65535);

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    /** Deployment environment as the SPEC names it; decides how strict the boot is. */
    ENV: z.enum(environments).default("dev"),
    /** Which parts run in this process: `all` is web + api + worker, the embedded default. */
    ROLE: z.enum(roles).default("all"),
    PORT: port.default(3000),
    HOST: z.string().default("0.0.0.0"),
    /**
     * What the process logs, as JSON lines on stdout (decision 047): `info` is a line per request and call, `debug` adds
     * the health checks and static files, `silent` (for tests) nothing.
     */
    LOG_LEVEL: z.enum(logLevels).default("info"),
    /**
     * Where this process serves its Prometheus metrics (/metrics), on HOST: a port of its own, which the load balancer
     * does not forward, so that visitors never see them (decision 047). Unset, no metrics are served.
     */
    METRICS_PORT: optionalText.pipe(port.optional()),
    /** Where the web tier reaches the api. Empty: this same process on loopback. */
    API_URL: optionalUrl,
    /** Embedded PGlite keeps its files here; mail files also land here. */
    DATA_DIR: z.string().default(".data"),
    /** PostgreSQL connection string; when set, PGlite is not used. */
    DATABASE_URL: optionalUrl,
    /**
     * The same database reached directly, for the migrations each process applies as it starts, when DATABASE_URL goes
     * through a pooler in transaction mode (PgBouncer): they hold a session's advisory lock, which such a pooler would
     * leave behind on one of its connections (docs/operations.md). Empty: DATABASE_URL.
     */
    DATABASE_MIGRATION_URL: optionalUrl,
    /**
     * PostgreSQL connections per process: pg's own default. A call or a job holds one for milliseconds at a time, so
     * ten keep a process's core busy, and a few instances of each role stay well below PostgreSQL's 100.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /**
     * How long a query waits for a connection, a new one or a free one of the pool, before its call is answered
     * `unavailable`: a connection opens in milliseconds and is free again as soon, so 5 s means the database is away
     * or swamped, and the visitor hears so long before the web tier gives up on the api (60 s).
     */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
    /**
     * How long PostgreSQL lets one statement run before it cancels it: the shop's take milliseconds, so one at 15 s
     * waits on a lock or an overloaded server, and a call of a few statements still ends before the web tier's 60 s.
     * The migrations at start-up run without it.
     */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).default(15_000),
    /**
     * How long /readyz waits for the database's answer before it says "not ready": a healthy ping takes a millisecond,
     * and a load balancer's probe waits a few seconds at most before it counts a failure of its own.
     */
    DATABASE_PING_TIMEOUT_MS: z.coerce.number().int().min(1).default(2_000),
    /** Host names that select each product variant (a static allow-list). */
    DOMAIN_CZ: optionalText,
    DOMAIN_PL: optionalText,
    DOMAIN_WL_PLUXEE_CZ: optionalText,
    /**
     * The proxies in front of the web tier whose X-Forwarded-* and X-Request-Id it believes (decision 039): how many
     * there are, or their addresses or CIDR networks; empty or 0, none.
     */
    TRUST_PROXY: z.string().trim().default("").transform(trustedProxiesOf),
    /**
     * The addresses (or CIDR networks) whose X-Forwarded-For the api believes: the web tier's, and a proxy's in front
     * of the api. Anyone else is taken to be the client itself (decision 015). Default: the loopback, where the web
     * tier of a single process calls its api.
     */
    API_TRUSTED_FORWARDERS: z.string().default("127.0.0.0/8, ::1/128").transform(apiTrustedForwardersOf),
    SENTRY_DSN: optionalUrl,
    /** A Strapi CMS's REST API (e.g. https://cms.example.com/api) that serves the content; else `content/` does. */
    CMS_API_URL: optionalUrl,
    /** A read-only API token of that CMS, when its API is not public. */
    CMS_API_TOKEN: optionalText,
    /** How long a page waits for the CMS before it is shown as not loaded. */
    CMS_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
    /**
     * The company that runs the shop, named in every page's footer, on the contact page and on the documents
     * (server/variants/operator.ts). The defaults are invented and look it: IČO 00000000 has a wrong check digit,
     * and no town has the postal code 000 00.
     */
    OPERATOR_NAME: z.string().trim().min(1).default("Ukázková společnost s.r.o."),
    OPERATOR_STREET: z.string().trim().min(1).default("Vzorová 1"),
    OPERATOR_TOWN: z.string().trim().min(1).default("000 00 Ukázkov"),
    OPERATOR_COMPANY_ID: z.string().trim().regex(/^\d{8}$/).default("00000000"),
    /** Its commercial register entry: the section and the entry number, e.g. "C 123456". */
    OPERATOR_REGISTER: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{1,3} \d{1,7}$/)
      .default("C 000000"),
    OPERATOR_VAT_ID_CZ: z.string().trim().regex(/^CZ\d{8,10}$/).default("CZ00000000"),
    OPERATOR_VAT_ID_PL: z.string().trim().regex(/^PL\d{10}$/).default("PL0000000000"),
    SMTP_URL: optionalUrl,
    /** Booking.com Demand API credentials; with both set the shop books through it, else the simulator answers. */
    BOOKING_API_TOKEN: optionalText,
    BOOKING_AFFILIATE_ID: optionalText.pipe(
      z
        .string()
        .regex(/^\d{7}$/)
        .optional()
    ),
    BOOKING_API_URL: z.url().default("https://demandapi.booking.com/3.1"),
    /** Where hotel pages are read to learn a link's hotel id; a test points it at a fake. */
    BOOKING_PORTAL_URL: z.url().default("https://www.booking.com"),
    /** How long the api waits for the hotel provider before telling the visitor to try again. */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1).default(20_000),
    /**
     * How long an availability answer is reused for the same hotel and stay, asked on the same shop in the same
     * language, by any visitor on any api instance (decision 053): the provider's request budget is shared by all
     * visitors, and a price a minute old is checked again when the order is placed. 0 asks the provider every time.
     */
    PROVIDER_ANSWER_REUSE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
    /**
     * How long step 1 and the reservation sent without JavaScript wait for the availability check or the order's
     * creation before they answer with a page that says it is under way and streams its outcome (decisions 063, 065);
     * a script's post always waits.
     */
    CHECKING_PAGE_AFTER_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /**
     * How long the simulator's deliberately slow hotel, and the sandbox gateway's slow payer (decision 068), take;
     * demos of the pending state want a few seconds.
     */
    SIMULATOR_SLOW_MS: z.coerce.number().int().min(0).default(3_000),
    /** Build facts shown in the info panel and answered by the Version call. */
    DOCKER_TAG: z.string().default("local"),
    APP_VERSION: z.string().default("0.1.0"),
    GIT_BRANCH: z.string().default("local"),
    GIT_COMMIT: z.string().default("unknown"),
    BUILD_NUMBER: z.string().default("local"),
    /**
     * How long a page that is the same for every visitor (home, step 1 without a link) is served from its last render
     * (decision 030); 0 renders every visit.
     */
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
    /**
     * How long a web or api process still serves after SIGTERM (or SIGINT) while its /readyz answers 503, so that the
     * load balancer takes it out before it stops accepting (decision 048). It must cover the balancer's health check
     * interval × the failed checks it counts before it takes an instance out: 5 s in preprod and prod, over the 2 s of
     * the HAProxy of decision 049 (every second, out after 2 failures) or a check every 2 s taken out after 2, and time
     * for Kubernetes' endpoint removal to reach its proxies. Raise it to the balancer's product where that is longer.
     * 0 in dev and test, where no balancer stands in front and a restart should not wait.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).optional(),
    /**
     * How long the requests in flight then have to finish before their connections are closed anyway; a worker's job
     * in flight has the drain and this, then it is handed back to another worker.
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    /**
     * How long a worker's claim on a job lasts unless renewed: a job whose worker died is taken over after this. The
     * worker renews it three times a lease, so a database away for longer than two thirds of it lets another worker
     * run the job too; 30 s rides out a failover (decision 010). Shorter only where that matters less than waiting.
     */
    JOB_LEASE_MS: z.coerce.number().int().min(3_000).default(30_000),
    /**
     * How many days what the shop keeps only for a while is kept before the worker deletes it (decision 048). Orders,
     * payments, vouchers and what they were made from stay. Availability checks no preview was made from: a week, a
     * link to one shared or reopened later finds the provider's prices of back then stale anyway.
     */
    RETENTION_AVAILABILITY_DAYS: z.coerce.number().int().min(1).default(7),
    /** Hotel and voucher previews no order was made from, by their last pricing: a visitor may come back to one. */
    RETENTION_PREVIEW_DAYS: z.coerce.number().int().min(1).default(30),
    /**
     * Jobs done: what support may still ask about (was the mail sent, when was the stay booked), and, while kept, the
     * dedupe key that makes asking for the same job again create nothing.
     */
    RETENTION_DONE_JOB_DAYS: z.coerce.number().int().min(1).default(90),
    /** Jobs dead (out of attempts), longer: an operator looks into each. */
    RETENTION_DEAD_JOB_DAYS: z.coerce.number().int().min(1).default(365),
    /** Where bank transfers go, per market currency: "prefix-number/bank" (CZK) and the NRB (PLN). */
    BANK_ACCOUNT_CZK: optionalText,
    BANK_ACCOUNT_PLN: optionalText,
    BANK_RECIPIENT_NAME: z.string().trim().min(1).default("DZB Benefit Travel"),
    /**
     * Where the bank's statements are dropped (camt.053, GPC, MT940, Fio's JSON), for the worker to import: each file
     * read is moved into its "imported" subfolder, one it cannot read into "unreadable". Unset: none are looked for.
     */
    BANK_STATEMENT_DIR: optionalText,
    /** Fio banka's API token of the CZK account (64 characters): the worker downloads its movements when set. */
    FIO_API_TOKEN: optionalText,
    /** Fio's REST root, when not its own (a fake's). */
    FIO_API_URL: optionalUrl,
    /**
     * How often the worker looks for statements and asks Fio (which answers one call per token in 30 seconds). Fio is
     * asked for the movements of the last FIO_DAYS days each time, so a worker that was down a while misses nothing:
     * what was imported before changes nothing.
     */
    BANK_IMPORT_INTERVAL_SECONDS: z.coerce.number().int().min(30).default(300),
    FIO_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    /**
     * Payment gateways; a gateway whose settings are all unset is played by the sandbox the api serves itself.
     * ČSOB eAPI 1.9: base URL, merchant id, the merchant's private key and the gateway's public key (PEM, "\n"
     * may stand for line breaks).
     */
    CSOB_API_URL: optionalUrl,
    CSOB_MERCHANT_ID: optionalText,
    CSOB_MERCHANT_PRIVATE_KEY: pemText,
    CSOB_GATEWAY_PUBLIC_KEY: pemText,
    /** The cafeteria gateways of Pluxee and Edenred (docs/decisions/009): base URL, merchant id, shared secret. */
    PLUXEE_API_URL: optionalUrl,
    PLUXEE_MERCHANT_ID: optionalText,
    PLUXEE_SHARED_SECRET: optionalText,
    EDENRED_API_URL: optionalUrl,
    EDENRED_MERCHANT_ID: optionalText,
    EDENRED_SHARED_SECRET: optionalText,
    /** Where the api reaches the sandbox gateways it serves; empty: this process on loopback. */
    SANDBOX_GATEWAY_URL: optionalUrl,
    /**
     * The key an order's owner key is derived from (decision 041): whoever knows it can change any order, so it is at
     * least 32 characters, the same on every api and worker, and production names its own.
     */
    ORDER_KEY_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  })
  .superRefine((env, issues) => {
    if (env.METRICS_PORT === env.PORT) {
      issues.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
    }
    if (env.DATABASE_MIGRATION_URL && !env.DATABASE_URL) {
      issues.addIssue({
        code: "custom",
        path: ["DATABASE_MIGRATION_URL"],
        message: "is the direct way to DATABASE_URL's database, which is not set",
      });
    }
    // Half a credential pair would silently fall back to the simulator.
    if (Boolean(env.BOOKING_API_TOKEN) !== Boolean(env.BOOKING_AFFILIATE_ID)) {
      issues.addIssue({
        code: "custom",
        path: ["BOOKING_API_TOKEN"],
        message: "BOOKING_API_TOKEN and BOOKING_AFFILIATE_ID are set together or not at all",
      });
    }
    // Production books real rooms: the simulator must never answer there. Only the api talks to the provider.
    const runsApi = env.ROLE === "api" || env.ROLE === "all";
    if (env.ENV === "prod" && runsApi && !env.BOOKING_API_TOKEN) {
      issues.addIssue({ code: "custom", path: ["BOOKING_API_TOKEN"], message: "is required when ENV is prod" });
    }
    // Production's orders live in PostgreSQL, its e-mails reach customers and its pages answer on its own hosts: no
    // embedded default (PGlite in the container's folder, e-mails as files, localhost and the api on loopback) may
    // stand in for them unnoticed. ROLE=all calls the api of its own process (decision 023), so it needs no API_URL.
    // The api hands orders' owner keys out and checks them, the worker writes them into e-mails: a known secret would
    // let anyone change any order.
    const runsWorker = env.ROLE === "worker" || env.ROLE === "all";
    const runsWeb = env.ROLE === "web" || env.ROLE === "all";
    for (const [key, needed] of [
      ["DATABASE_URL", runsApi || runsWorker || env.ROLE === "migrate"],
      ["ORDER_KEY_SECRET", runsApi || runsWorker],
      ["SMTP_URL", runsWorker],
      ["API_URL", env.ROLE === "web"],
      ["DOMAIN_CZ", runsWeb],
      ["DOMAIN_PL", runsWeb],
      ["DOMAIN_WL_PLUXEE_CZ", runsWeb],
    ] as const) {
      if (env.ENV === "prod" && needed && !env[key]) {
        issues.addIssue({ code: "custom", path: [key], message: "is required when ENV is prod" });
      }
    }
    // Half a gateway's settings would silently fall back to the sandbox; production takes real money only.
    for (const [gateway, keys] of Object.entries(gatewaySettings)) {
      const set = keys.filter((key) => env[key] !== undefined);
      if (set.length > 0 && set.length < keys.length) {
        issues.addIssue({
          code: "custom",
          path: [keys[0]],
          message: `${keys.join(", ")} are set together or not at all`,
        });
      } else if (env.ENV === "prod" && (runsApi || runsWorker) && set.length === 0) {
        issues.addIssue({ code: "custom", path: [keys[0]], message: `is required when ENV is prod (${gateway})` });
      }
    }
    // Customers send real money to these accounts, so production never falls back to a sample. The api shows them
    // with transfer payments; the worker may mail them.
    const showsBankAccounts = runsApi || runsWorker;
    for (const [currency, key] of [
      ["CZK", "BANK_ACCOUNT_CZK"],
      ["PLN", "BANK_ACCOUNT_PLN"],
    ] as const) {
      if (env.ENV === "prod" && showsBankAccounts && !env[key]) {
        issues.addIssue({ code: "custom", path: [key], message: "is required when ENV is prod" });
        continue;
      }
      try {
        bankAccountOf(currency, env[key] ?? sampleBankAccounts[currency], env.BANK_RECIPIENT_NAME);
      } catch (error) {
        issues.addIssue({ code: "custom", path: [key], message: (error as Error).message });
      }
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof schema>) {
  return {
    nodeEnv: env.NODE_ENV,
    env: env.ENV,
    role: env.ROLE,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    metricsPort: env.METRICS_PORT,
    apiUrl: env.API_URL ?? `http://127.0.0.1:${env.PORT}/api`,
    /** ROLE=all without API_URL: the pages call the api of their own process in memory, not over HTTP (decision 023). */
    apiInProcess: env.ROLE === "all" && env.API_URL === undefined,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL,
    databasePool: {
      poolSize: env.DATABASE_POOL_SIZE,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    databasePingTimeoutMs: env.DATABASE_PING_TIMEOUT_MS,
    domains: {
      cz: env.DOMAIN_CZ,
      pl: env.DOMAIN_PL,
      wlPluxeeCz: env.DOMAIN_WL_PLUXEE_CZ,
    },
    trustProxy: env.TRUST_PROXY,
    apiTrustedForwarders: env.API_TRUSTED_FORWARDERS,
    /** Secure cookies everywhere but a developer's plain-HTTP machine. */
    secureCookies: env.ENV === "prod" || env.ENV === "preprod",
    sentryDsn: env.SENTRY_DSN,
    cmsApiUrl: env.CMS_API_URL,
    cms: env.CMS_API_URL ? { apiUrl: env.CMS_API_URL, token: env.CMS_API_TOKEN, timeoutMs: env.CMS_TIMEOUT_MS } : null,
    smtpUrl: env.SMTP_URL,
    booking: {
      apiToken: env.BOOKING_API_TOKEN,
      affiliateId: env.BOOKING_AFFILIATE_ID,
      apiUrl: env.BOOKING_API_URL,
      portalUrl: env.BOOKING_PORTAL_URL,
    },
    operator: operatorOf(env),
    provider: {
      timeoutMs: env.PROVIDER_TIMEOUT_MS,
      answerReuseMs: env.PROVIDER_ANSWER_REUSE_SECONDS * 1000,
      simulatorSlowMs: env.SIMULATOR_SLOW_MS,
    },
    build: {
      dockerTag: env.DOCKER_TAG,
      version: env.APP_VERSION,
      branch: env.GIT_BRANCH,
      commit: env.GIT_COMMIT,
      buildNumber: env.BUILD_NUMBER,
    },
    retentionDays: {
      availability: env.RETENTION_AVAILABILITY_DAYS,
      preview: env.RETENTION_PREVIEW_DAYS,
      doneJob: env.RETENTION_DONE_JOB_DAYS,
      deadJob: env.RETENTION_DEAD_JOB_DAYS,
    },
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (behindLoadBalancer(env.ENV) ? 5_000 : 0),
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    jobLeaseMs: env.JOB_LEASE_MS,
    pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
    checkingPageAfterMs: env.CHECKING_PAGE_AFTER_MS,
    gateways: {
      csob: env.CSOB_API_URL
        ? {
            apiUrl: env.CSOB_API_URL,
            merchantId: env.CSOB_MERCHANT_ID!,
            merchantPrivateKeyPem: env.CSOB_MERCHANT_PRIVATE_KEY!,
            gatewayPublicKeyPem: env.CSOB_GATEWAY_PUBLIC_KEY!,
          }
        : undefined,
      pluxee: cafeteriaSettings(env.PLUXEE_API_URL, env.PLUXEE_MERCHANT_ID, env.PLUXEE_SHARED_SECRET),
      edenred: cafeteriaSettings(env.EDENRED_API_URL, env.EDENRED_MERCHANT_ID, env.EDENRED_SHARED_SECRET),
      sandboxUrl: env.SANDBOX_GATEWAY_URL ?? `http://127.0.0.1:${env.PORT}/sandbox-gateway`,
      sandboxSlowMs: env.SIMULATOR_SLOW_MS,
    },
    orderKeySecret: env.ORDER_KEY_SECRET ?? developmentOrderKeySecret,
    /** Checked at boot by the schema above, so building them here cannot throw. */
    bank: {
      czk: bankAccountOf("CZK", env.BANK_ACCOUNT_CZK ?? sampleBankAccounts.CZK, env.BANK_RECIPIENT_NAME),
      pln: bankAccountOf("PLN", env.BANK_ACCOUNT_PLN ?? sampleBankAccounts.PLN, env.BANK_RECIPIENT_NAME),
    },
    bankImport: {
      statementDir: env.BANK_STATEMENT_DIR,
      fio: env.FIO_API_TOKEN ? { token: env.FIO_API_TOKEN, baseUrl: env.FIO_API_URL, days: env.FIO_DAYS } : undefined,
      everyMs: env.BANK_IMPORT_INTERVAL_SECONDS * 1000,
    },
  };
}

/** Where the shop runs behind a load balancer that asks /readyz; a developer's machine and the tests have none. */
function behindLoadBalancer(environment: Environment): boolean {
  return environment === "prod" || environment === "preprod";
}

/**
 * TRUST_PROXY as Express's `trust proxy` takes it: a number of proxies, counted from the right of X-Forwarded-For, or
 * their addresses; 0 trusts none. `true` would make Express take the left-most entry, which the client wrote, so every
 * request could name a new client and get a new budget of what is counted per client (decision 015).
 */
function trustedProxiesOf(text: string, context: z.RefinementCtx): number | string[] {
  if (text === "" || text === "false") return 0;
  if (/^\d+$/.test(text)) return Number(text);
  const { entries, wrong } = addressesIn(text);
  if (wrong.length === 0) return entries;
  const instead =
    "write the number of proxies in front of the web tier (e.g. 1) or their addresses (e.g. 10.0.0.0/8), or 0 for none";
  const message = ["true", "yes", "on"].includes(text.toLowerCase())
    ? `\`${text}\` would trust any client's X-Forwarded-For; ${instead}`
    : `\`${text}\` is neither a number of proxies nor a list of addresses; ${instead}`;
  context.addIssue({ code: "custom", message });
  return z.NEVER;
}

/** API_TRUSTED_FORWARDERS: addresses only; the api has no count of hops to fall back on, nor a "trust all". */
function apiTrustedForwardersOf(text: string, context: z.RefinementCtx): string[] {
  const { entries, wrong } = addressesIn(text);
  if (wrong.length === 0) return entries;
  const named = wrong.map((entry) => `\`${entry}\``).join(", ");
  const verdict = wrong.length === 1 ? "is not an address or CIDR network" : "are not addresses or CIDR networks";
  context.addIssue({
    code: "custom",
    message:
      `${named} ${verdict}; list those of the web tier and of any proxy in front of the api, comma-separated ` +
      "(e.g. 10.0.0.0/8, 192.0.2.1)",
  });
  return z.NEVER;
}

/** Comma-separated addresses or CIDR networks: every entry, and those that are neither. */
function addressesIn(text: string): { entries: string[]; wrong: string[] } {
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return { entries, wrong: entries.filter((entry) => !isAddressOrNetwork(entry)) };
}

/** "192.0.2.1", "2001:db8::1", "10.0.0.0/8" or "fd00::/8". */
function isAddressOrNetwork(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

function cafeteriaSettings(apiUrl?: string, merchantId?: string, sharedSecret?: string) {
  return apiUrl && merchantId && sharedSecret ? { apiUrl, merchantId, sharedSecret } : undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and validates the environment; throws one error listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`)
    );
  }
  return toConfig(parsed.data);
}

/** The shop's account that receives transfers in a currency: the one the status page, the e-mails and the terms name. */
export function receivingAccount(config: Config, currency: "CZK" | "PLN"): Config["bank"]["czk"] {
  return currency === "PLN" ? config.bank.pln : config.bank.czk;
}

function operatorOf(env: {
  OPERATOR_NAME: string;
  OPERATOR_STREET: string;
  OPERATOR_TOWN: string;
  OPERATOR_COMPANY_ID: string;
  OPERATOR_REGISTER: string;
  OPERATOR_VAT_ID_CZ: string;
  OPERATOR_VAT_ID_PL: string;
}): Operator {
  const [section = "", entry = ""] = env.OPERATOR_REGISTER.split(" ");
  return {
    name: env.OPERATOR_NAME,
    street: env.OPERATOR_STREET,
    town: env.OPERATOR_TOWN,
    companyId: env.OPERATOR_COMPANY_ID,
    register: { section, entry },
    vatIds: { CZK: env.OPERATOR_VAT_ID_CZ, PLN: env.OPERATOR_VAT_ID_PL },
  };
}
