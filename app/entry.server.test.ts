import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import type { AppLoadContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

const request = () => new Request("http://localhost/zamowienie?_data=default--order");
/** The web server's context as far as handleError reads it: where failures are reported to the monitoring. */
const reported: unknown[] = [];
const context = { reportError: (error: unknown) => reported.push(error) } as unknown as AppLoadContext;

describe("what a failed request leaves in the log and reports to the monitoring", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    reported.length = 0;
  });

  it("nothing for a refusal of the request itself: a stranger cannot fill the log with them", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const mismatch = new Error('Route "default--order" does not match URL "/zamowienie"');
    for (const status of [400, 403, 404, 405]) {
      handleError(new ErrorResponse(status, "", mismatch, true), { request: request(), context });
    }
    expect(log).not.toHaveBeenCalled();
    expect(reported).toEqual([]);
  });

  it("the error, for a failure of the server, and the router's own error inside its answer", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new TypeError("text.trim is not a function");
    handleError(failure, { request: request(), context });
    const routerError = new Error("the router failed");
    handleError(new ErrorResponse(500, "", routerError, true), { request: request(), context });
    expect(log.mock.calls).toEqual([[failure], [routerError]]);
    expect(reported).toEqual([failure, new ErrorResponse(500, "", routerError, true)]);
  });

  it("nothing for a request the visitor gave up on", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), { request: new Request("http://localhost/", { signal: controller.signal }), context });
    expect(log).not.toHaveBeenCalled();
    expect(reported).toEqual([]);
  });
});
