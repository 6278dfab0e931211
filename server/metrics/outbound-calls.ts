import { performance } from "node:perf_hooks";
import { failureCauseOf } from "../adapters/failure-cause";
import {
  GatewayReturnError,
  GatewayUnavailableError,
  type GatewayType,
  type PaymentGateway,
  type PaymentGateways,
} from "../adapters/gateways/payment-gateway";
import type { Mailer } from "../adapters/mailer/mailer";
import { ProviderError, type HotelProvider } from "../adapters/provider/hotel-provider";
import type { Config } from "../config";
import type { Logger } from "../logging/logger";
import type { Metrics } from "./metrics";

/**
 * The calls the shop makes to other systems, watched at their interfaces (decision 047): the hotel provider, the
 * payment gateways and the mail transport are each wrapped once, where the entry point builds them, so neither the
 * adapters nor the use cases that call them know of metrics. Each call is timed and counted by its outcome; a failure
 * is logged with where the call went (a host, never a URL's credentials or path) and the kind of failure
 * (failure-cause.ts), never the error's message, which may repeat a booker's name, an e-mail address or an answer.
 */
export interface OutboundWatch {
  log: Logger;
  /** Unset when the process serves no metrics (no METRICS_PORT). */
  metrics?: Metrics;
}

/** Runs a call, and tells `ended` how long it took and what it threw, if it failed. */
async function timed<T>(
  call: () => Promise<T>,
  ended: (seconds: number, failure?: { error: unknown }) => void
): Promise<T> {
  const started = performance.now();
  let result: T;
  try {
    result = await call();
  } catch (error) {
    ended((performance.now() - started) / 1_000, { error });
    throw error;
  }
  ended((performance.now() - started) / 1_000);
  return result;
}

type Call = (...args: never[]) => Promise<unknown>;
/** The names of an interface's methods that answer a promise. */
type AsyncMethods<T> = { [K in keyof T]: T[K] extends Call ? K : never }[keyof T] & string;

/** `target`'s methods named `operations`, each call of them timed and `ended` told how it went. */
function watchedMethods<T, K extends AsyncMethods<T>>(
  target: T,
  operations: readonly K[],
  ended: (operation: K, seconds: number, failure?: { error: unknown }) => void
): Pick<T, K> {
  const watched = {} as Pick<T, K>;
  for (const operation of operations) {
    const call = (target[operation] as (...args: unknown[]) => Promise<unknown>).bind(target);
    const observedCall = (...args: unknown[]) =>
      timed(
        () => call(...args),
        (seconds, failure) => ended(operation, seconds, failure)
      );
    watched[operation] = observedCall as T[K];
  }
  return watched;
}

const milliseconds = (seconds: number) => Math.round(seconds * 1_000);

/** Only a URL's host: its credentials (an SMTP URL's user and password) and path stay out of the log. */
const hostOf = (url: string) => new URL(url).host;

/** The provider's failures that are trouble: its refusals and "nothing free" are answers, counted but not logged. */
const providerTrouble = new Set(["timeout", "failed", "error"]);

/** The calls the Demand API adapter makes to the portal's pages, not to the api. */
const portalOperations = new Set(["resolveHotel", "resolveShareLink"]);

/** The hotel provider, with each call timed, counted by outcome (ok, or the provider error's kind) and its trouble logged. */
export function observedProvider(
  provider: HotelProvider,
  config: Config,
  { log, metrics }: OutboundWatch
): HotelProvider {
  const { apiToken, apiUrl, portalUrl } = config.booking;
  // As createHotelProvider chooses: the Demand API with credentials, else the simulator in this process.
  const hostFor = (operation: string) =>
    !apiToken ? "simulator" : hostOf(portalOperations.has(operation) ? portalUrl : apiUrl);
  const operations = ["resolveHotel", "resolveShareLink", "availability", "book", "cancelBooking"] as const;
  const watched = watchedMethods(provider, operations, (operation, seconds, failure) => {
    const outcome = !failure ? "ok" : failure.error instanceof ProviderError ? failure.error.kind : "error";
    metrics?.provider.observe({ provider: provider.name, operation, outcome }, seconds);
    if (!failure || !providerTrouble.has(outcome)) return;
    log.warn(
      {
        provider: provider.name,
        operation,
        host: hostFor(operation),
        outcome,
        durationMs: milliseconds(seconds),
        ...failureCauseOf(failure.error),
      },
      "provider call failed"
    );
  });
  return { name: provider.name, ...watched };
}

/** Where each gateway's calls go: its configured api, else the sandbox the api serves. */
function gatewayHost(config: Config, type: GatewayType): string {
  const { csob, pluxee, edenred, sandboxUrl } = config.gateways;
  const configured = { CSOB: csob, PLUXEE: pluxee, EDENRED: edenred }[type];
  return hostOf(configured?.apiUrl ?? sandboxUrl);
}

function gatewayOutcome(error: unknown): string {
  if (error instanceof GatewayUnavailableError) return "unavailable";
  if (error instanceof GatewayReturnError) return "return_refused";
  return "error";
}

/** Each payment gateway, with each call timed, counted by outcome and its failure logged. */
export function observedGateways(gateways: PaymentGateways, config: Config, watch: OutboundWatch): PaymentGateways {
  const observed = (gateway: PaymentGateway): PaymentGateway => {
    const host = gatewayHost(config, gateway.type);
    const operations = ["start", "verifyReturn", "status", "refund"] as const;
    const watched = watchedMethods(gateway, operations, (operation, seconds, failure) => {
      const outcome = failure ? gatewayOutcome(failure.error) : "ok";
      watch.metrics?.gateways.observe({ gateway: gateway.type, operation, outcome }, seconds);
      if (!failure) return;
      const fields = { gateway: gateway.type, operation, host, outcome, durationMs: milliseconds(seconds) };
      // A return that is not believed is the visitor's link, not the gateway's trouble: its problem says why.
      if (failure.error instanceof GatewayReturnError) {
        watch.log.info({ ...fields, problem: failure.error.problem }, "payment return refused");
      } else {
        watch.log.warn({ ...fields, ...failureCauseOf(failure.error) }, "gateway call failed");
      }
    });
    return { type: gateway.type, ...watched };
  };
  return { CSOB: observed(gateways.CSOB), PLUXEE: observed(gateways.PLUXEE), EDENRED: observed(gateways.EDENRED) };
}

/** The mail transport, with the mails it took and those it did not counted, and why not logged (never to whom). */
export function observedMailer(mailer: Mailer, config: Config, { log, metrics }: OutboundWatch): Mailer {
  const host = config.smtpUrl ? hostOf(config.smtpUrl) : "files";
  return watchedMethods(mailer, ["send"], (_operation, seconds, failure) => {
    if (!failure) {
      metrics?.mail.sent.inc();
      return;
    }
    const cause = failureCauseOf(failure.error);
    metrics?.mail.failed.inc({ failure: cause.failure });
    log.warn({ host, durationMs: milliseconds(seconds), ...cause }, "mail not sent");
  });
}
