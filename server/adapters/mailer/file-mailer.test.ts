import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFileMailer, fileId } from "./file-mailer";
import { parseMime, type MimePart as Part } from "../../../tests/fixtures/mime";
import type { MailMessage } from "./mailer";

// The next rename fails when set: a crash or full disk between writing the temporary file and publishing it.
const failures = vi.hoisted(() => ({ rename: false }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    rename: async (from: string, to: string) => {
      if (failures.rename) {
        failures.rename = false;
        throw new Error("ENOSPC: no space left on device");
      }
      return actual.rename(from, to);
    },
  };
});

function attachmentName(part: Part): string | undefined {
  const disposition = part.headers.get("content-disposition") ?? "";
  const extended = /filename\*0\*=utf-8''([^;]+)/i.exec(disposition)?.[1];
  return extended !== undefined ? decodeURIComponent(extended) : /filename="?([^";]+)"?/.exec(disposition)?.[1];
}

const pdf = new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    from: '"Dovolená za benefity" <info@dovolenazabenefity.cz>',
    to: "Jiří Novák <jiri.novak@example.cz>",
    subject: "Přijali jsme vaši objednávku 26000042",
    text: "Dobrý den, Jiří,\npříliš žluťoučký kůň úpěl ďábelské ódy.",
    html: "<p>Dobrý den, Jiří,</p><p>příliš žluťoučký kůň úpěl ďábelské ódy.</p>",
    headers: { "X-Order-Number": "26000042" },
    messageId: "order-26000042-confirmation",
    attachments: [{ filename: "objednávka 26000042.pdf", contentType: "application/pdf", content: pdf }],
    ...overrides,
  };
}

let folder: string;
beforeEach(async () => {
  folder = join(await mkdtemp(join(tmpdir(), "mail-")), "mail");
});
afterEach(async () => {
  await rm(join(folder, ".."), { recursive: true, force: true });
});

async function mailFiles(): Promise<string[]> {
  return (await readdir(folder)).filter((name) => name.endsWith(".eml")).sort();
}

