import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "./mailer";
import { createSmtpMailer } from "./smtp-mailer";

interface Received {
  login?: string;
  from: string;
  to: string[];
  data: string;
}

/** A test SMTP server on an ephemeral port, speaking just enough RFC 5321 for nodemailer (and AUTH PLAIN). */
function smtpServer(options: { rejectRecipients?: boolean } = {}) {
  const received: Received[] = [];
  const server = createServer((socket) => {
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let envelope: Omit<Received, "data"> = { from: "", to: [] };
    let data: string[] | undefined;
    let buffered = "";
    reply("220 localhost ESMTP test");
    socket.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      let end: number;
      while ((end = buffered.indexOf("\r\n")) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data !== undefined) {
          if (line !== ".") {
            data.push(line.startsWith(".") ? line.slice(1) : line);
            continue;
          }
          received.push({ ...envelope, data: data.join("\r\n") });
          data = undefined;
          envelope = { from: "", to: [] };
          reply("250 2.0.0 queued");
          continue;
        }
        const [verb = "", ...rest] = line.split(" ");
        const argument = rest.join(" ");
        switch (verb.toUpperCase()) {
          case "EHLO":
            reply("250-localhost");
            reply("250 AUTH PLAIN");
            break;
          case "HELO":
          case "NOOP":
          case "RSET":
            reply("250 OK");
            break;
          case "AUTH": {
            const [, login = ""] = Buffer.from(argument.replace(/^PLAIN /i, ""), "base64")
              .toString()
              .split("\0");
            envelope.login = login;
            reply("235 2.7.0 Authentication successful");
            break;
          }
          case "MAIL":
            envelope.from = /<(.*)>/.exec(argument)?.[1] ?? "";
            reply("250 OK");
            break;
          case "RCPT":
            if (options.rejectRecipients) {
              reply("550 5.1.1 No such user");
            } else {
              envelope.to.push(/<(.*)>/.exec(argument)?.[1] ?? "");
              reply("250 OK");
            }
            break;
          case "DATA":
            data = [];
            reply("354 End data with <CR><LF>.<CR><LF>");
            break;
          case "QUIT":
            reply("221 Bye");
            socket.end();
            break;
          default:
            reply("502 Command not implemented");
        }
      }
    });
  });
  return { server, received };
}

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((socket) => socket.destroy());
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  server.on("connection", (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

const message: MailMessage = {
  from: '"Urlop za benefity" <info@urlopzabenefity.pl>',
  to: "Zażółć Gęślą <jazn@example.pl>",
  subject: "Otrzymaliśmy Twoje zamówienie 26000042",
  text: "Dzień dobry,\n.a line starting with a dot survives",
  html: "<p>Dzień dobry</p>",
  messageId: "order-26000042-confirmation",
};

const quick = { connectionMs: 500, greetingMs: 500, socketMs: 1000 };
const now = () => new Date("2026-03-01T10:00:00Z");

describe("SMTP mailer", () => {
  it("delivers the message with its envelope, login and stable Message-ID", async () => {
    const { server, received } = smtpServer();
    const port = await listen(server);
    const mailer = createSmtpMailer(`smtp://shop:secret@127.0.0.1:${port}`, now, quick);

    const { messageId } = await mailer.send(message);

    expect(messageId).toBe("<order-26000042-confirmation@urlopzabenefity.pl>");
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.login).toBe("shop");
    expect(mail!.from).toBe("info@urlopzabenefity.pl");
    expect(mail!.to).toEqual(["jazn@example.pl"]);
    expect(mail!.data).toMatch(/^Message-ID: <order-26000042-confirmation@urlopzabenefity\.pl>$/m);
    expect(mail!.data).toMatch(/^Date: Sun, 01 Mar 2026 10:00:00 \+0000$/m);
    expect(mail!.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(mail!.data).toMatch(/^\.a line starting with a dot survives$/m);
  });

  it("throws when the server rejects the recipient, so the job retries", async () => {
    const { server, received } = smtpServer({ rejectRecipients: true });
    const port = await listen(server);
    await expect(createSmtpMailer(`smtp://127.0.0.1:${port}`, now, quick).send(message)).rejects.toThrow(/550/);
    expect(received).toEqual([]);
  });

  it("throws when the server never greets, after the greeting timeout", async () => {
    const silent = createServer(() => {});
    const port = await listen(silent);
    // Were the short greeting timeout not applied, the wait (15 s by default) would outlast the test's time and fail it.
    await expect(createSmtpMailer(`smtp://127.0.0.1:${port}`, now, quick).send(message)).rejects.toThrow(/greeting/i);
  });

  it("throws when nothing listens", async () => {
    const { server } = smtpServer();
    const port = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    servers.splice(servers.indexOf(server), 1);
    await expect(createSmtpMailer(`smtp://127.0.0.1:${port}`, now, quick).send(message)).rejects.toThrow(/ECONNREFUSED/);
  });
});
