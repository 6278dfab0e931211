import { durationMs } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Currency, Environment, Lang, Product } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import { PaymentMethodType } from "../../gen/dzb/shop/v1/payment_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { now, variants } from "../fixtures/hotel-orders";

const czVariant = { product: Product.DZB_CZ, lang: Lang.CS, currency: Currency.CZK };
const czVariantJson = { product: "PRODUCT_DZB_CZ", lang: "LANG_CS", currency: "CURRENCY_CZK" };

let api: RunningApi;
let client: Client<typeof ShopService>;

beforeAll(async () => {
  api = await startApiServer({ now: () => now });
  client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
});

afterAll(async () => {
  await api.stop();
});

/** A call as a browser or curl makes it, to see the wire format the web tier relies on. */
function post(method: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${api.baseUrl}/dzb.shop.v1.ShopService/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });
}

/** The error a client call fails with; a call that succeeds fails the test. */
async function failureOf(call: Promise<unknown>): Promise<ConnectError> {
  return call.then(
    () => expect.fail("the call should fail"),
    (e: unknown) => ConnectError.from(e)
  );
}

interface ConnectErrorJson {
  code: string;
  message: string;
  details?: { type: string; value: string; debug?: { code?: string; requestId?: string; field?: string } }[];
}

async function expectConnectError(response: Response, status: number, code: string): Promise<ConnectErrorJson> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const json = (await response.json()) as ConnectErrorJson;
  expect(json).toMatchObject({ code, message: expect.any(String) });
  return json;
}

describe("Version", () => {
  it("answers the process's build facts over a Connect client", async () => {
    const answer = await client.version({});
    const { build } = api.deps.config;
    expect(answer).toMatchObject({
      env: Environment.TEST,
      dockerTag: build.dockerTag,
      version: build.version,
      branch: build.branch,
      commit: build.commit,
    });
    expect(durationMs(answer.uptime!)).toBeGreaterThan(0);
    expect(durationMs(answer.uptime!)).toBeLessThanOrEqual(process.uptime() * 1000);
  });

  it("answers proto3 JSON with lowerCamelCase names to a plain POST", async () => {
    const response = await post("Version", "{}");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      env: "ENVIRONMENT_TEST",
      dockerTag: "local",
      version: "0.1.0",
      branch: "local",
      commit: "unknown",
      uptime: expect.stringMatching(/^\d+(\.\d+)?s$/),
    });
  });
});

describe("PaymentMethods", () => {
  it("lists hotel and voucher methods of the variant", async () => {
    const { hotelMethods, voucherMethods } = await client.paymentMethods({ productVariant: czVariant });
    expect(hotelMethods.map((m) => m.methodId)).toEqual([
      "edenred_card",
      "edenred_cafeteria",
      "pluxee_cafeteria",
      "up_card",
      "benefit_systems",
      "payment_card",
      "transfer",
    ]);
    expect(voucherMethods.map((m) => m.methodId)).toContain("transfer");
    expect(hotelMethods.find((m) => m.methodId === "transfer")).toMatchObject({
      type: PaymentMethodType.BANK_TRANSFER,
      translationCode: "payment_method.transfer",
    });
  });

  it("answers JSON the web can read without the generated code", async () => {
    const response = await post("PaymentMethods", JSON.stringify({ productVariant: czVariantJson }));
    const json = (await response.json()) as { hotelMethods: unknown[] };
    expect(json.hotelMethods[0]).toEqual({
      methodId: "edenred_card",
      type: "PAYMENT_METHOD_TYPE_BENEFIT_PROVIDER",
      name: "Edenred card",
      translationCode: "payment_method.edenred_card",
      feeBasisPoints: 590,
    });
  });

  it("tells each method's fee in the variant: the Czech rates, none for card and transfer, none where unstated", async () => {
    const fees = async (productVariant: typeof variants.DZB_PL) =>
      Object.fromEntries(
        (await client.paymentMethods({ productVariant })).hotelMethods.map((m) => [m.methodId, m.feeBasisPoints])
      );
    expect(await fees(czVariant)).toEqual({
      edenred_card: 590,
      edenred_cafeteria: 590,
      pluxee_cafeteria: 1000,
      up_card: 690,
      benefit_systems: 1000,
      payment_card: 0,
      transfer: 0,
    });
    expect(await fees(variants.DZB_PL)).toMatchObject({ pluxee_cafeteria: 0, benefit_systems: 0, up_card: 690 });
  });
});

