import { readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { endpoints, localizedPath, screenFile, screens, type Locale, type ScreenId } from "../../shared/route-table";
import { orderByRequest, reservationByRequest } from "./reservation-flow";
import { port } from "./support";

/**
 * Form posts as a hostile client sends them, to every action of the shop (issue 12): random fields and values, huge
 * ones among them, each content type a client may claim (a form, a cut-off multipart body, text, JSON, none), every
 * kind of Origin, page and data requests, on both market hosts in every language, to real and made-up orders. No post
 * may answer 5xx. FUZZ_RUNS sets the number of posts (2,000 in the suite).
 */

const runs = Number(process.env.FUZZ_RUNS ?? 2_000);

/** The route modules that take posts, read from the routes the table names so that a new action is fuzzed too. */
const appDirectory = new URL("../../app/", import.meta.url);
const takesPosts = (file: string) =>
  /export (async )?function action\b/.test(readFileSync(new URL(file, appDirectory), "utf8"));
const actionScreens = (Object.keys(screens) as ScreenId[]).filter((screen) => takesPosts(screenFile(screen)));
const actionEndpoints = Object.values(endpoints).filter((endpoint) => takesPosts(endpoint.file));

type Host = "localhost" | "pl.localhost";
const hosts: { host: Host; defaultLocale: Locale }[] = [
  { host: "localhost", defaultLocale: "cs" },
  { host: "pl.localhost", defaultLocale: "pl" },
];

/** The names the shop's forms use, and some they do not. */
const fieldNames = [
  ...["url", "hotelId", "parsedUrl", "checkIn", "checkOut", "rooms", "adults", "children", "childAges[0]"],
  ...["intent", "paymentId", "methodId", "quantity.123_4", "amount.transfer", "amount.card", "voucherCodes"],
  ...["lastPayment", "cancellationInsurance", "seenTotal", "revision", "duplicates", "firstName", "lastName"],
  ...["email", "mobile", "street", "streetNumber", "postalCode", "city", "country", "invoiceToCompany"],
  ...["companyName", "companyId", "taxId", "bookingForSomeoneElse", "guestName", "isMainGuest", "noteForHotel"],
  ...["agreeCp", "agreeTac", "agreeMp", "locale", "path", "_data", "__proto__", "constructor"],
  ...["previewId", "value", "customValue", "feeMode", "design", "extraService", "asGift", "recipientEmail"],
];

/** A connection per post: a refused post's connection may close under the next one, which is no answer of the shop's. */
const agent = new Agent({ keepAlive: false });

type Post = { host: Host; path: string; headers: Record<string, string>; body: Buffer };

/** Sent with Node's own client: it sends exactly these headers (a Host of choice, no content type unless given). */
function send({ host, path, headers, body }: Post): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        agent,
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: { ...headers, host: `${host}:${port}`, "content-length": String(body.length) },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
      }
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

function fieldValues(ids: string[]) {
  return fc.oneof(
    { weight: 16, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 12, arbitrary: fc.constantFrom("cancel", "change", "order", "update", "on", "transfer", "cs", "/", ...ids) },
    { weight: 8, arbitrary: fc.integer().map(String) },
    { weight: 3, arbitrary: fc.constantFrom("https://www.booking.com/hotel/cz/hotel-paris-prague.html?checkin=x") },
    // Long ones, over a field's length and over the body's bound: in about one post of ten, as each costs a megabyte.
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 400_000 }).map((length) => "x".repeat(length)) }
  );
}

const boundary = "----fuzz7MA4YWxkTrZu0gW";

/** The fields encoded as a client may claim to send them. */
function encoded(fields: [string, string][], kind: string, cut: number): { contentType?: string; body: Buffer } {
  const form = new URLSearchParams(fields).toString();
  switch (kind) {
    case "form":
      return { contentType: "application/x-www-form-urlencoded", body: Buffer.from(form) };
    case "multipart":
    case "cut multipart": {
      const parts = fields.map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      );
      const whole = Buffer.from(`${parts.join("")}--${boundary}--\r\n`);
      const body = kind === "multipart" ? whole : whole.subarray(0, Math.floor(whole.length * cut));
      return { contentType: `multipart/form-data; boundary=${boundary}`, body };
    }
    case "text":
      return { contentType: "text/plain", body: Buffer.from(form) };
    case "json":
      return { contentType: "application/json", body: Buffer.from(JSON.stringify(Object.fromEntries(fields))) };
    default:
      return { body: Buffer.from(form) };
  }
}

