import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import type { AppLoadContext } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { handleError } from "./entry.server";

const request = () => new Request("http://localhost/zamowienie?_data=default--order");
/** The web server's context as far as handleError reads it: where failures are logged and reported to the monitoring. */
const logged: unknown[] = [];
const reported: unknown[] = [];
const context = {
  logError: (error: unknown) => logged.push(error),
  reportError: (error: unknown) => reported.push(error),
} as unknown as AppLoadContext;

describe("what a failed request leaves in the log and reports to the monitoring", () => {
  afterEach(() => {
    logged.length = 0;
    reported.length = 0;
  });

  it("nothing for a refusal of the request itself: a stranger cannot fill the log with them", () => {
    const mismatch = new Error('Route "default--order" does not match URL "/zamowienie"');
    for (const status of [400, 403, 404, 405]) {
      handleError(new ErrorResponse(status, "", mismatch, true), { request: request(), context });
    }
    expect(logged).toEqual([]);
    expect(reported).toEqual([]);
  });

  it("the error, for a failure of the server, and the router's own error inside its answer", () => {
    const failure = new TypeError("text.trim is not a function");
    handleError(failure, { request: request(), context });
    const routerError = new Error("the router failed");
    handleError(new ErrorResponse(500, "", routerError, true), { request: request(), context });
    expect(logged).toEqual([failure, routerError]);
    expect(reported).toEqual([failure, new ErrorResponse(500, "", routerError, true)]);
  });

  it("nothing for a request the visitor gave up on", () => {
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), { request: new Request("http://localhost/", { signal: controller.signal }), context });
    expect(logged).toEqual([]);
    expect(reported).toEqual([]);
  });
});
