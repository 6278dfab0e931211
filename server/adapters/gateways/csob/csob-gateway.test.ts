import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memoryRecordStore } from "../memory-record-store";
import {
  GatewayReturnError,
  GatewayUnavailableError,
  type ExpectedReturn,
  type GatewayPaymentInit,
  type SandboxDecision,
  type SandboxPaymentView,
} from "../payment-gateway";
import {
  SANDBOX_GATEWAY_PRIVATE_KEY_PEM,
  SANDBOX_GATEWAY_PUBLIC_KEY_PEM,
  SANDBOX_MERCHANT_PRIVATE_KEY_PEM,
  SANDBOX_MERCHANT_PUBLIC_KEY_PEM,
} from "../sandbox-keys";
import { CsobGateway, type CsobGatewayOptions } from "./csob-gateway";
import { csobProtocolRouter, isSlowPayer, settleCsobPayment, type CsobSandboxPayment } from "./csob-protocol-server";
import {
  csobDttm,
  echoResponseText,
  initRequestText,
  paymentRequestText,
  paymentResponseText,
  refundRequestText,
  returnText,
  signText,
  verifyText,
  type CsobInitRequest,
  type CsobReturn,
} from "./signature";

const MERCHANT_ID = "A1029DTmM7";
const MOUNT = "/sandbox-gateway/csob/api/v1.9";
/** The same gateway, its slow payer's payment/init answering after a minute. */
const SLOW_MOUNT = "/slow-sandbox-gateway/csob/api/v1.9";
const RETURN_URL = "https://shop.example/payments/return?payment=p-1";

const store = memoryRecordStore<CsobSandboxPayment>();
const pages: { view: SandboxPaymentView; decideUrl: string }[] = [];
let server: Server;
let origin: string;
let apiUrl: string;