/** Origin and Sec-Fetch-Site as this site, another, an opaque origin, or no browser sends them. */
function originHeaders(host: Host, origin: string, fetchSite: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (origin === "same") headers.origin = `http://${host}:${port}`;
  if (origin === "foreign") headers.origin = "https://evil.example";
  if (origin === "null") headers.origin = "null";
  if (fetchSite !== null) headers["sec-fetch-site"] = fetchSite;
  return headers;
}

/** Every path that takes posts, on both hosts and in every language they serve, with `ids` for its parameters. */
function actionPaths(ids: string[]) {
  const locales: Locale[] = ["cs", "pl", "en"];
  return fc
    .record({
      target: fc.constantFrom<ScreenId | "endpoint">(...actionScreens, ...(actionEndpoints.length ? ["endpoint" as const] : [])),
      site: fc.constantFrom(...hosts),
      locale: fc.constantFrom(...locales),
      id: fc.constantFrom(...ids, "not-a-uuid"),
      data: fc.boolean(),
    })
    .map(({ target, site, locale, id, data }) => {
      if (target === "endpoint") return { host: site.host, path: `/${actionEndpoints[0].path}` };
      const params = { id, orderId: id, availabilityId: id, previewId: id };
      const path = localizedPath(target, locale, site.defaultLocale, params);
      const routeId = `${locale === site.defaultLocale ? "default" : locale}--${target}`;
      return { host: site.host, path: data ? `${path}?_data=${routeId}` : path };
    });
}

test("no form post answers 5xx, whatever it carries", async ({ request }) => {
  // Generous: a post takes milliseconds; the bound only stops a hung server from holding the suite.
  test.setTimeout(120_000 + runs * 250);
  // Real ids, so that posts reach past the id check: an order, a reservation (preview) and its availability.
  const order = /\/status\/([0-9a-f-]{36})/.exec(await orderByRequest(request))?.[1] ?? "";
  const reservation = await reservationByRequest(request);
  const preview = /([0-9a-f-]{36})$/.exec(reservation)?.[1] ?? "";
  const reservationPage = await (await request.get(reservation)).text();
  const availability = /ubytovani\/([0-9a-f-]{36})/.exec(reservationPage)?.[1] ?? "";
  const ids = [order, preview, availability, "6f0c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f"].filter(Boolean);
  expect(ids).toHaveLength(4);

  const post = fc
    .record({
      target: actionPaths(ids),
      fields: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...fieldNames), fc.string()), fieldValues(ids)), {
        maxLength: 10,
      }),
      kind: fc.constantFrom("form", "form", "multipart", "cut multipart", "text", "json", "none"),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
      origin: fc.constantFrom("same", "foreign", "null", "none"),
      fetchSite: fc.constantFrom(null, "same-origin", "same-site", "cross-site", "none"),
    })
    .map(({ target, fields, kind, cut, origin, fetchSite }): Post & fc.WithToStringMethod => {
      const { contentType, body } = encoded(fields, kind, cut);
      const headers = originHeaders(target.host, origin, fetchSite);
      if (contentType) headers["content-type"] = contentType;
      // A failing case is told by its shape: the fields' names and lengths, not megabytes of their values.
      const shape = fields.map(([name, value]) => `${name}(${value.length})`).join(" ");
      const told = `${kind} post of ${body.length} bytes to ${target.host}${target.path} ${JSON.stringify(headers)} ${shape}`;
      return { ...target, headers, body, [fc.toStringMethod]: () => told };
    });

  await fc.assert(
    fc.asyncProperty(post, async (sent) => {
      expect(await send(sent)).toBeLessThan(500);
    }),
    { numRuns: runs, endOnFailure: true }
  );
});