describe("errors come as Connect error JSON, never a 500", () => {
  it("a body that is not JSON is invalid_argument", async () => {
    await expectConnectError(await post("PaymentMethods", "{not json"), 400, "invalid_argument");
  });

  it("an unknown enum name is invalid_argument", async () => {
    const body = JSON.stringify({ productVariant: { ...czVariantJson, lang: "LANG_XX" } });
    await expectConnectError(await post("PaymentMethods", body), 400, "invalid_argument");
  });

  it("an undeclared enum number is invalid_argument naming the field", async () => {
    const body = JSON.stringify({ productVariant: { ...czVariantJson, lang: 42 }, orderId: crypto.randomUUID() });
    const json = await expectConnectError(await post("OrderDetail", body), 400, "invalid_argument");
    expect(json.details?.[0]?.debug).toMatchObject({
      code: "ERROR_CODE_INVALID_ARGUMENT",
      field: "product_variant.lang",
    });
  });

  it("a missing product variant is invalid_argument with its catalogue code", async () => {
    const json = await expectConnectError(await post("PaymentMethods", "{}"), 400, "invalid_argument");
    expect(json.details).toEqual([
      expect.objectContaining({
        type: "dzb.shop.v1.ErrorDetail",
        debug: expect.objectContaining({ code: "ERROR_CODE_PRODUCT_VARIANT_MISSING", field: "product_variant" }),
      }),
    ]);
  });

  it("a text/plain body is refused with 415 and an explanation", async () => {
    const response = await post("Version", "{}", { "Content-Type": "text/plain" });
    const json = await expectConnectError(response, 415, "invalid_argument");
    expect(json.details?.[0]?.debug).toMatchObject({ code: "ERROR_CODE_UNSUPPORTED_REQUEST" });
  });

  it("a GET is refused with 405", async () => {
    const response = await fetch(`${api.baseUrl}/dzb.shop.v1.ShopService/Version`);
    await expectConnectError(response, 405, "invalid_argument");
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("an unknown method is unimplemented with 404", async () => {
    const json = await expectConnectError(await post("HotelTeleport", "{}"), 404, "unimplemented");
    expect(json.details?.[0]?.debug).toMatchObject({ code: "ERROR_CODE_NOT_IMPLEMENTED" });
  });

  it("the Connect client reads the detail of a refused request", async () => {
    const error = await failureOf(client.paymentMethods({}));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.findDetails(ErrorDetailSchema)[0]).toMatchObject({ code: ErrorCode.PRODUCT_VARIANT_MISSING });
  });
});

describe("request id", () => {
  it("comes back as sent and is the one in the error detail", async () => {
    const response = await post("PaymentMethods", "{}", { "X-Request-Id": "web-req-42" });
    expect(response.headers.get("x-request-id")).toBe("web-req-42");
    const json = await expectConnectError(response, 400, "invalid_argument");
    expect(json.details?.[0]?.debug?.requestId).toBe("web-req-42");
  });

  it("is made up when the caller sends none or an odd one, and matches the detail", async () => {
    const response = await post("OrderDetail", JSON.stringify({ productVariant: czVariantJson, orderId: "7" }), {
      "X-Request-Id": "no spaces allowed",
    });
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    const json = await expectConnectError(response, 400, "invalid_argument");
    expect(json.details?.[0]?.debug).toMatchObject({ code: "ERROR_CODE_INVALID_UUID", field: "order_id", requestId });
  });

  it("is sent on success too", async () => {
    const response = await post("Version", "{}");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });
});
