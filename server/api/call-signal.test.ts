import { Code, ConnectError, createClient, createHandlerContext, createRouterTransport } from "@connectrpc/connect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";

/**
 * The AbortSignal a handler reads from its context, which the provider's calls are handed: it aborts when the client
 * goes, the caller's deadline passes or the call ends, whenever it is read.
 */
function contextOf(init: { requestSignal?: AbortSignal; timeoutMs?: number } = {}) {
  return createHandlerContext({
    service: ShopService,
    method: ShopService.method.version,
    protocolName: "connect",
    requestMethod: "POST",
    url: "http://localhost/api/dzb.shop.v1.ShopService/Version",
    ...init,
  });
}

describe("a call's signal", () => {
  it("aborts with the request, when read before the client went", () => {
    const request = new AbortController();
    const signal = contextOf({ requestSignal: request.signal }).signal;
    expect(signal.aborted).toBe(false);
    request.abort("client gone");
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe("client gone");
  });

  it("is already aborted with the request's reason when first read after the client went", () => {
    const request = new AbortController();
    const context = contextOf({ requestSignal: request.signal });
    request.abort("client gone");
    expect(context.signal.aborted).toBe(true);
    expect(context.signal.reason).toBe("client gone");
  });

  it("is already aborted with the call's reason when first read after the call ended", () => {
    const context = contextOf({ requestSignal: new AbortController().signal });
    context.abort("call ended");
    expect(context.signal.aborted).toBe(true);
    expect(context.signal.reason).toBe("call ended");
  });

  describe("at the caller's deadline", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it.each([
      ["read before it", true],
      ["read after it", false],
    ])("aborts as exceeded, %s", (_, readFirst) => {
      const context = contextOf({ timeoutMs: 200 });
      const early = readFirst ? context.signal : undefined;
      vi.advanceTimersByTime(199);
      expect(context.signal.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      const signal = early ?? context.signal;
      expect(signal.aborted).toBe(true);
      expect(ConnectError.from(signal.reason).code).toBe(Code.DeadlineExceeded);
    });
  });

  it("reaches the handler and ends with the call, even through an interceptor that copies the request", async () => {
    let seen: AbortSignal | undefined;
    const transport = createRouterTransport(
      (router) =>
        router.service(ShopService, {
          version: (_, context) => {
            seen = context.signal;
            expect(seen.aborted).toBe(false);
            return {};
          },
        }),
      { router: { interceptors: [(next) => (req) => next({ ...req })] } }
    );
    await createClient(ShopService, transport).version({});
    expect(seen).toBeInstanceOf(AbortSignal);
    expect(seen!.aborted).toBe(true);
  });
});
