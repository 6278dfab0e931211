import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import { refusalOf } from "./connect-adapter";

function catalogueCodeOf(error: ConnectError) {
  return error.findDetails(ErrorDetailSchema)[0]?.code;
}

describe("refusalOf", () => {
  it("calls a request Connect refused as too large 413 REQUEST_TOO_LARGE", () => {
    const raised = new ConnectError("message size is larger than configured readMaxBytes 131072", Code.ResourceExhausted);
    const { status, error } = refusalOf(raised, false);
    expect(status).toBe(413);
    expect(error.code).toBe(Code.ResourceExhausted);
    expect(catalogueCodeOf(error)).toBe(ErrorCode.REQUEST_TOO_LARGE);
  });

  it.each([
    ["a broken gzip", new ConnectError("decompression failed", Code.Internal)],
    ["broken protobuf", new ConnectError("parse binary: premature EOF", Code.Internal)],
    ["broken JSON", new ConnectError("cannot decode message from JSON", Code.InvalidArgument)],
    ["a client gone while it sent", new ConnectError("operation was aborted", Code.Aborted)],
  ])("calls %s, found before the request was decoded, 400 MALFORMED_REQUEST", (_what, raised) => {
    const { status, error } = refusalOf(raised, false);
    expect(status).toBe(400);
    expect(error.code).toBe(Code.InvalidArgument);
    expect(catalogueCodeOf(error)).toBe(ErrorCode.MALFORMED_REQUEST);
    expect(error.rawMessage).toBe(raised.rawMessage);
  });

  it("repeats no more than the start of a long message", () => {
    const raised = new ConnectError(`invalid connect timeout value: ${"9".repeat(10_000)}`, Code.InvalidArgument);
    expect(refusalOf(raised, false).error.rawMessage).toHaveLength(300);
  });

  it("keeps a failure after the request was decoded as the api's own", () => {
    const raised = new ConnectError("serialize binary: invalid utf-8", Code.Internal);
    expect(refusalOf(raised, true)).toEqual({ status: 500, error: raised });
  });
});
