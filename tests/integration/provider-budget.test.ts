/**
 * The Booking.com Demand API's request budget is shared by every visitor of every api instance: the same stay asked
 * again is answered from the kept check for a while, and past the budget the shop stops asking until the block ends
 * while visitors are asked to try again in a moment (decision 053).
 */

import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Currency, Lang, Product } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import { type HotelAvailabilityRequestSchema, ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { loadConfig } from "../../server/config";
import type { OpenDatabase } from "../../server/db/database";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { daysAfter } from "../fixtures/available-stay";
import { fakeWorld, startBookingDemandApiFake, type BookingDemandApiFake } from "../fixtures/booking-demand-api-fake";
import { databaseTargets, type TestDatabase } from "../fixtures/database";

const start = new Date("2026-11-21T10:00:00Z");
const czech = { product: Product.DZB_CZ, lang: Lang.CS, currency: Currency.CZK };
const english = { product: Product.DZB_CZ, lang: Lang.EN, currency: Currency.CZK };
const date = (day: string) => timestampFromDate(new Date(`${day}T00:00:00Z`));

describe.each(databaseTargets())("the provider's request budget, $name", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let fake: BookingDemandApiFake;
  /** Two api instances on one database, as behind the load balancer, reading one clock the tests move. */
  let instances: { api: RunningApi; client: Client<typeof ShopService> }[];
  let now = start;

  beforeAll(async () => {
    fake = await startBookingDemandApiFake({ today: daysAfter(start, 0) });
    testDb = await target.create();
    database = await testDb.open();
    // The reuse time is the default one: what production runs with.
    const config = loadConfig({
      ENV: "test",
      NODE_ENV: "test",
      ...fake.env,
    });
    instances = [];
    for (let i = 0; i < 2; i++) {
      const api = await startApiServer({ config, db: database.db, now: () => now });
      const transport = createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" });
      instances.push({ api, client: createClient(ShopService, transport) });
    }
  });

  afterEach(() => fake.behave({ kind: "normal" }));

  afterAll(async () => {
    for (const { api } of instances) await api.stop();
    await database.close();
    await testDb.dispose();
    await fake.close();
  });

  const [first, second] = [0, 1].map((i) => () => instances[i]!.client);

  /** Two nights at Hotel Paris Prague for two adults, `daysAhead` days after the start. */
  const stay = (daysAhead: number, productVariant = czech): MessageInitShape<typeof HotelAvailabilityRequestSchema> => ({
    productVariant,
    lookup: {
      case: "hotelRequest",
      value: {
        hotelId: fakeWorld.prague.id,
        checkIn: date(daysAfter(start, daysAhead)),
        checkOut: date(daysAfter(start, daysAhead + 2)),
        rooms: 1,
        adults: 2,
      },
    },
  });

  const availabilityRequests = () => fake.requests.filter((r) => r.path.endsWith("/accommodations/availability"));

  it("answers visitors asking the same stay at once with one request, and another instance from the kept check", async () => {
    const before = availabilityRequests().length;
    const together = await Promise.all(Array.from({ length: 8 }, () => first().hotelAvailability(stay(40))));
    const later = await Promise.all(Array.from({ length: 4 }, () => second().hotelAvailability(stay(40))));

    expect(availabilityRequests().length - before).toBe(1);
    const ids = new Set([...together, ...later].map((answer) => answer.availabilityId));
    expect(ids.size).toBe(1);
    expect(later[0]).toEqual(together[0]);
  });

  it("asks the provider anew for another party, another language, and once the reuse time has passed", async () => {
    const first40 = await first().hotelAvailability(stay(41));
    const before = availabilityRequests().length;

    await first().hotelAvailability(stay(41, english));
    const threeAdults = stay(41);
    if (threeAdults.lookup?.case === "hotelRequest") threeAdults.lookup.value.adults = 3;
    await first().hotelAvailability(threeAdults);
    expect(availabilityRequests().length - before).toBe(2);

    now = new Date(now.getTime() + 61_000);
    const fresh = await second().hotelAvailability(stay(41));
    expect(availabilityRequests().length - before).toBe(3);
    expect(fresh.availabilityId).not.toBe(first40.availabilityId);
  });

  it("past the budget, asks visitors to try again in a moment and stops asking until the block ends", async () => {
    const budget = 12;
    fake.behave({ kind: "budget", requests: budget });
    const before = fake.requests.length;
    const outcomes: (Code | "answered")[] = [];
    // Visitors one after another, each a stay nobody asked yet, on both instances.
    for (let visitor = 0; visitor < 30; visitor++) {
      const client = visitor % 2 === 0 ? first() : second();
      const outcome = await client.hotelAvailability(stay(50 + visitor)).then(
        () => "answered" as const,
        (error: unknown) => {
          const failure = ConnectError.from(error);
          expect(failure.findDetails(ErrorDetailSchema)[0]?.code).toBe(ErrorCode.TEMPORARILY_UNAVAILABLE);
          return failure.code;
        }
      );
      outcomes.push(outcome);
    }

    const answered = outcomes.filter((outcome) => outcome === "answered").length;
    expect(answered).toBeGreaterThan(0);
    // Once refused, every later visitor is refused too: nobody is answered from a budget that is spent.
    expect(outcomes.slice(outcomes.indexOf(Code.Unavailable))).toEqual(
      Array(outcomes.length - outcomes.indexOf(Code.Unavailable)).fill(Code.Unavailable)
    );
    // Each instance learns of the block from the requests it had under way when it began, then sends none: a
    // check sends the hotel's details and its offer together.
    const sent = fake.requests.length - before;
    const refused = sent - budget;
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(2 * instances.length);
  });
});
