import { describe, expect, it } from "vitest";
import { localeCookie, sessionCookie } from "./cookies";

/** The attributes of a Set-Cookie header, by lower-case name. */
async function attributesOf(serialized: Promise<string>) {
  const [, ...attributes] = (await serialized).split(/;\s*/);
  const pairs = attributes.map((attribute) => attribute.split("=", 2) as [string, string?]);
  return new Map(pairs.map(([name, value]) => [name.toLowerCase(), value]));
}

describe("the shop's cookies", () => {
  it.each([
    ["locale", (secure: boolean) => localeCookie(secure).serialize("en")],
    ["sid", (secure: boolean) => sessionCookie(secure).serialize("3f1c1f8e-0a4b-4f5e-9d43-6b1a9f3c2d10")],
  ])("%s is sent over HTTPS only where the shop is served over it, and never to scripts", async (_, serialize) => {
    const secure = await attributesOf(serialize(true));
    expect(secure.has("secure")).toBe(true);
    expect(secure.has("httponly")).toBe(true);
    expect(secure.get("samesite")).toBe("Lax");
    expect(secure.get("path")).toBe("/");
    // A developer's plain-HTTP machine would drop a Secure cookie.
    expect((await attributesOf(serialize(false))).has("secure")).toBe(false);
  });

  it("remembers the locale for 365 days (SPEC §2)", async () => {
    expect((await attributesOf(localeCookie(true).serialize("en"))).get("max-age")).toBe(String(365 * 24 * 60 * 60));
  });
});
