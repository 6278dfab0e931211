import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { createSimulatorProvider } from "../../server/adapters/provider/simulator";
import type { OpenDatabase } from "../../server/db/database";
import { capturedLog } from "../../server/logging/captured-log.test-helper";
import { errorAnswerProblem } from "../fixtures/api-answers";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { hotelOrderSteps, now } from "../fixtures/hotel-orders";
import { hostileRequests, type HostileRequest } from "../fixtures/rpc-fuzz";

/**
 * Whatever a stranger sends, the api answers 4xx at worst, never 5xx, and every error answer carries the catalogue
 * ErrorDetail with the request id (issue 12). FUZZ_RUNS sets the number of requests (`npm run fuzz` sends 20,000).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 2000);

/**
 * A caller that allows a millisecond (`Connect-Timeout-Ms: 1`) may be told its deadline passed before the answer was
 * ready, which Connect sends as 504 deadline_exceeded: the caller's own limit, not a failure of the api. Whether it
 * happens depends on the machine's speed; every other 5xx is a failure.
 */
function callerDeadlinePassed(request: HostileRequest, answer: { status: number; body: string }): boolean {
  const allowedMs = Number(request.headers["Connect-Timeout-Ms"]);
  return (
    answer.status === 504 &&
    Number.isInteger(allowedMs) &&
    allowedMs < 1_000 &&
    (JSON.parse(answer.body) as { code?: string }).code === "deadline_exceeded"
  );
}

describe.each(databaseTargets())("the api on $name, fuzzed", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let api: RunningApi;
  let client: Client<typeof ShopService>;
  const known = { uuids: [] as string[], productIds: [] as string[] };
  // The simulator without its pauses: the fuzz is about what the api makes of a request, not about waiting.
  const simulator = createSimulatorProvider({ now: () => now, delay: async () => {} });
  // The api logs one line per call: kept here and counted, not printed thousands of times.
  const { log, lines } = capturedLog();

  beforeAll(async () => {
    testDb = await target.create();
    database = await testDb.open();
    api = await startApiServer({ db: database.db, provider: simulator, now: () => now, log });
    client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
    // Real ids among the random ones, so some requests reach an order, a payment, a preview and an availability.
    const steps = hotelOrderSteps({ client: () => client, simulator, slugPrefix: "api-fuzz" });
    const { order, preview } = await steps.createOrder({ lastPayment: "payment_card" });
    const open = await steps.preview({ lastPayment: "transfer" });
    const offered = await steps.availability();
    known.uuids.push(order.orderId, preview.previewId, open.previewId, offered.availabilityId);
    known.uuids.push(...order.payments.map((payment) => payment.paymentId));
    known.productIds.push(...offered.hotelAvailability!.rooms.flatMap((room) => room.products.map((p) => p.productId)));
  });

  afterAll(async () => {
    await api.stop();
    await database.close();
    await testDb.dispose();
  });

  async function send(request: HostileRequest) {
    const answer = await fetch(`${api.baseUrl}${request.path}`, {
      method: request.httpMethod,
      headers: request.headers,
      body: request.body,
    });
    return {
      status: answer.status,
      contentType: answer.headers.get("content-type"),
      requestId: answer.headers.get("x-request-id"),
      body: await answer.text(),
    };
  }

  it(
    `answers ${runs} hostile requests without a 5xx, each error with its ErrorDetail`,
    async () => {
      const statuses = new Map<number, number>();
      let failures = 0;
      const failureLines = () => lines.filter((line) => line.msg === "api call failed").length;
      const failedBefore = failureLines();
      await fc.assert(
        fc.asyncProperty(hostileRequests({ now, known }), async (request) => {
          const answer = await send(request);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (!callerDeadlinePassed(request, answer)) {
            expect(answer.status, `${request.label}\n→ ${answer.body.slice(0, 500)}`).toBeLessThan(500);
          }
          if (answer.status === 200) return;
          failures += 1;
          const problem = errorAnswerProblem(answer.contentType, answer.requestId, answer.body);
          expect(problem, `${request.label}\n→ ${answer.status}`).toBeUndefined();
        }),
        { numRuns: runs }
      );
      // One line per failed call, written as its answer is sent.
      await vi.waitFor(() => expect(failureLines() - failedBefore).toBe(failures));
      // Some requests must get through to the handlers, or the fuzz tests only the refusals.
      expect(statuses.get(200) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(runs / 100);
    },
    Math.max(60_000, runs * 100)
  );
});
