import type { ErrorEvent } from "@sentry/remix";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { monitoringOptions, ownApiTargets, releaseOf } from "./options";
import { captureRemixError, captureServerError, startMonitoring } from "./sentry.server";

const dsn = "https://publickey@o0.ingest.example/1";

describe("monitoringOptions", () => {
  const config = loadConfig({ ENV: "preprod", APP_VERSION: "1.4.0", GIT_COMMIT: "abc1234", SENTRY_DSN: dsn });
  const options = monitoringOptions({ ...config, sentryDsn: dsn });

  it("files events under the environment and the release of the build, and traces a quarter of requests", () => {
    expect(options).toMatchObject({ dsn, environment: "preprod", release: "dzb-shop@1.4.0+abc1234" });
    expect(options.tracesSampleRate).toBe(0.25);
  });

  it("has the SDK collect no personal data of its own", () => {
    expect(options.sendDefaultPii).toBe(false);
    expect(options.dataCollection).toMatchObject({
      userInfo: false,
      cookies: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    });
  });

  it("scrubs every event before it is sent", async () => {
    const event: ErrorEvent = {
      type: undefined,
      message: "no room for jana@example.cz",
      user: { ip_address: "203.0.113.195" },
    };
    const sent = await options.beforeSend!(event, {});
    expect(sent).toEqual({ type: undefined, message: "no room for [email]" });
  });
});

describe("releaseOf", () => {
  it("is the same for the server and the browser: package@version+commit", () => {
    expect(releaseOf({ version: "0.1.0", commit: "unknown" })).toBe("dzb-shop@0.1.0+unknown");
  });
});

describe("ownApiTargets", () => {
  const targets = ownApiTargets("https://shop.example/api/");
  const propagates = (url: string) => targets.some((target) => target.test(url));

  it("sends trace headers to the shop's own api", () => {
    expect(propagates("https://shop.example/api/dzb.shop.v1.ShopService/Version")).toBe(true);
    expect(propagates("https://shop.example/api")).toBe(true);
  });

  it("sends them nowhere else: gateways, the provider, a look-alike path or host, the api's URL in a query", () => {
    expect(propagates("https://demandapi.booking.com/3.1/accommodations")).toBe(false);
    expect(propagates("https://shop.example/apiary")).toBe(false);
    expect(propagates("https://shop.example.evil.test/api/x")).toBe(false);
    expect(propagates("https://evil.test/?next=https://shop.example/api/x")).toBe(false);
    expect(propagates("https://shop.example/sandbox-gateway/pay")).toBe(false);
  });
});

describe("without SENTRY_DSN", () => {
  it("starts nothing and reports nothing", async () => {
    expect(await startMonitoring(loadConfig({ ENV: "test" }))).toBe(false);
    expect(captureServerError(new Error("a bug"), { procedure: "x/Y" })).toBeUndefined();
    expect(() => captureRemixError(new Error("a bug"), new Request("http://localhost/"))).not.toThrow();
  });
});
