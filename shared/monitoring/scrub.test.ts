import type { Event } from "@sentry/remix";
import { describe, expect, it } from "vitest";
import { scrubAttributes, scrubEvent, scrubText, withoutQuery } from "./scrub";

describe("scrubText", () => {
  it.each([
    ["write to jana.novakova@example.cz please", "write to [email] please"],
    ["jan+shop@mail.example.com, petr@firma.cz", "[email], [email]"],
    ["encoded jana%40example.cz in a path", "encoded [email] in a path"],
    ["ünïcødé@příklad.cz", "[email]"],
  ])("replaces e-mail addresses: %s", (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it.each([
    ["call +420 603 123 456 now", "call [phone] now"],
    ["mobile 603123456.", "mobile [phone]."],
    ["tel. 603-123-456", "tel. [phone]"],
    ["(+48) 12 345 67 89", "[phone]"],
    ["00420603123456", "[phone]"],
  ])("replaces phone numbers: %s", (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it.each([
    ["pay to CZ65 0800 0000 1920 0014 5399 today", "pay to [iban] today"],
    ["IBAN PL61109010140000071219812874", "IBAN [iban]"],
    ["account 19-2000145399/0800 refused", "account [account] refused"],
    ["NRB 61 1090 1014 0000 0712 1981 2874", "NRB [number]"],
    ["card 4111 1111 1111 1111 declined", "card [number] declined"],
  ])("replaces bank account and card numbers: %s", (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it("replaces public IP addresses and keeps the infrastructure's, which explain connection failures", () => {
    expect(scrubText("client 203.0.113.195 and 2001:db8::7 refused")).toBe("client [ip] and [ip] refused");
    expect(scrubText("connect ECONNREFUSED 127.0.0.1:5432")).toBe("connect ECONNREFUSED 127.0.0.1:5432");
    expect(scrubText("db at 10.1.2.3, cache at 192.168.0.9, ::1")).toBe("db at 10.1.2.3, cache at 192.168.0.9, ::1");
  });

  it.each([
    [
      '{"msg":"api call failed","requestId":"r-1","sessionId":"9f8e7d6c5b4a"}',
      '{"msg":"api call failed","requestId":"r-1","sessionId":"[filtered]"}',
    ],
    ["cookie shop_session=s3cr3t-value; consent=all", "cookie shop_session=[filtered]; consent=all"],
    ["Authorization: Bearer eyJhbGciOi.x.y", "Authorization: [filtered] [filtered]"],
    ["api_key='abc123', password: hunter2", "api_key='[filtered]', password: [filtered]"],
  ])("replaces the values of secrets and keeps their keys: %s", (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it.each([
    "order 3f2a8b1c-5d4e-4f60-9a7b-446655440000 not found",
    "stay 2026-11-21 to 2026-11-23, at 2026-11-21T10:00:00.000Z",
    "2026-11-21 12:30:00 deadline",
    "price 1 234 567 CZK, 12/2024, version 10.75.2, line 123456",
    "Cannot read properties of undefined (reading 'rooms')",
    "the voucher 12345678 was used",
    "session expired, log in again",
  ])("leaves what names no one: %s", (text) => {
    expect(scrubText(text)).toBe(text);
  });
});

describe("withoutQuery", () => {
  it("cuts the query and the fragment off a URL or a path", () => {
    expect(withoutQuery("https://shop.example/orders?email=a@b.cz#top")).toBe("https://shop.example/orders");
    expect(withoutQuery("/vouchers#code")).toBe("/vouchers");
    expect(withoutQuery("/plain")).toBe("/plain");
  });
});

describe("scrubEvent", () => {
  const event: Event = {
    event_id: "abc",
    message: "failed for jana@example.cz",
    logentry: { message: "booker %s, phone %s", params: ["jana@example.cz", "+420 603 123 456", 7] },
    request: {
      method: "POST",
      url: "https://shop.example/objednavka?email=jana@example.cz&phone=603123456#step",
      query_string: "email=jana@example.cz",
      cookies: { session: "s3cr3t", consent: "all" },
      data: { email: "jana@example.cz", iban: "CZ6508000000192000145399" },
      env: { REMOTE_ADDR: "203.0.113.195" },
      headers: {
        "User-Agent": "Mozilla/5.0",
        "accept-language": "cs-CZ",
        "content-type": "application/json",
        cookie: "session=s3cr3t",
        authorization: "Bearer token",
        "x-forwarded-for": "203.0.113.195",
        referer: "https://shop.example/?email=jana@example.cz",
      },
    },
    user: { id: "u-1", ip_address: "203.0.113.195", email: "jana@example.cz", username: "jana", geo: { city: "Brno" } },
    exception: {
      values: [
        {
          type: "TypeError",
          value: "no room for jana@example.cz (+420 603 123 456), pay CZ65 0800 0000 1920 0014 5399",
          stacktrace: { frames: [{ filename: "app.js", lineno: 3, vars: { customer: "jana@example.cz" } }] },
        },
      ],
    },
    breadcrumbs: [
      { category: "console", message: "mail to jana@example.cz", data: { arguments: ["jana@example.cz"] } },
      { category: "http", data: { url: "https://api.example/?email=jana@example.cz" }, timestamp: 1 },
    ],
    tags: { procedure: "dzb.shop.v1.ShopService/HotelParseUrl" },
  };

  const scrubbed = scrubEvent(event);

  it("keeps only the method, the URL without its query and the safe headers of the request", () => {
    expect(scrubbed.request).toEqual({
      method: "POST",
      url: "https://shop.example/objednavka",
      headers: { "User-Agent": "Mozilla/5.0", "accept-language": "cs-CZ", "content-type": "application/json" },
    });
  });

  it("keeps only the user's id", () => {
    expect(scrubbed.user).toEqual({ id: "u-1" });
    expect(scrubEvent({ user: { ip_address: "203.0.113.195" } })).not.toHaveProperty("user");
  });

  it("scrubs the messages and the exception values, and drops the frames' local variables", () => {
    expect(scrubbed.message).toBe("failed for [email]");
    expect(scrubbed.logentry).toEqual({ message: "booker %s, phone %s", params: ["[email]", "[phone]", 7] });
    expect(scrubbed.exception?.values?.[0]).toEqual({
      type: "TypeError",
      value: "no room for [email] ([phone]), pay [iban]",
      stacktrace: { frames: [{ filename: "app.js", lineno: 3 }] },
    });
  });

  it("keeps the breadcrumbs' messages, scrubbed, without their data", () => {
    expect(scrubbed.breadcrumbs).toEqual([
      { category: "console", message: "mail to [email]" },
      { category: "http", timestamp: 1 },
    ]);
  });

  it("leaves what is not personal as it was", () => {
    expect(scrubbed.event_id).toBe("abc");
    expect(scrubbed.tags).toEqual(event.tags);
  });

  it("leaves the given event untouched", () => {
    expect(event.request?.cookies).toEqual({ session: "s3cr3t", consent: "all" });
    expect(event.user?.email).toBe("jana@example.cz");
  });

  it("leaves nothing personal anywhere in what is sent", () => {
    const json = JSON.stringify(scrubbed);
    for (const secret of ["jana", "s3cr3t", "603", "203.0.113.195", "Bearer", "CZ65", "Brno", "email="]) {
      expect(json).not.toContain(secret);
    }
  });

  it("scrubs a transaction's name, its trace data and its spans", () => {
    const transaction: Event = {
      type: "transaction",
      transaction: "GET /objednavka?email=jana@example.cz",
      contexts: {
        trace: {
          trace_id: "t",
          span_id: "s",
          op: "http.server",
          data: {
            "url.full": "https://shop.example/objednavka?email=jana@example.cz",
            "url.query": "?email=jana@example.cz",
            "http.request.header.user_agent": "Mozilla/5.0",
            "http.request.header.cookie.session": "s3cr3t",
            "http.request.header.x_forwarded_for": "203.0.113.195",
            "client.address": "203.0.113.195",
            "http.response.status_code": 200,
            "sentry.op": "http.server",
          },
        },
      },
      spans: [
        {
          span_id: "c",
          trace_id: "t",
          start_timestamp: 0,
          description: "GET https://cms.example/api/pages?filters[email]=jana@example.cz",
          data: { "http.query": "filters[email]=jana@example.cz", "http.request.body.data": "{}", "server.port": 443 },
        },
      ],
    };
    const result = scrubEvent(transaction);
    expect(result.transaction).toBe("GET /objednavka");
    expect(result.contexts?.trace?.data).toEqual({
      "url.full": "https://shop.example/objednavka",
      "http.request.header.user_agent": "Mozilla/5.0",
      "http.response.status_code": 200,
      "sentry.op": "http.server",
    });
    expect(result.spans?.[0]).toMatchObject({
      description: "GET https://cms.example/api/pages",
      data: { "server.port": 443 },
    });
    expect(result.spans?.[0]?.data).not.toHaveProperty("http.query");
    expect(result.spans?.[0]?.data).not.toHaveProperty("http.request.body.data");
  });
});

describe("scrubAttributes", () => {
  it("keeps safe headers in either spelling and drops the others, response headers included", () => {
    expect(
      scrubAttributes({
        "http.request.header.accept-language": "cs",
        "http.request.header.content_type": "application/json",
        "http.request.header.authorization": "Bearer x",
        "http.response.header.set_cookie.session": "s3cr3t",
        "http.response.header.content_type": "text/html",
      })
    ).toEqual({
      "http.request.header.accept-language": "cs",
      "http.request.header.content_type": "application/json",
      "http.response.header.content_type": "text/html",
    });
  });
});
