import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HotelRequestSchema } from "../../gen/dzb/shop/v1/hotel_pb";
import { BookingStatus, OrderStatus, ReservationProgress } from "../../gen/dzb/shop/v1/order_pb";
import { ShopService, type HotelAvailabilityResponse } from "../../gen/dzb/shop/v1/shop_service_pb";
import { createFileMailer } from "../../server/adapters/mailer/file-mailer";
import { loadConfig } from "../../server/config";
import type { OpenDatabase } from "../../server/db/database";
import { createJobHandlers } from "../../server/job-handlers";
import type { JobHandlers } from "../../server/jobs/worker";
import { orderJobKinds } from "../../server/orders/order-jobs";
import { markTransferPaid } from "../../server/orders/payment-settlement";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { daysAfter } from "../fixtures/available-stay";
import { fakeWorld, startBookingDemandApiFake, type BookingDemandApiFake } from "../fixtures/booking-demand-api-fake";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { customer, czVariant, now, orderableProduct } from "../fixtures/hotel-orders";
import { drainJobs } from "../fixtures/jobs";

/**
 * Orders placed through the api and booked by the worker's job at the Booking.com Demand API fake, the provider and
 * the jobs wired from the configuration as production wires them: a solo traveller's single room, and the stay of a
 * share link copied from the portal's app.
 */

const date = (day: string) => timestampFromDate(new Date(`${day}T00:00:00Z`));

describe.each(databaseTargets())("orders booked on the Booking.com Demand API fake, $name", (target) => {
  let fake: BookingDemandApiFake;
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let api: RunningApi;
  let client: Client<typeof ShopService>;
  let handlers: JobHandlers;
  let mailDir: string;

  beforeAll(async () => {
    fake = await startBookingDemandApiFake({ today: daysAfter(now, 0) });
    testDb = await target.create();
    database = await testDb.open();
    const config = loadConfig({
      ENV: "test",
      NODE_ENV: "test",
      ...fake.env,
    });
    // The provider comes from the configuration, as in production, and the worker books with the api's.
    api = await startApiServer({ config, db: database.db, now: () => now });
    client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
    mailDir = await mkdtemp(join(tmpdir(), "dzb-demand-orders-mail-"));
    handlers = createJobHandlers({
      db: database.db,
      gateways: api.deps.gateways,
      config,
      provider: api.deps.provider,
      mailer: createFileMailer(mailDir),
      now: () => now,
      log: api.deps.log,
    });
  });

  afterAll(async () => {
    await api.stop();
    await database.close();
    await testDb.dispose();
    await fake.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  /**
   * From the rooms of `hotelRequest` to a booked order: the product `choose` picks is previewed and ordered, paid by
   * transfer, the transfer seen on the account, and the jobs then due run as the worker runs them. Answers the
   * product, the order as its customer sees it, and the orders the fake holds for it.
   */
  async function bookedOrder(
    hotelRequest: MessageInitShape<typeof HotelRequestSchema>,
    choose: (answer: HotelAvailabilityResponse) => string
  ) {
    const availability = await client.hotelAvailability({
      productVariant: czVariant,
      lookup: { case: "hotelRequest", value: hotelRequest },
    });
    const productId = choose(availability);
    const paymentRequest = { lastPayment: "transfer" } as const;
    const specification = { availabilityId: availability.availabilityId, productIds: [productId] };
    const preview = await client.hotelOrderPreview({
      productVariant: czVariant,
      lookup: { case: "specification", value: specification },
      paymentRequest,
    });
    const { hotelOrder } = await client.hotelOrderCreate({
      productVariant: czVariant,
      previewId: preview.previewId,
      paymentRequest,
      order: customer,
    });
    const { orderId, orderNumber } = hotelOrder!;
    // Nothing is booked before the money is in.
    expect(fake.orders.filter((order) => order.label === orderId)).toEqual([]);

    await markTransferPaid(database.db, orderNumber, now);
    expect(await drainJobs(database.db, handlers, now)).toContainEqual({ kind: orderJobKinds.booking });
    const detail = await client.orderDetail({ productVariant: czVariant, orderId });
    if (detail.order.case !== "hotelOrder") throw new Error(`order ${orderId} is no hotel order`);
    return { productId, order: detail.order.value, atFake: fake.orders.filter((order) => order.label === orderId) };
  }

  it("books a single room for one adult", async () => {
    const [checkIn, checkOut] = [daysAfter(now, 30), daysAfter(now, 32)];
    const { single } = fakeWorld.vltava.products;
    const soloStay = { checkIn: date(checkIn), checkOut: date(checkOut), rooms: 1, adults: 1 };
    const { order, atFake } = await bookedOrder({ hotelId: fakeWorld.vltava.id, ...soloStay }, (answer) => {
      const products = answer.hotelAvailability!.rooms.flatMap((room) => room.products);
      expect(products.find((product) => product.productId === single)).toMatchObject({
        fitsOccupancy: true,
        orderability: { isAvailable: true },
      });
      return single;
    });

    expect(atFake).toEqual([
      expect.objectContaining({
        accommodation: Number(fakeWorld.vltava.id),
        checkin: checkIn,
        checkout: checkOut,
        currency: "CZK",
        products: [single],
        allocations: [{ adults: 1, children: [] }],
        status: "booked",
      }),
    ]);
    expect(order).toMatchObject({
      status: OrderStatus.PAID,
      progress: ReservationProgress.CONFIRMED,
      booking: { bookingStatus: BookingStatus.ACTIVE, bookingReference: atFake[0]!.id },
    });
    // Outside production Booking.com is paid with the sandbox's test card, valid for a year by the shop's clock.
    const created = fake.requests.findLast((request) => request.path.endsWith("/orders/create"));
    expect(created?.body).toMatchObject({
      payment: { method: "card", card: { number: "4111111111111111", expiry_date: daysAfter(now, 365).slice(0, 7) } },
    });
  });

  it("books the stay of a share link copied from the portal's app", async () => {
    const { hotelRequest, hotelUrl } = await client.hotelParseUrl({
      productVariant: czVariant,
      url: `https://www.booking.com/Share-${fakeWorld.shareLinks.prague}`,
    });
    const { daysAhead, nights } = fakeWorld.sharedStay;
    const [checkIn, checkOut] = [daysAfter(now, daysAhead), daysAfter(now, daysAhead + nights)];
    expect(hotelUrl).toBe(fakeWorld.prague.link.url);
    expect(hotelRequest).toMatchObject({
      hotelId: fakeWorld.prague.id,
      checkIn: date(checkIn),
      checkOut: date(checkOut),
      adults: 2,
      rooms: 1,
    });

    // The stay as the link gives it, unchanged, as the rooms screen asks for it.
    const { productId, order, atFake } = await bookedOrder(hotelRequest!, (answer) => orderableProduct(answer));

    expect(atFake).toEqual([
      expect.objectContaining({
        accommodation: Number(fakeWorld.prague.id),
        checkin: checkIn,
        checkout: checkOut,
        products: [productId],
        allocations: [{ adults: 2, children: [] }],
        status: "booked",
      }),
    ]);
    expect(order).toMatchObject({
      status: OrderStatus.PAID,
      progress: ReservationProgress.CONFIRMED,
      hotelDetail: { hotelId: fakeWorld.prague.id },
      booking: { bookingStatus: BookingStatus.ACTIVE, bookingReference: atFake[0]!.id },
    });
  });
});
