import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

const request = () => new Request("http://localhost/zamowienie?_data=default--order");

describe("what a failed request leaves in the log", () => {
  afterEach(() => vi.restoreAllMocks());

  it("nothing for a refusal of the request itself: a stranger cannot fill the log with them", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const mismatch = new Error('Route "default--order" does not match URL "/zamowienie"');
    for (const status of [400, 403, 404, 405]) {
      handleError(new ErrorResponse(status, "", mismatch, true), { request: request() });
    }
    expect(log).not.toHaveBeenCalled();
  });

  it("the error, for a failure of the server, and the router's own error inside its answer", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new TypeError("text.trim is not a function");
    handleError(failure, { request: request() });
    const routerError = new Error("the router failed");
    handleError(new ErrorResponse(500, "", routerError, true), { request: request() });
    expect(log.mock.calls).toEqual([[failure], [routerError]]);
  });

  it("nothing for a request the visitor gave up on", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), { request: new Request("http://localhost/", { signal: controller.signal }) });
    expect(log).not.toHaveBeenCalled();
  });
});
