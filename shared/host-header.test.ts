import { describe, expect, it } from "vitest";
import { isHostHeader } from "./host-header";

describe("a Host header", () => {
  it.each([
    "localhost",
    "localhost:3000",
    "pl.localhost:3000",
    "shop.example.cz",
    "shop.example.cz.",
    "192.0.2.1:80",
    "[::1]:3000",
  ])("%j names a host", (host) => expect(isHostHeader(host)).toBe(true));

  it.each([
    "",
    "a b",
    "<x>",
    "a/b",
    "a@b",
    "a#b",
    "a?b",
    "a\\b",
    "localhost:99999",
    "localhost:x",
    "[::1",
    "1.2.3.4.5",
  ])("%j names none", (host) => expect(isHostHeader(host)).toBe(false));
});
