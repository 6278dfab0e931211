import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { ErrorCode, ErrorDetailSchema } from "../../../gen/dzb/shop/v1/errors_pb";
import { apiError, toApiError } from "./api-error";

describe("toApiError", () => {
  it("keeps an api error's catalogue code and field, adding the request id", () => {
    const { error } = toApiError(
      apiError(Code.NotFound, ErrorCode.ORDER_NOT_FOUND, "no such order", "order_id"),
      "r-1"
    );
    expect(error.code).toBe(Code.NotFound);
    expect(error.findDetails(ErrorDetailSchema)).toEqual([
      expect.objectContaining({ code: ErrorCode.ORDER_NOT_FOUND, field: "order_id", requestId: "r-1" }),
    ]);
  });

  it("gives a Connect runtime error a catalogue code from its Connect code", () => {
    const { detail } = toApiError(new ConnectError("not implemented", Code.Unimplemented), "r-2");
    expect(detail).toEqual({ code: ErrorCode.NOT_IMPLEMENTED, field: "", requestId: "r-2" });
  });

  it("hides an unexpected exception behind internal error, keeping it as the cause", () => {
    const bug = new TypeError("cannot read properties of undefined (reading 'email')");
    const { error, detail } = toApiError(bug, "r-3");
    expect(error.code).toBe(Code.Internal);
    expect(error.rawMessage).toBe("internal error");
    expect(error.cause).toBe(bug);
    expect(detail.code).toBe(ErrorCode.INTERNAL);
  });
});