describe("file mailer", () => {
  it("writes a parseable RFC 5322 message with both parts and the attachments", async () => {
    const mailer = createFileMailer(folder, () => new Date("2026-03-01T10:20:30.123Z"));
    const { messageId } = await mailer.send(message());

    expect(messageId).toBe("<order-26000042-confirmation@dovolenazabenefity.cz>");
    expect(await readdir(folder)).toEqual([
      "20260301T102030.123Z-order-26000042-confirmation@dovolenazabenefity.cz.eml",
    ]);
    const raw = await readFile(join(folder, (await mailFiles())[0]!), "latin1");
    // Every header is 7-bit: non-ASCII names and subjects travel as encoded words.
    const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(head).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(head).toMatch(/^Subject: =\?UTF-8\?/m);

    const mail = parseMime(raw);
    expect(mail.headers.get("from")).toBe("Dovolená za benefity <info@dovolenazabenefity.cz>");
    expect(mail.headers.get("to")).toBe("Jiří Novák <jiri.novak@example.cz>");
    expect(mail.headers.get("subject")).toBe("Přijali jsme vaši objednávku 26000042");
    expect(mail.headers.get("message-id")).toBe(messageId);
    expect(mail.headers.get("x-order-number")).toBe("26000042");
    expect(mail.headers.get("date")).toBeDefined();

    const [alternative, attachment] = mail.parts;
    const [text, html] = alternative!.parts;
    expect(text!.headers.get("content-type")).toMatch(/^text\/plain; charset=utf-8/);
    expect(text!.body.toString("utf8")).toBe(message().text);
    expect(html!.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/);
    expect(html!.body.toString("utf8")).toBe(message().html);
    expect(attachment!.headers.get("content-type")).toMatch(/^application\/pdf/);
    expect(attachmentName(attachment!)).toBe("objednávka 26000042.pdf");
    expect(new Uint8Array(attachment!.body)).toEqual(pdf);
  });

  it("keeps one file per message id, across retries, restarts and concurrent sends", async () => {
    let clock = Date.parse("2026-03-01T10:00:00Z");
    const now = () => new Date((clock += 1000));
    const mailer = createFileMailer(folder, now);

    const first = await mailer.send(message());
    const again = await mailer.send(message());
    const afterRestart = await createFileMailer(folder, now).send(message());
    const concurrent = await Promise.all([1, 2, 3].map(() => mailer.send(message({ messageId: "order-1-paid" }))));

    expect(again).toEqual(first);
    expect(afterRestart).toEqual(first);
    expect(new Set(concurrent.map((result) => result.messageId))).toEqual(
      new Set(["<order-1-paid@dovolenazabenefity.cz>"])
    );
    expect(await mailFiles()).toEqual([
      "20260301T100001.000Z-order-26000042-confirmation@dovolenazabenefity.cz.eml",
      "20260301T100002.000Z-order-1-paid@dovolenazabenefity.cz.eml",
    ]);
  });

  it("does not take one id for another whose name ends the same", async () => {
    const mailer = createFileMailer(folder);
    await mailer.send(message({ messageId: "a-b@example.cz" }));
    await mailer.send(message({ messageId: "b@example.cz" }));
    expect(await mailFiles()).toHaveLength(2);
  });

  it("writes a message without a stable id every time, under nodemailer's random id", async () => {
    const mailer = createFileMailer(folder);
    const results = [
      await mailer.send(message({ messageId: undefined })),
      await mailer.send(message({ messageId: undefined })),
    ];
    expect(results[0]!.messageId).toMatch(/^<[0-9a-f-]+@dovolenazabenefity\.cz>$/);
    expect(results[0]!.messageId).not.toBe(results[1]!.messageId);
    expect(await mailFiles()).toHaveLength(2);
  });

  it("leaves no file when publishing fails, and the retry writes the one file", async () => {
    const mailer = createFileMailer(folder);
    failures.rename = true;
    await expect(mailer.send(message())).rejects.toThrow("ENOSPC");
    expect(await readdir(folder)).toEqual([]);

    await mailer.send(message());
    expect(await readdir(folder)).toHaveLength(1);
  });

  it("ignores a temporary file a crash left behind", async () => {
    const mailer = createFileMailer(folder);
    await mailer.send(message({ messageId: "other" }));
    const leftover = `.20260301T000000.000Z-${fileId("<order-26000042-confirmation@dovolenazabenefity.cz>")}.eml.x.tmp`;
    await writeFile(join(folder, leftover), "From: half a mess");

    await mailer.send(message());
    expect(await mailFiles()).toHaveLength(2);
  });

  it("shows readers only complete files while it writes", async () => {
    const big = new Uint8Array(2_000_000).fill(42);
    const mailer = createFileMailer(folder);
    const sends = Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        mailer.send(
          message({
            messageId: `bulk-${i}`,
            attachments: [{ filename: "big.bin", contentType: "application/octet-stream", content: big }],
          })
        )
      )
    );
    let done = false;
    void sends.finally(() => (done = true));
    while (!done) {
      for (const name of await mailFiles().catch(() => [])) {
        const mail = parseMime(await readFile(join(folder, name), "latin1"));
        expect(mail.parts[1]!.body.length).toBe(big.length);
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await sends;
    expect(await mailFiles()).toHaveLength(8);
  });

  it("names files safely, and never two different ids alike", () => {
    expect(fileId("<order-1@example.cz>")).toBe("order-1@example.cz");
    expect(fileId("<a/b@example.cz>")).toMatch(/^a_b@example\.cz-[0-9a-f]{12}$/);
    expect(fileId("<a/b@example.cz>")).not.toBe(fileId("<a\\b@example.cz>"));
    expect(fileId(`<${"x".repeat(300)}@example.cz>`).length).toBeLessThan(120);
  });
});
