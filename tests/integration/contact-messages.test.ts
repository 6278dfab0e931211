import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Currency, Lang, Product } from "../../gen/dzb/shop/v1/common_pb";
import { ErrorCode, ErrorDetailSchema } from "../../gen/dzb/shop/v1/errors_pb";
import { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { MailMessage, Mailer } from "../../server/adapters/mailer/mailer";
import type { OpenDatabase } from "../../server/db/database";
import { CONTACT_MESSAGE_LIMIT, CONTACT_MESSAGE_WINDOW_MS } from "../../server/domain/contact-messages";
import { createJobHandlers } from "../../server/job-handlers";
import { startApiServer, type RunningApi } from "../fixtures/api-server";
import { databaseTargets, type TestDatabase } from "../fixtures/database";
import { failureOf, now } from "../fixtures/hotel-orders";
import { drainJobs } from "../fixtures/jobs";

/** The contact form's call (SPEC §3 contact form, issue 16): kept, mailed to support, and limited per client. */

const czech = { product: Product.DZB_CZ, lang: Lang.EN, currency: Currency.CZK };
const polish = { product: Product.DZB_PL, lang: Lang.PL, currency: Currency.PLN };
const message = {
  fullname: "Jana Nováková",
  email: "jana@example.com",
  subject: "Faktura",
  message: "Dobrý den,\nprosím o fakturu.",
};

describe.each(databaseTargets())("contact messages, $name", (target) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  let api: RunningApi;
  let client: Client<typeof ShopService>;
  let clock = now;
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      mails.push(mail);
      return { messageId: `<${mail.messageId}@test>` };
    },
  };

  beforeAll(async () => {
    testDb = await target.create();
    database = await testDb.open();
    api = await startApiServer({ db: database.db, now: () => clock });
    client = createClient(ShopService, createConnectTransport({ baseUrl: api.baseUrl, httpVersion: "1.1" }));
  });

  afterAll(async () => {
    await api.stop();
    await database.close();
    await testDb.dispose();
  });

  const runJobs = () =>
    drainJobs(database.db, createJobHandlers({ ...api.deps, now: () => clock, mailer }), clock);

  it("keeps a message and mails it to the support of the shop it was sent in, who answer by replying", async () => {
    clock = now;
    mails.length = 0;
    await client.contactMessageSend({ productVariant: czech, message });
    await client.contactMessageSend({ productVariant: polish, message: { ...message, subject: "" } });
    const sent = await runJobs();
    expect(sent.filter((job) => job.kind === "contact-mail")).toHaveLength(2);

    const [toCzechSupport, toPolishSupport] = mails.filter((mail) => mail.to !== message.email);
    expect(toCzechSupport).toMatchObject({
      to: "podpora@dovolenazabenefity.cz",
      headers: { "Reply-To": "jana@example.com" },
      subject: "Kontaktní formulář: Faktura",
    });
    // The shop's support reads it in the shop's language, and learns which language the sender read the page in.
    expect(toCzechSupport!.text).toContain("Dobrý den,\nprosím o fakturu.");
    expect(toCzechSupport!.text).toMatch(/Jazyk stránky\W+en/);
    expect(toCzechSupport!.html).toContain("Jana Nováková");
    expect(toPolishSupport).toMatchObject({
      to: "pomoc@urlopzabenefity.pl",
      subject: "Formularz kontaktowy: bez tematu",
    });
    expect(await runJobs()).toEqual([]);
  });

  it("acknowledges a message to its sender, in the language they wrote in: what was sent, when, and when we answer", async () => {
    clock = now;
    mails.length = 0;
    await client.contactMessageSend({ productVariant: czech, message });
    await client.contactMessageSend({ productVariant: polish, message: { ...message, subject: "" } });
    expect(await runJobs()).toEqual(expect.arrayContaining([{ kind: "contact-acknowledgement" }]));

    const acknowledgements = mails.filter((mail) => mail.to === message.email);
    expect(acknowledgements).toHaveLength(2);
    const [english, polishAck] = acknowledgements;
    expect(english).toMatchObject({
      from: '"Dovolená za benefity" <podpora@dovolenazabenefity.cz>',
      subject: "We have received your message: Faktura",
    });
    const text = english!.text.replace(/[\u00a0\u202f]/g, " ");
    // What was sent, as it was typed, and when (the shop's clock, in the market's zone).
    expect(text).toContain("Dobrý den,\nprosím o fakturu.");
    expect(text).toContain("Subject: Faktura");
    expect(text).toContain("Sent: 21 November 2026 at 11:00 CET");
    // When the answer comes, and where to.
    expect(text).toContain("We will reply to jana@example.com. Working days 9:00–17:00");
    expect(polishAck).toMatchObject({
      from: '"Urlop za benefity" <pomoc@urlopzabenefity.pl>',
      subject: "Otrzymaliśmy Twoją wiadomość: bez tematu",
    });
    // Sent once, whatever the worker retries: the message id is the message's.
    expect(new Set(acknowledgements.map((mail) => mail.messageId)).size).toBe(2);
    expect(await runJobs()).toEqual([]);
  });

  it("refuses a client past its budget, saying how long to wait, and takes its message once it may", async () => {
    // Later than the messages of the other tests, which have left the window.
    const start = new Date(now.getTime() + 2 * CONTACT_MESSAGE_WINDOW_MS);
    clock = start;
    for (let sent = 0; sent < CONTACT_MESSAGE_LIMIT; sent++) {
      await client.contactMessageSend({ productVariant: czech, message });
      clock = new Date(clock.getTime() + 60_000);
    }
    const refusal = await client.contactMessageSend({ productVariant: czech, message }).then(
      () => expect.fail("the sixth message should be refused"),
      (error: unknown) => ConnectError.from(error)
    );
    expect(refusal.code).toBe(Code.ResourceExhausted);
    const detail = refusal.findDetails(ErrorDetailSchema)[0];
    expect(detail?.code).toBe(ErrorCode.CONTACT_MESSAGES_TOO_MANY);
    const firstLeavesTheWindow = start.getTime() + CONTACT_MESSAGE_WINDOW_MS;
    expect(detail?.retryAfterSeconds).toBe(Math.ceil((firstLeavesTheWindow - clock.getTime()) / 1000));

    clock = new Date(clock.getTime() + detail!.retryAfterSeconds * 1000);
    await expect(client.contactMessageSend({ productVariant: czech, message })).resolves.toEqual(expect.anything());
  });

  it.each([
    ["without an e-mail", { ...message, email: "" }, ErrorCode.INPUT_REQUIRED, "message.email"],
    ["with an address that is none", { ...message, email: "jana@" }, ErrorCode.INPUT_EMAIL_INVALID, "message.email"],
    ["without a text", { ...message, message: "" }, ErrorCode.INPUT_REQUIRED, "message.message"],
    ["longer than a letter", { ...message, message: "x".repeat(5001) }, ErrorCode.INVALID_ARGUMENT, "message.message"],
  ])("refuses a message %s, naming the field", async (_, sent, code, field) => {
    const refusal = await failureOf(client.contactMessageSend({ productVariant: czech, message: sent }));
    expect(refusal).toEqual({ code: Code.InvalidArgument, errorCode: code, field });
  });
});
