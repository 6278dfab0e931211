import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMailer } from "./create-mailer";

const now = () => new Date("2026-03-01T10:00:00Z");

describe("createMailer", () => {
  it("writes files under {dataDir}/mail when no SMTP server is configured", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "data-"));
    try {
      await createMailer({ dataDir, now }).send({
        from: "info@example.cz",
        to: "guest@example.cz",
        subject: "Test",
        text: "Test",
        html: "<p>Test</p>",
        messageId: "test-1",
      });
      const files = await readdir(join(dataDir, "mail"));
      expect(files).toEqual([expect.stringMatching(/^20260301T100000\.000Z-test-1@example\.cz\.eml$/)]);
      // The message's Date header reads the same clock as its file name.
      expect(await readFile(join(dataDir, "mail", files[0]!), "utf8")).toMatch(/^Date: Sun, 01 Mar 2026 10:00:00 \+0000$/m);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("sends over SMTP when a URL is given, and never touches the data folder", async () => {
    const dataDir = join(tmpdir(), "never-created");
    // Port 9 (discard) on the loopback refuses: the failure proves the SMTP path was taken.
    const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:9", dataDir, now });
    await expect(
      mailer.send({ from: "info@example.cz", to: "guest@example.cz", subject: "T", text: "T", html: "T" })
    ).rejects.toThrow(/ECONNREFUSED/);
    await expect(readdir(dataDir)).rejects.toThrow(/ENOENT/);
  });
});
