import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryRecordStore } from "../memory-record-store";
import {
  GatewayReturnError,
  GatewayUnavailableError,
  type ExpectedReturn,
  type GatewayPaymentInit,
  type SandboxDecision,
  type SandboxPaymentView,
} from "../payment-gateway";
import { cafeteriaSandboxCredentials } from "../sandbox-keys/cafeteria-secrets";
import { CafeteriaGateway, type CafeteriaGatewayOptions } from "./cafeteria-gateway";
import { sign, type CafeteriaReturn } from "./cafeteria-protocol";
import {
  cafeteriaProtocolRouter,
  settleCafeteriaPayment,
  type CafeteriaSandboxPayment,
} from "./cafeteria-protocol-server";

const { merchantId, sharedSecret } = cafeteriaSandboxCredentials.PLUXEE;
const mount = "/sandbox-gateway/pluxee";

const store = memoryRecordStore<CafeteriaSandboxPayment>();
const pages: SandboxPaymentView[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use(
    mount,
    cafeteriaProtocolRouter({
      gatewayType: "PLUXEE",
      merchants: { [merchantId]: sharedSecret },
      store,
      renderPage: (view, decideUrl) => {
        pages.push(view);
        return `<form method="post" action="${decideUrl}"></form>`;
      },
      publicUrl: mount,
      acceptsReturnUrl: (address) => new URL(address).host === "shop.example",
    })
  );
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function gateway(overrides: Partial<CafeteriaGatewayOptions> = {}): CafeteriaGateway {
  return new CafeteriaGateway({ type: "PLUXEE", apiUrl: `${origin}${mount}`, merchantId, sharedSecret, ...overrides });
}

let orderCounter = 1000;

function init(overrides: Partial<GatewayPaymentInit> = {}): GatewayPaymentInit {
  return {
    paymentId: crypto.randomUUID(),
    orderNumber: String(orderCounter++),
    amount: 1234_50,
    currency: "CZK",
    description: "Hotel Paříž, 2 nights",
    returnUrl: "https://shop.example/payment/return?payment=abc",
    language: "cs",
    ...overrides,
  };
}

interface Paid {
  expected: ExpectedReturn;
  returnUrl: URL;
  params: Record<string, string>;
}

/** Starts a payment, opens its page like a browser and submits `decision`; answers where the visitor is sent back. */
async function pay(decision: SandboxDecision, input = init(), gw = gateway()): Promise<Paid> {
  const started = await gw.start(input);
  const page = await fetch(new URL(started.redirectUrl, origin));
  expect(page.status).toBe(200);
  const decideUrl = /action="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  const decided = await fetch(new URL(decideUrl, origin), {
    method: "POST",
    body: new URLSearchParams({ decision }),
    redirect: "manual",
  });
  expect(decided.status).toBe(303);
  const returnUrl = new URL(decided.headers.get("location") ?? "");
  return {
    expected: {
      gatewayRef: started.gatewayRef,
      orderNumber: input.orderNumber,
      amount: input.amount,
      currency: input.currency,
    },
    returnUrl,
    params: Object.fromEntries(returnUrl.searchParams),
  };
}

/** The return with some fields changed and signed again, over the signing string decision 009 documents. */
function resigned({ params }: Paid, changes: Partial<Record<keyof CafeteriaReturn, string>>): Record<string, string> {
  const fields: Record<string, string> = { ...params, ...changes };
  const names = ["transactionId", "orderNumber", "amount", "currency", "status", "timestamp"];
  return { ...fields, signature: sign(sharedSecret, names.map((name) => fields[name] ?? "").join("|")) };
}

async function problemOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught
  );
  expect(error).toBeInstanceOf(GatewayReturnError);
  return (error as GatewayReturnError).problem;
}

async function unavailable(promise: Promise<unknown>): Promise<GatewayUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught
  );
  expect(error).toBeInstanceOf(GatewayUnavailableError);
  return error as GatewayUnavailableError;
}

