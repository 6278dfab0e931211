import { describe, expect, it } from "vitest";
import { variantForHost } from "./variants";

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
