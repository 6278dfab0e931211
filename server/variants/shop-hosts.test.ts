import { describe, expect, it } from "vitest";
import { isShopAddress, variantForHost } from "./shop-hosts";

const none = { cz: undefined, pl: undefined, wlPluxeeCz: undefined };

describe("variant by host", () => {
  it("knows the development hosts without configuration", () => {
    expect(variantForHost("localhost:3000", none).key).toBe("DZB_CZ");
    expect(variantForHost("127.0.0.1", none).key).toBe("DZB_CZ");
    expect(variantForHost("pl.localhost:3000", none).key).toBe("DZB_PL");
    expect(variantForHost("PLUXEE.localhost", none).key).toBe("DZB_WL_PLUXEE_CZ");
  });

  it("uses the configured domains", () => {
    const domains = { cz: "shop.example.cz", pl: "shop.example.pl", wlPluxeeCz: "pluxee.example.cz" };
    expect(variantForHost("shop.example.pl", domains).key).toBe("DZB_PL");
    expect(variantForHost("pluxee.example.cz:443", domains).key).toBe("DZB_WL_PLUXEE_CZ");
    expect(variantForHost("shop.example.cz.", domains).key).toBe("DZB_CZ");
  });

  it("gives an unknown host the default Czech shop", () => {
    expect(variantForHost("evil.example.com", none).key).toBe("DZB_CZ");
  });
});

describe("the shop's own addresses", () => {
  const configured = { cz: "shop.example.cz", pl: "shop.example.pl", wlPluxeeCz: undefined };

  it.each([
    ["http://localhost:3000/status/x/platba", none],
    ["http://127.0.0.1:41234/status/x/platba", none],
    ["http://PL.localhost/pl/status/x/platnosc", none],
    ["https://shop.example.cz/status/x/platba", configured],
    ["https://shop.example.pl:8443/pl/status/x/platnosc", configured],
    // The white label has no domain configured: its development host stays its own.
    ["http://pluxee.localhost:3000/status/x/platba", configured],
  ])("takes %s", (address, domains) => {
    expect(isShopAddress(address, domains)).toBe(true);
  });

  it.each([
    ["https://evil.example/x", none],
    ["https://localhost.evil.example/x", none],
    ["http://localhost@evil.example/x", none],
    ["http://user@localhost/x", none],
    ["javascript:alert(1)//localhost", none],
    ["ftp://localhost/x", none],
    ["/status/x/platba", none],
    ["//evil.example/x", none],
    ["not a url", none],
    // A configured domain replaces its variant's development hosts.
    ["http://localhost:3000/status/x/platba", configured],
    ["http://pl.localhost:3000/pl/status/x/platnosc", configured],
    ["https://shop.example.cz.evil.example/x", configured],
  ])("refuses %s", (address, domains) => {
    expect(isShopAddress(address, domains)).toBe(false);
  });
});