describe("a payment through the cafeteria gateway", () => {
  it("is started, shown on the gateway's page, approved and verified as paid", async () => {
    const input = init({ amount: 999_00, currency: "PLN", language: "pl" });
    const paid = await pay("approve", input);
    expect(pages.at(-1)).toEqual({
      gateway: "PLUXEE",
      ref: paid.expected.gatewayRef,
      orderNumber: input.orderNumber,
      amount: 999_00,
      currency: "PLN",
      description: input.description,
      language: "pl",
    });
    expect(`${paid.returnUrl.origin}${paid.returnUrl.pathname}`).toBe("https://shop.example/payment/return");
    expect(paid.params).toMatchObject({
      payment: "abc",
      transactionId: paid.expected.gatewayRef,
      orderNumber: input.orderNumber,
      amount: "99900",
      currency: "PLN",
      status: "AUTHORIZED",
    });
    expect(await gateway().verifyReturn(paid.params, paid.expected)).toEqual({
      gatewayRef: paid.expected.gatewayRef,
      state: "paid",
    });
    expect(await gateway().status(paid.expected.gatewayRef)).toBe("paid");
  });

  it("stores what the shop sent, its payment id as the reference", async () => {
    const input = init();
    const started = await gateway().start(input);
    expect(await store.get(started.gatewayRef)).toMatchObject({
      merchantId,
      orderNumber: input.orderNumber,
      amount: input.amount,
      reference: input.paymentId,
      returnUrl: input.returnUrl,
      status: "CREATED",
    });
    expect(started.redirectUrl).toBe(`${mount}/pay/${started.gatewayRef}`);
    expect(await gateway().status(started.gatewayRef)).toBe("waiting");
  });

  it("sends the browser to the public base it is given", async () => {
    const started = await gateway({ publicUrl: "https://pay.example/gw/" }).start(init());
    expect(started.redirectUrl).toBe(`https://pay.example/gw/pay/${started.gatewayRef}`);
  });

  it("answers rejected when the visitor declines and cancelled when they cancel", async () => {
    const declined = await pay("decline");
    expect((await gateway().verifyReturn(declined.params, declined.expected)).state).toBe("rejected");
    const cancelled = await pay("cancel");
    expect((await gateway().verifyReturn(cancelled.params, cancelled.expected)).state).toBe("cancelled");
  });

  it("waits when the visitor decides later, and knows the decision taken afterwards", async () => {
    const later = await pay("later");
    expect(later.params.status).toBe("PENDING");
    expect((await gateway().verifyReturn(later.params, later.expected)).state).toBe("waiting");

    const decided = await fetch(`${origin}${mount}/pay/${later.expected.gatewayRef}/decide`, {
      method: "POST",
      body: new URLSearchParams({ decision: "approve" }),
      redirect: "manual",
    });
    expect(decided.status).toBe(303);
    expect(await gateway().status(later.expected.gatewayRef)).toBe("paid");
    // The pending return, read after the decision, answers what the gateway holds now.
    expect((await gateway().verifyReturn(later.params, later.expected)).state).toBe("paid");
  });

  it("refuses a decision it does not know", async () => {
    const started = await gateway().start(init());
    const decided = await fetch(`${origin}${mount}/pay/${started.gatewayRef}/decide`, {
      method: "POST",
      body: new URLSearchParams({ decision: "maybe" }),
      redirect: "manual",
    });
    expect(decided.status).toBe(400);
    expect(await gateway().status(started.gatewayRef)).toBe("waiting");
  });

  it("shows a decided payment's page no more and refuses another decision, but answers the same one again", async () => {
    const paid = await pay("approve");
    expect((await fetch(`${origin}${mount}/pay/${paid.expected.gatewayRef}`)).status).toBe(409);
    expect((await fetch(`${origin}${mount}/pay/unknown`)).status).toBe(404);
    const decideAgain = (decision: SandboxDecision) =>
      fetch(`${origin}${mount}/pay/${paid.expected.gatewayRef}/decide`, {
        method: "POST",
        body: new URLSearchParams({ decision }),
        redirect: "manual",
      });
    expect((await decideAgain("decline")).status).toBe(409);
    // Its first answer lost, the load balancer resends the decision: the customer goes back as the first would have.
    const again = await decideAgain("approve");
    expect(again.status).toBe(303);
    const params = Object.fromEntries(new URL(again.headers.get("location")!).searchParams);
    expect((await gateway().verifyReturn(params, paid.expected)).state).toBe("paid");
  });
});

