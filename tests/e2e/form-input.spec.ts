import { createServer } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { orderByRequest } from "./reservation-flow";
import { shopStartTimeoutMs, startShopProcess, type ShopProcess } from "../fixtures/shop-process";
import { port } from "./support";

/**
 * Posts no form of the shop sends, answered with a 4xx page in the visitor's language, never a 500 (issue 12): another
 * content type, a cut-off multipart body, an order that does not exist or belongs to the other market's host, a body
 * above the web tier's bound, a field far over its length. And the error page of a real failure, the api gone, in
 * the visitor's language although no loader ran. Requests without a browser, alike either way: one project runs them.
 */

const unknownOrder = "6f0c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f";

type Host = "localhost" | "pl.localhost";

/** A post as a script-less browser (or a client that is none) sends it, to the shop's path on a variant host. */
function post(
  request: APIRequestContext,
  host: Host,
  path: string,
  body: { form?: Record<string, string>; data?: string | Buffer; contentType?: string }
) {
  const headers: Record<string, string> = { host: `${host}:${port}` };
  if (body.contentType) headers["content-type"] = body.contentType;
  return request.post(`http://localhost:${port}${path}`, {
    headers,
    form: body.form,
    data: body.data,
    maxRedirects: 0,
  });
}

/** The error page's words, in the language the page says it is in. */
async function expectErrorPage(answer: Awaited<ReturnType<typeof post>>, lang: string, heading: string, text: string) {
  const html = await answer.text();
  expect(html).toContain(`<html lang="${lang}"`);
  expect(html).toMatch(new RegExp(`<h1>${heading}</h1>\\s*<p>${text}</p>`));
  // Raw message keys mean the texts were missing.
  expect(html).not.toMatch(/pageError\.|errors\.[A-Z]/);
}

test("a text/plain post to a form is refused as a bad request, in Czech", async ({ request }) => {
  const answer = await post(request, "localhost", "/objednavka", { data: "url=x", contentType: "text/plain" });
  expect(answer.status()).toBe(415);
  await expectErrorPage(answer, "cs", "Chyba", "Požadovaný obsah se nepodařilo načíst.");
});

test("a cut-off multipart body is refused as a bad request, in Polish", async ({ request }) => {
  const truncated = '--XX\r\nContent-Disposition: form-data; name="url"\r\n\r\nhttps://www.booking.com/hot';
  const answer = await post(request, "pl.localhost", "/zamowienie", {
    data: truncated,
    contentType: "multipart/form-data; boundary=XX",
  });
  expect(answer.status()).toBe(400);
  await expectErrorPage(answer, "pl", "Błąd", "Nie udało się wczytać żądanej treści.");
});

test("cancelling or paying an order that does not exist is a missing page", async ({ request }) => {
  const forms: Record<string, string>[] = [
    { intent: "cancel" },
    { paymentId: unknownOrder },
    { intent: "change", paymentId: unknownOrder, methodId: "transfer" },
  ];
  for (const form of forms) {
    const answer = await post(request, "localhost", `/status/${unknownOrder}`, { form });
    expect(answer.status(), JSON.stringify(form)).toBe(404);
    await expectErrorPage(answer, "cs", "404", "Požadovaná stránka nebyla nalezena.");
  }
});

test("a Czech order cannot be paid or cancelled through the Polish host", async ({ request }) => {
  const status = new URL(await orderByRequest(request, { language: "cs" }));
  const forms: Record<string, string>[] = [{ intent: "cancel" }, { paymentId: unknownOrder }];
  for (const form of forms) {
    const answer = await post(request, "pl.localhost", status.pathname, { form });
    expect(answer.status(), JSON.stringify(form)).toBe(404);
    await expectErrorPage(answer, "pl", "404", "Nie znaleziono żądanej strony.");
  }
  // Still the customer's live order on its own host.
  const page = await request.get(`http://localhost:${port}${status.pathname}`);
  expect(await page.text()).not.toMatch(/Objednávka \d+ je zrušená\./);
});

test("a form body above the bound is refused before it is read, in the visitor's language", async ({ request }) => {
  const huge = `url=${"a".repeat(2_000_000)}`;
  const english = await post(request, "pl.localhost", "/en/order", {
    data: huge,
    contentType: "application/x-www-form-urlencoded",
  });
  expect(english.status()).toBe(413);
  await expectErrorPage(
    english,
    "en",
    "Error",
    "The form you sent is too large. Please shorten the longer texts and send it again."
  );
  const czech = await post(request, "localhost", `/status/${unknownOrder}`, {
    data: huge,
    contentType: "application/x-www-form-urlencoded",
  });
  expect(czech.status()).toBe(413);
  expect(await czech.text()).toContain('<html lang="cs"');
});

test("a field far over its length is cut when the form comes back, with the field's message", async ({ request }) => {
  const link = `https://www.booking.com/hotel/cz/${"a".repeat(40_000)}`;
  const answer = await post(request, "localhost", "/objednavka", {
    form: { url: link, planted: "p".repeat(40_000) },
  });
  expect(answer.status()).toBe(400);
  const html = await answer.text();
  expect(html).toContain("Zadejte platný odkaz na hotel začínající https://.");
  // The link comes back cut to its 16,384 characters (in the field and in the page's data), the stray field not at all.
  expect(html).toContain(link.slice(0, 16_384));
  expect(html).not.toContain(link.slice(0, 16_385));
  expect(html).not.toContain("p".repeat(100));
  expect(html.length).toBeLessThan(2 * 16_384 + 100_000);
});

/** A port no one listens on: the api of the web process below. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: free } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return free;
}

test.describe("with the api unreachable", () => {
  let web: ShopProcess | undefined;
  let webPort: number;

  test.beforeAll(async () => {
    test.setTimeout(shopStartTimeoutMs + 30_000);
    webPort = await closedPort();
    const apiPort = await closedPort();
    web = await startShopProcess(webPort, { ROLE: "web", API_URL: `http://127.0.0.1:${apiPort}/api` });
  });

  test.afterAll(() => {
    web?.stop();
  });

  test("the error page of a failed post speaks the visitor's language, without the root loader's data", async ({
    request,
  }) => {
    // The action fails (the api does not answer), so no loader runs: the page has only the server's messages.
    const answer = await request.post(`http://127.0.0.1:${webPort}/status/${unknownOrder}`, {
      headers: { host: `pl.localhost:${webPort}` },
      form: { intent: "cancel" },
    });
    expect(answer.status()).toBe(500);
    await expectErrorPage(answer, "pl", "Błąd", "Nie udało się wczytać żądanej treści.");
    expect(await answer.text()).toContain("<title>Błąd</title>");
  });
});