beforeAll(async () => {
  const app = express();
  const router = (slowMs?: number) =>
    csobProtocolRouter({
      merchants: { [MERCHANT_ID]: SANDBOX_MERCHANT_PUBLIC_KEY_PEM },
      gatewayPrivateKeyPem: SANDBOX_GATEWAY_PRIVATE_KEY_PEM,
      store,
      acceptsReturnUrl: (address) => new URL(address).host === new URL(RETURN_URL).host,
      renderPage: (view, decideUrl) => {
        pages.push({ view, decideUrl });
        return `<!doctype html><title>Pay</title><form method="post" action="${decideUrl}"></form>`;
      },
      slowMs,
    });
  app.use(MOUNT, router());
  app.use(SLOW_MOUNT, router(60_000));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  apiUrl = `${origin}${MOUNT}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  pages.length = 0;
});

function gateway(overrides: Partial<CsobGatewayOptions> = {}): CsobGateway {
  return new CsobGateway({
    apiUrl,
    publicUrl: MOUNT,
    merchantId: MERCHANT_ID,
    merchantPrivateKeyPem: SANDBOX_MERCHANT_PRIVATE_KEY_PEM,
    gatewayPublicKeyPem: SANDBOX_GATEWAY_PUBLIC_KEY_PEM,
    ...overrides,
  });
}

const init: GatewayPaymentInit = {
  paymentId: "5b1f7c1e-8d0e-4c43-9d55-1f0f6a2b9c11",
  orderNumber: "26000042",
  amount: 1_234_50,
  currency: "CZK",
  description: "Hotel Zlatá Hvězda, Praha – 2 noci",
  returnUrl: RETURN_URL,
  language: "cs",
  email: "jana@example.cz",
};

const expectedFor = (gatewayRef: string): ExpectedReturn => ({
  gatewayRef,
  orderNumber: init.orderNumber,
  amount: init.amount,
  currency: init.currency,
});

/** The visitor's round trip: the redirect to the payment page, a decision there, and the return's query. */
async function visitAndDecide(redirectUrl: string, decision: SandboxDecision) {
  const page = await fetch(new URL(redirectUrl, origin));
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  const { decideUrl } = pages.at(-1)!;
  return decide(decideUrl, decision);
}

async function decide(decideUrl: string, decision: SandboxDecision) {
  const answer = await fetch(new URL(decideUrl, origin), {
    method: "POST",
    body: new URLSearchParams({ decision }),
    redirect: "manual",
  });
  expect(answer.status).toBe(303);
  const location = new URL(answer.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe("https://shop.example/payments/return");
  expect(location.searchParams.get("payment")).toBe("p-1");
  return Object.fromEntries([...location.searchParams].filter(([name]) => name !== "payment"));
}

async function startAndDecide(decision: SandboxDecision, csob = gateway()) {
  const started = await csob.start(init);
  const params = await visitAndDecide(started.redirectUrl, decision);
  return { started, params };
}

const signedReturn = (fields: CsobReturn, privateKeyPem = SANDBOX_GATEWAY_PRIVATE_KEY_PEM): Record<string, string> => {
  const params = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { ...params, signature: signText(returnText(fields), privateKeyPem) };
};

const returnError = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("the return was believed"),
    (error: unknown) => {
      expect(error).toBeInstanceOf(GatewayReturnError);
      return (error as GatewayReturnError).problem;
    }
  );

describe("CsobGateway against the eAPI 1.9 protocol server", () => {
  it("starts a payment with the documented, signed payment/init", async () => {
    const sent: CsobInitRequest[] = [];
    const NOW = new Date("2030-01-10T11:00:00Z");
    const recording: typeof fetch = async (input, requestInit) => {
      sent.push(JSON.parse(String(requestInit?.body)));
      return fetch(input, requestInit);
    };
    const started = await gateway({ fetch: recording, now: () => NOW }).start(init);

    const [request] = sent;
    expect(request).toMatchObject({
      merchantId: MERCHANT_ID,
      orderNo: "26000042",
      dttm: "20300110120000",
      payOperation: "payment",
      payMethod: "card",
      totalAmount: 123450,
      currency: "CZK",
      closePayment: true,
      returnUrl: RETURN_URL,
      returnMethod: "GET",
      cart: [{ name: "Hotel Zlatá Hvězda,", quantity: 1, amount: 123450 }],
      customer: { email: "jana@example.cz" },
      merchantData: Buffer.from(init.paymentId).toString("base64"),
      language: "cs",
    });
    expect(
      verifyText(
        initRequestText(request),
        (request as { signature?: string }).signature,
        SANDBOX_MERCHANT_PUBLIC_KEY_PEM
      )
    ).toBe(true);
    expect(started.gatewayRef).toMatch(/^[0-9A-Za-z]{15}$/);
    expect(started.redirectUrl).toMatch(
      new RegExp(`^${MOUNT}/payment/process/${MERCHANT_ID}/${started.gatewayRef}/20300110120000/[^/]+$`)
    );
  });

  it("sends the process redirect to apiUrl when no publicUrl is given, and trims the cart name to 20 characters", async () => {
    const started = await gateway({ publicUrl: undefined, apiUrl: `${apiUrl}/` }).start({
      ...init,
      description: "  Pobyt  ",
      language: "pl",
      currency: "PLN",
    });
    expect(started.redirectUrl.startsWith(`${apiUrl}/payment/process/`)).toBe(true);
    await fetch(started.redirectUrl);
    expect(pages.at(-1)!.view).toEqual({
      gateway: "CSOB",
      ref: started.gatewayRef,
      orderNumber: "26000042",
      amount: 123450,
      currency: "PLN",
      description: "Pobyt",
      language: "pl",
    });
    expect(pages.at(-1)!.decideUrl).toBe(`${MOUNT}/payment/decide/${started.gatewayRef}`);
  });

  it("approve: the return is verified as paid, carries our payment id, and the status agrees", async () => {
    const csob = gateway();
    const { started, params } = await startAndDecide("approve", csob);
    expect(params).toMatchObject({ payId: started.gatewayRef, resultCode: "0", paymentStatus: "4" });
    expect(params.authCode).toMatch(/^\d{6}$/);
    expect(Buffer.from(params.merchantData, "base64").toString()).toBe(init.paymentId);

    await expect(csob.verifyReturn(params, expectedFor(started.gatewayRef))).resolves.toEqual({
      gatewayRef: started.gatewayRef,
      state: "paid",
    });
    await expect(csob.status(started.gatewayRef)).resolves.toBe("paid");
  });

  it("decline: rejected", async () => {
    const csob = gateway();
    const { started, params } = await startAndDecide("decline", csob);
    await expect(csob.verifyReturn(params, expectedFor(started.gatewayRef))).resolves.toEqual({
      gatewayRef: started.gatewayRef,
      state: "rejected",
    });
    await expect(csob.status(started.gatewayRef)).resolves.toBe("rejected");
  });

  it("cancel: cancelled", async () => {
    const csob = gateway();
    const { started, params } = await startAndDecide("cancel", csob);
    await expect(csob.verifyReturn(params, expectedFor(started.gatewayRef))).resolves.toEqual({
      gatewayRef: started.gatewayRef,
      state: "cancelled",
    });
  });

  it("later: waiting on the return and in the status, until a decision is made", async () => {
    const csob = gateway();
    const { started, params } = await startAndDecide("later", csob);
    expect(params).toMatchObject({ resultCode: "0", paymentStatus: "2" });
    await expect(csob.verifyReturn(params, expectedFor(started.gatewayRef))).resolves.toEqual({
      gatewayRef: started.gatewayRef,
      state: "waiting",
    });
    await expect(csob.status(started.gatewayRef)).resolves.toBe("waiting");

    const later = await visitAndDecide(started.redirectUrl, "approve");
    await expect(csob.verifyReturn(later, expectedFor(started.gatewayRef))).resolves.toMatchObject({ state: "paid" });
    await expect(csob.status(started.gatewayRef)).resolves.toBe("paid");
  });

  it("the same decision sent again answers the same return, as when the first answer was lost", async () => {
    const csob = gateway();
    const { started, params } = await startAndDecide("approve", csob);
    const again = await decide(pages.at(-1)!.decideUrl, "approve");
    expect(again).toMatchObject({ paymentStatus: params.paymentStatus, authCode: params.authCode });
    await expect(csob.verifyReturn(again, expectedFor(started.gatewayRef))).resolves.toMatchObject({ state: "paid" });
  });

  it("a decided payment's page and another decision are refused", async () => {
    const { started } = await startAndDecide("approve");
    expect((await fetch(new URL(started.redirectUrl, origin))).status).toBe(409);
    const again = await fetch(`${apiUrl}/payment/decide/${started.gatewayRef}`, {
      method: "POST",
      body: new URLSearchParams({ decision: "decline" }),
      redirect: "manual",
    });
    expect(again.status).toBe(409);
  });

  it("the protocol server refuses a request signed with another key, and the adapter reports it unavailable", async () => {
    const impostor = gateway({ merchantPrivateKeyPem: SANDBOX_GATEWAY_PRIVATE_KEY_PEM });
    await expect(impostor.start(init)).rejects.toThrow(GatewayUnavailableError);
    await expect(impostor.start(init)).rejects.toThrow(/resultCode 110: Invalid signature/);
    await expect(gateway({ merchantId: "UNKNOWN" }).start(init)).rejects.toThrow(/resultCode 120/);

    const { started } = await startAndDecide("approve");
    await expect(impostor.status(started.gatewayRef)).rejects.toThrow(/resultCode 110/);
    const tamperedPage = await fetch(new URL(started.redirectUrl.replace(/\/[^/]+$/, "/c2ln"), origin));
    expect(tamperedPage.status).toBe(401);
  });

  it("the protocol server starts no payment that would return the visitor to a host it does not accept", async () => {
    await expect(gateway().start({ ...init, returnUrl: "https://evil.example/x" })).rejects.toThrow(
      /resultCode 110: Invalid parameter returnUrl/
    );
  });

  it("refuses a return signed by another key, with a tampered field, without a signature, or of another payment", async () => {
    const csob = gateway();
    const declined = await startAndDecide("decline", csob);
    const approved = await startAndDecide("approve", csob);
    const expected = expectedFor(declined.started.gatewayRef);

    const forged = signedReturn(declined.params as unknown as CsobReturn, SANDBOX_MERCHANT_PRIVATE_KEY_PEM);
    expect(await returnError(csob.verifyReturn(forged, expected))).toBe("invalid_signature");
    const tampered = { ...declined.params, paymentStatus: "4" };
    expect(await returnError(csob.verifyReturn(tampered, expected))).toBe("invalid_signature");
    const { signature: _, ...unsigned } = declined.params;
    expect(await returnError(csob.verifyReturn(unsigned, expected))).toBe("invalid_signature");
    const { payId: __, ...withoutPayId } = declined.params;
    expect(await returnError(csob.verifyReturn(withoutPayId, expected))).toBe("invalid_signature");

    expect(await returnError(csob.verifyReturn(approved.params, expected))).toBe("verification_failed");
  });

  it("reads a return by its paymentStatus, also when the resultCode is not 0", async () => {
    const csob = gateway();
    const base = { payId: "abcdefghijklmno", dttm: "20300110120000", resultMessage: "Declined" };
    const expected = expectedFor(base.payId);
    await expect(
      csob.verifyReturn(signedReturn({ ...base, resultCode: "130", paymentStatus: "6" }), expected)
    ).resolves.toEqual({ gatewayRef: base.payId, state: "rejected" });
    await expect(
      csob.verifyReturn(signedReturn({ ...base, resultCode: "0", paymentStatus: "7", authCode: "1" }), expected)
    ).resolves.toMatchObject({ state: "paid" });
    expect(await returnError(csob.verifyReturn(signedReturn({ ...base, resultCode: "900" }), expected))).toBe(
      "status_invalid"
    );
    expect(
      await returnError(csob.verifyReturn(signedReturn({ ...base, resultCode: "0", paymentStatus: "11" }), expected))
    ).toBe("status_invalid");
  });

  it("gives an authorised payment back by payment/reverse: revoked, and again revoked when retried", async () => {
    const csob = gateway();
    const { started } = await startAndDecide("approve", csob);
    await expect(csob.refund(started.gatewayRef, init.amount)).resolves.toBe("revoked");
    expect((await store.get(started.gatewayRef))?.paymentStatus).toBe(5);
    await expect(csob.status(started.gatewayRef)).resolves.toBe("revoked");
    await expect(csob.refund(started.gatewayRef, init.amount)).resolves.toBe("revoked");
  });

  it("gives a settled payment back by payment/refund: refunded", async () => {
    const csob = gateway();
    const { started } = await startAndDecide("approve", csob);
    await expect(settleCsobPayment(store, started.gatewayRef)).resolves.toBe(true);
    await expect(csob.status(started.gatewayRef)).resolves.toBe("paid");
    await expect(csob.refund(started.gatewayRef, init.amount)).resolves.toBe("refunded");
    expect((await store.get(started.gatewayRef))?.paymentStatus).toBe(10);
    await expect(csob.status(started.gatewayRef)).resolves.toBe("refunded");
    await expect(settleCsobPayment(store, started.gatewayRef)).resolves.toBe(false);
  });

  it("has nothing to give back for a payment that was never paid", async () => {
    const csob = gateway();
    const { started } = await startAndDecide("decline", csob);
    await expect(csob.refund(started.gatewayRef, init.amount)).rejects.toThrow(GatewayUnavailableError);
    await expect(csob.refund(started.gatewayRef, 0)).rejects.toThrow(RangeError);
  });

  it("reports an unknown payment as the gateway's resultCode 140", async () => {
    await expect(gateway().status("abcdefghijklmno")).rejects.toThrow(/resultCode 140: Payment not found/);
  });
});

describe("the sandbox's slow payer", () => {
  it("is an e-mail whose local part is dzb-sim-slow, tagged or not", () => {
    expect(isSlowPayer("dzb-sim-slow@example.cz")).toBe(true);
    expect(isSlowPayer("DZB-SIM-SLOW+w1-3@example.cz")).toBe(true);
    expect(isSlowPayer("dzb-sim-slower@example.cz")).toBe(false);
    expect(isSlowPayer("jana.dzb-sim-slow@example.cz")).toBe(false);
    expect(isSlowPayer(undefined)).toBe(false);
  });

  it("waits for payment/init as long as the sandbox is told to, while another payer's is answered", async () => {
    const slow = (timeoutMs?: number) => gateway({ apiUrl: `${origin}${SLOW_MOUNT}`, publicUrl: SLOW_MOUNT, timeoutMs });
    await expect(slow().start(init)).resolves.toMatchObject({ redirectUrl: expect.stringContaining(SLOW_MOUNT) });
    await expect(slow(200).start({ ...init, email: "dzb-sim-slow+1@example.cz" })).rejects.toThrow(
      GatewayUnavailableError
    );
  });
});

describe("CsobGateway when the gateway misbehaves", () => {
  const answering =
    (body: string, status = 200): typeof fetch =>
    async () =>
      new Response(body, { status, headers: { "content-type": "application/json" } });

  it("refuses an answer not signed by the gateway", async () => {
    const answer = { payId: "abcdefghijklmno", dttm: "20300110120000", resultCode: 0, resultMessage: "OK" };
    const forged = {
      ...answer,
      paymentStatus: 4,
      signature: signText(paymentResponseText({ ...answer, paymentStatus: 4 }), SANDBOX_MERCHANT_PRIVATE_KEY_PEM),
    };
    await expect(gateway({ fetch: answering(JSON.stringify(forged)) }).status("abcdefghijklmno")).rejects.toThrow(
      /not signed by the gateway/
    );
  });

  it("reports HTTP errors without JSON, unreachable gateways and timeouts as unavailable", async () => {
    await expect(gateway({ fetch: answering("<html>busy</html>", 503) }).start(init)).rejects.toThrow(
      /HTTP 503 without JSON/
    );
    await expect(gateway({ fetch: answering("{}", 500) }).start(init)).rejects.toThrow(
      /HTTP 500 without a result code/
    );
    const unreachable: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    await expect(gateway({ fetch: unreachable }).start(init)).rejects.toThrow(/could not be reached/);
    const hanging: typeof fetch = (_input, requestInit) =>
      new Promise((_resolve, reject) =>
        requestInit?.signal?.addEventListener("abort", () => reject(requestInit.signal?.reason))
      );
    await expect(gateway({ fetch: hanging, timeoutMs: 20 }).status("abcdefghijklmno")).rejects.toThrow(
      GatewayUnavailableError
    );
  });
});

describe("the protocol server's answers", () => {
  const dttm = () => csobDttm(new Date("2030-01-10T11:00:00Z"));
  const signed = <T extends object>(request: T, text: string) => ({
    ...request,
    signature: signText(text, SANDBOX_MERCHANT_PRIVATE_KEY_PEM),
  });
  const put = async (operation: string, body: object) => {
    const answer = await fetch(`${apiUrl}/payment/${operation}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: answer.status, json: await answer.json() };
  };
  const isGatewaySigned = (json: Record<string, unknown>) =>
    verifyText(paymentResponseText(json as never), json.signature as string, SANDBOX_GATEWAY_PUBLIC_KEY_PEM);

  async function createdPayment(): Promise<string> {
    return (await gateway().start(init)).gatewayRef;
  }

  it("refuses to reverse or refund a payment in the wrong state with a signed 150", async () => {
    const payId = await createdPayment();
    const request = { merchantId: MERCHANT_ID, payId, dttm: dttm() };
    const reverse = await put("reverse", signed(request, paymentRequestText(request)));
    expect(reverse.json).toMatchObject({ payId, resultCode: 150, paymentStatus: 1 });
    expect(isGatewaySigned(reverse.json)).toBe(true);
    const refund = await put(
      "refund",
      signed({ ...request, amount: 100 }, refundRequestText({ ...request, amount: 100 }))
    );
    expect(refund.json).toMatchObject({ resultCode: 150, paymentStatus: 1 });
  });

  it("answers 100 for a missing field, 110 for an invalid one, 120 for an unknown merchant", async () => {
    const payId = await createdPayment();
    const request = { merchantId: MERCHANT_ID, payId, dttm: dttm() };
    const missing = await put("reverse", { merchantId: MERCHANT_ID, payId });
    expect(missing).toMatchObject({ status: 400, json: { resultCode: 100, resultMessage: "Missing parameter dttm" } });
    const invalid = await put("reverse", { ...signed(request, paymentRequestText(request)), dttm: "yesterday" });
    expect(invalid).toMatchObject({ status: 400, json: { resultCode: 110, resultMessage: "Invalid parameter dttm" } });
    const stranger = { ...request, merchantId: "STRANGER" };
    expect(await put("reverse", signed(stranger, paymentRequestText(stranger)))).toMatchObject({
      status: 403,
      json: { resultCode: 120 },
    });

    const badInit = signed(
      { ...validInitRequest(), totalAmount: 1 },
      initRequestText({ ...validInitRequest(), totalAmount: 1 })
    );
    const answer = await fetch(`${apiUrl}/payment/init`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(badInit),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ resultCode: 110, resultMessage: "Invalid parameter totalAmount" });
  });

  it("answers 401 for a bad signature and 110 for a body that is not JSON", async () => {
    const request = validInitRequest();
    const forged = { ...request, signature: signText(initRequestText(request), SANDBOX_GATEWAY_PRIVATE_KEY_PEM) };
    const post = (body: string) =>
      fetch(`${apiUrl}/payment/init`, { method: "POST", headers: { "content-type": "application/json" }, body });
    const refused = await post(JSON.stringify(forged));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ resultCode: 110, resultMessage: "Invalid signature" });
    const garbled = await post("{");
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ resultCode: 110 });
  });

  it("answers echo, signed", async () => {
    const at = dttm();
    const signature = signText(`${MERCHANT_ID}|${at}`, SANDBOX_MERCHANT_PRIVATE_KEY_PEM);
    const answer = await fetch(`${apiUrl}/echo/${MERCHANT_ID}/${at}/${encodeURIComponent(signature)}`);
    const json = await answer.json();
    expect(json).toMatchObject({ resultCode: 0, resultMessage: "OK" });
    expect(verifyText(echoResponseText(json), json.signature, SANDBOX_GATEWAY_PUBLIC_KEY_PEM)).toBe(true);
  });

  function validInitRequest(): CsobInitRequest {
    return {
      merchantId: MERCHANT_ID,
      orderNo: "1",
      dttm: dttm(),
      totalAmount: 100,
      currency: "CZK",
      returnUrl: RETURN_URL,
      returnMethod: "GET",
      cart: [{ name: "Item", quantity: 1, amount: 100 }],
      language: "en",
    };
  }
});