describe("a return that must not be believed", () => {
  it("lacks the currency", async () => {
    const paid = await pay("approve");
    const { currency: _, ...params } = paid.params;
    expect(await problemOf(gateway().verifyReturn(params, paid.expected))).toBe("currency_missing");
  });

  it("lacks the order number", async () => {
    const paid = await pay("approve");
    const params = { ...paid.params, orderNumber: "" };
    expect(await problemOf(gateway().verifyReturn(params, paid.expected))).toBe("order_number_missing");
  });

  it.each(["123.45", "12e3", "-5", "0", "", "0012345"])("has the amount %j, not whole minor units", async (amount) => {
    const paid = await pay("approve");
    const params = resigned(paid, { amount });
    expect(await problemOf(gateway().verifyReturn(params, paid.expected))).toBe("amount_invalid");
  });

  it("has another amount than the payment, signed", async () => {
    const paid = await pay("approve");
    const params = resigned(paid, { amount: "100" });
    expect(await problemOf(gateway().verifyReturn(params, paid.expected))).toBe("amount_invalid");
  });

  it.each(["REFUNDED", "SETTLED", "CREATED", "PAID", "authorized", ""])("has the status %j", async (status) => {
    const paid = await pay("approve");
    const params = resigned(paid, { status });
    expect(await problemOf(gateway().verifyReturn(params, paid.expected))).toBe("status_invalid");
  });

  it("has no signature, or one made with another secret", async () => {
    const paid = await pay("approve");
    const { signature: _, ...unsigned } = paid.params;
    expect(await problemOf(gateway().verifyReturn(unsigned, paid.expected))).toBe("verification_failed");
    const otherSecret = gateway({ sharedSecret: cafeteriaSandboxCredentials.EDENRED.sharedSecret });
    expect(await problemOf(otherSecret.verifyReturn(paid.params, paid.expected))).toBe("verification_failed");
  });

  it("has a field changed after signing", async () => {
    const declined = await pay("decline");
    const params = { ...declined.params, status: "AUTHORIZED" };
    expect(await problemOf(gateway().verifyReturn(params, declined.expected))).toBe("verification_failed");
    const timestamp = { ...declined.params, timestamp: new Date(0).toISOString() };
    expect(await problemOf(gateway().verifyReturn(timestamp, declined.expected))).toBe("verification_failed");
  });

  it("is another payment's, validly signed", async () => {
    const mine = await pay("decline");
    const theirs = await pay("approve", init({ amount: mine.expected.amount }));
    expect(await problemOf(gateway().verifyReturn(theirs.params, mine.expected))).toBe("verification_failed");
  });

  it("names another order or currency, signed", async () => {
    const paid = await pay("approve");
    const order = resigned(paid, { orderNumber: "1" });
    expect(await problemOf(gateway().verifyReturn(order, paid.expected))).toBe("verification_failed");
    const currency = resigned(paid, { currency: "EUR" });
    expect(await problemOf(gateway().verifyReturn(currency, paid.expected))).toBe("verification_failed");
  });

  it("is contradicted by the gateway's own record", async () => {
    const paid = await pay("approve");
    const record = await store.get(paid.expected.gatewayRef);
    await store.update(paid.expected.gatewayRef, { ...record!, status: "DECLINED" });
    expect(await problemOf(gateway().verifyReturn(paid.params, paid.expected))).toBe("verification_failed");
  });

  it("names a transaction the gateway does not know", async () => {
    const paid = await pay("approve");
    const params = resigned(paid, { transactionId: "f0000000-0000-4000-8000-000000000000" });
    const expected = { ...paid.expected, gatewayRef: params.transactionId! };
    expect(await problemOf(gateway().verifyReturn(params, expected))).toBe("verification_failed");
  });
});

