import { performance } from "node:perf_hooks";
import { Environment } from "../../gen/dzb/shop/v1/common_pb";
import type { Logger } from "../logging/logger";
import type { ShopClient } from "./rpc-client";

/** The api's build and runtime facts, as the info panel shows them (SPEC §2, footer). */
export type BackendInfo = {
  env: string;
  dockerTag: string;
  version: string;
  branch: string;
  commit: string;
  uptimeSeconds: number;
};

/** Short: the panel is a courtesy, and a slow backend must not keep a page's stream open. */
const versionTimeoutMs = 3_000;

/** How long the web process shows the facts it has before it asks the api again. */
export const BACKEND_INFO_TTL_MS = 30_000;

/** The api's Version answer, flattened for the info panel; null when the api does not answer. */
async function askBackend(rpc: Pick<ShopClient, "version">, log: Logger): Promise<BackendInfo | null> {
  try {
    const answer = await rpc.version({}, { timeoutMs: versionTimeoutMs });
    return {
      env: Environment[answer.env].toLowerCase(),
      dockerTag: answer.dockerTag,
      version: answer.version,
      branch: answer.branch,
      commit: answer.commit,
      uptimeSeconds: Number(answer.uptime?.seconds ?? 0n),
    };
  } catch (error) {
    log.warn({ err: error }, "info panel: the Version call failed");
    return null;
  }
}

/**
 * The info panel's backend facts for every page, asked of the api at most once per `ttlMs` (and once at a time),
 * not once per page: they change only when the api is redeployed, and an RPC per page cost every page a loopback call
 * and kept its stream open until the answer came. A fresh answer is handed out as a value, so the page renders it at
 * once; only a page that finds it stale waits for (a deferred) new one. The uptime keeps counting between answers.
 * `now` is a monotonic millisecond clock: the age of an answer, not a date.
 */
export function cachedBackendInfo(
  rpc: Pick<ShopClient, "version">,
  log: Logger,
  { ttlMs = BACKEND_INFO_TTL_MS, now = () => performance.now() } = {}
): () => BackendInfo | null | Promise<BackendInfo | null> {
  let answered: { info: BackendInfo | null; at: number } | undefined;
  let asking: Promise<BackendInfo | null> | undefined;

  const withUptimeNow = ({ info, at }: { info: BackendInfo | null; at: number }) =>
    info && {
      ...info,
      uptimeSeconds: info.uptimeSeconds + Math.floor((now() - at) / 1_000),
    };

  return () => {
    if (answered && now() - answered.at < ttlMs) return withUptimeNow(answered);
    asking ??= askBackend(rpc, log).then((info) => {
      answered = { info, at: now() };
      asking = undefined;
      return info;
    });
    return asking;
  };
}
