import { create } from "@bufbuild/protobuf";
import { ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";
import { Environment } from "../../gen/dzb/shop/v1/common_pb";
import { VersionResponseSchema } from "../../gen/dzb/shop/v1/shop_service_pb";
import { capturedLog } from "../logging/captured-log.test-helper";
import { cachedBackendInfo } from "./backend-info";

/** An api whose Version answers are counted, and a monotonic clock the test moves. */
function setUp({ fails = false } = {}) {
  let clock = 1_000_000;
  const version = vi.fn(async () => {
    if (fails) throw new ConnectError("api down");
    return create(VersionResponseSchema, {
      env: Environment.TEST,
      version: "1.2.3",
      commit: "abc",
      uptime: { seconds: 100n },
    });
  });
  const { log, lines } = capturedLog();
  const backendInfo = cachedBackendInfo({ version } as never, log, { ttlMs: 30_000, now: () => clock });
  return { backendInfo, version, logLines: lines, advance: (ms: number) => (clock += ms) };
}

describe("the info panel's backend facts", () => {
  it("are asked of the api once for many pages, and again when they are older than the time to live", async () => {
    const { backendInfo, version, advance } = setUp();
    // The first page waits for the answer (deferred); pages asking meanwhile share the one call.
    const first = backendInfo();
    const meanwhile = backendInfo();
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toMatchObject({ env: "test", version: "1.2.3", commit: "abc", uptimeSeconds: 100 });
    expect(await meanwhile).toEqual(await first);
    // Later pages get the facts at once, with the uptime counted on.
    advance(12_500);
    expect(backendInfo()).toMatchObject({ version: "1.2.3", uptimeSeconds: 112 });
    expect(version).toHaveBeenCalledTimes(1);

    advance(20_000);
    await backendInfo();
    expect(version).toHaveBeenCalledTimes(2);
  });

  it("say nothing when the api does not answer, and do not ask again on every page", async () => {
    const { backendInfo, version, logLines } = setUp({ fails: true });
    expect(await backendInfo()).toBeNull();
    expect(backendInfo()).toBeNull();
    expect(version).toHaveBeenCalledTimes(1);
    // The log says so once, with the call's error.
    expect(logLines).toEqual([
      expect.objectContaining({ level: "warn", msg: "info panel: the Version call failed", err: expect.any(Object) }),
    ]);
  });
});