describe("an unavailable gateway", () => {
  it("refuses a request signed with the wrong secret, and start throws", async () => {
    const statuses: number[] = [];
    const spying: typeof fetch = async (input, requestInit) => {
      const response = await fetch(input, requestInit);
      statuses.push(response.status);
      return response;
    };
    const wrong = gateway({ sharedSecret: "not-the-secret", fetch: spying });
    await unavailable(wrong.start(init()));
    expect(statuses).toEqual([401]);
    await unavailable(gateway({ merchantId: "someone-else", fetch: spying }).start(init()));
    expect(statuses).toEqual([401, 401]);
  });

  it("refuses a transaction that would return the visitor to a host it does not accept", async () => {
    await unavailable(gateway().start(init({ returnUrl: "https://evil.example/x" })));
  });

  it("refuses a request whose clock is far off", async () => {
    await unavailable(gateway({ now: () => new Date(Date.now() - 10 * 60_000) }).start(init()));
  });

  it("throws when the answer's signature is wrong", async () => {
    const forged: typeof fetch = async () =>
      new Response(JSON.stringify({ transactionId: "x", redirectUrl: "/x" }), {
        status: 201,
        headers: { "x-signature": "AAAA" },
      });
    await unavailable(gateway({ fetch: forged }).start(init()));
  });

  it("throws when the gateway does not answer in time", async () => {
    const hanging: typeof fetch = (_input, requestInit) =>
      new Promise((_resolve, reject) => {
        requestInit?.signal?.addEventListener("abort", () => reject(requestInit.signal?.reason));
      });
    await unavailable(gateway({ fetch: hanging, timeoutMs: 20 }).start(init()));
  });

  it("throws when the gateway cannot be reached", async () => {
    await unavailable(gateway({ apiUrl: "http://127.0.0.1:1" }).start(init()));
  });

  it("throws when the gateway refuses the request", async () => {
    await unavailable(gateway().start(init({ amount: 12.5 })));
  });
});

describe("refunds", () => {
  it("refund a settled payment", async () => {
    const paid = await pay("approve");
    await settleCafeteriaPayment(store, paid.expected.gatewayRef);
    expect(await gateway().status(paid.expected.gatewayRef)).toBe("paid");
    expect(await gateway().refund(paid.expected.gatewayRef, paid.expected.amount)).toBe("refunded");
    expect(await gateway().status(paid.expected.gatewayRef)).toBe("refunded");
  });

  it("revoke a payment not yet settled", async () => {
    const paid = await pay("approve");
    expect(await gateway().refund(paid.expected.gatewayRef, paid.expected.amount)).toBe("revoked");
    expect(await gateway().status(paid.expected.gatewayRef)).toBe("revoked");
  });

  it("answer the same when repeated, as a retry after a lost answer would", async () => {
    const paid = await pay("approve");
    await gateway().refund(paid.expected.gatewayRef, paid.expected.amount);
    expect(await gateway().refund(paid.expected.gatewayRef, paid.expected.amount)).toBe("revoked");
  });

  it("are refused for a declined payment, for part of the amount and for an unknown transaction", async () => {
    const declined = await pay("decline");
    await unavailable(gateway().refund(declined.expected.gatewayRef, declined.expected.amount));
    const paid = await pay("approve");
    await unavailable(gateway().refund(paid.expected.gatewayRef, paid.expected.amount - 1));
    await unavailable(gateway().refund("unknown", 100));
    expect(await gateway().status(paid.expected.gatewayRef)).toBe("paid");
  });
});
