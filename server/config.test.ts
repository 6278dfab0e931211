import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("runs on the embedded defaults with no environment at all", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ role: "all", port: 3000, env: "dev", dataDir: ".data", databaseUrl: undefined });
    expect(config.apiUrl).toBe("http://127.0.0.1:3000/api");
  });

  it("lists every problem at once", () => {
    try {
      loadConfig({ PORT: "nope", ROLE: "boss", DATABASE_URL: "not a url" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/ROLE/);
      expect(problems).toMatch(/DATABASE_URL/);
    }
  });

  it("uses secure cookies in preprod and prod only", () => {
    const prodCredentials = { BOOKING_API_TOKEN: "token", BOOKING_AFFILIATE_ID: "1234567" };
    expect(loadConfig({ ENV: "prod", ...prodCredentials }).secureCookies).toBe(true);
    expect(loadConfig({ ENV: "preprod" }).secureCookies).toBe(true);
    expect(loadConfig({ ENV: "test" }).secureCookies).toBe(false);
  });

  it("refuses to book real rooms with the simulator or half a credential pair", () => {
    expect(() => loadConfig({ ENV: "prod" })).toThrow(/BOOKING_API_TOKEN: is required when ENV is prod/);
    expect(loadConfig({ ENV: "prod", ROLE: "web" }).booking.apiToken).toBeUndefined();
    expect(() => loadConfig({ BOOKING_API_TOKEN: "token" })).toThrow(/set together/);
    expect(() => loadConfig({ BOOKING_AFFILIATE_ID: "1234567" })).toThrow(/set together/);
    expect(loadConfig({}).booking.apiToken).toBeUndefined();
  });
});
