import { Environment } from "../gen/dzb/shop/v1/common_pb";
import type { AppLoadContext } from "@remix-run/node";

export type BackendInfo = {
  env: string;
  dockerTag: string;
  version: string;
  branch: string;
  commit: string;
  uptimeSeconds: number;
};

/** Short: the panel is a courtesy, and a slow backend must not keep the stream open. */
const versionTimeoutMs = 3_000;

/** The api's Version answer, flattened for the info panel; null when the api does not answer. */
export async function backendInfo(rpc: AppLoadContext["rpc"]): Promise<BackendInfo | null> {
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
    console.warn("info panel: Version call failed:", error instanceof Error ? error.message : error);
    return null;
  }
}
