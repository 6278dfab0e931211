import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { clientAddressOf, clientAddressOfInProcessCall, trustedForwarders } from "./client-address";

const loopback = trustedForwarders(loadConfig({}).apiTrustedForwarders);
const behindProxy = trustedForwarders(["10.0.0.0/8", "127.0.0.1"]);

describe("the client of an api call", () => {
  it("is the peer when the peer is no trusted forwarder, whatever the header says", () => {
    expect(clientAddressOf("203.0.113.7", "198.51.100.1", loopback)).toBe("203.0.113.7");
    fc.assert(
      fc.property(fc.array(fc.ipV4(), { maxLength: 4 }), fc.ipV4(), (forged, peer) => {
        fc.pre(!peer.startsWith("127."));
        expect(clientAddressOf(peer, forged.join(", "), loopback)).toBe(peer);
      })
    );
  });

  it("is the visitor the web tier names when the web tier calls over the loopback", () => {
    expect(clientAddressOf("127.0.0.1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    expect(clientAddressOf("::ffff:127.0.0.1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    expect(clientAddressOf("::1", "::ffff:198.51.100.1", loopback)).toBe("198.51.100.1");
    // A visitor on the same machine is the loopback itself.
    expect(clientAddressOf("127.0.0.1", "127.0.0.1", loopback)).toBe("127.0.0.1");
    expect(clientAddressOf("127.0.0.1", undefined, loopback)).toBe("127.0.0.1");
  });

  it("is the first untrusted address from the end of the chain: a forged start does not count", () => {
    // The caller wrote 198.51.100.1; the proxy at 10.1.1.1 added the caller's real address, 203.0.113.7.
    expect(clientAddressOf("10.1.1.1", "198.51.100.1, 203.0.113.7", behindProxy)).toBe("203.0.113.7");
    // The web tier (127.0.0.1) named the visitor, the proxy added the web tier.
    expect(clientAddressOf("10.1.1.1", ["198.51.100.1", "127.0.0.1"], behindProxy)).toBe("198.51.100.1");
  });

  it("is the forwarder itself when what it wrote is no address", () => {
    expect(clientAddressOf("127.0.0.1", "unknown", loopback)).toBe("127.0.0.1");
    expect(clientAddressOf("10.1.1.1", "203.0.113.7, not-an-ip", behindProxy)).toBe("10.1.1.1");
    expect(clientAddressOf(undefined, "203.0.113.7", loopback)).toBe("unknown");
  });

  it("is an IPv6 visitor's /64 network, which a host may roam at will", () => {
    expect(clientAddressOf("2001:db8:1:2:aaaa::1", undefined, loopback)).toBe("2001:db8:1:2::/64");
    expect(clientAddressOf("2001:DB8:1:2:ffff:ffff:ffff:ffff", undefined, loopback)).toBe("2001:db8:1:2::/64");
    expect(clientAddressOf("2001:db8::1", undefined, loopback)).toBe("2001:db8:0:0::/64");
    expect(clientAddressOf("::1", "2001:0db8:0001:0002::abcd", loopback)).toBe("2001:db8:1:2::/64");
  });

  it("called in memory by the web tier of the process, is whom that tier names, as from a trusted loopback", () => {
    const untrusting = trustedForwarders(["192.0.2.1"]);
    for (const trusted of [loopback, untrusting]) {
      expect(clientAddressOfInProcessCall("198.51.100.1", trusted)).toBe("198.51.100.1");
      expect(clientAddressOfInProcessCall("::ffff:198.51.100.1", trusted)).toBe("198.51.100.1");
      expect(clientAddressOfInProcessCall("2001:db8:1:2::abcd", trusted)).toBe("2001:db8:1:2::/64");
      // A call naming nobody, such as the info panel's, is the process's own.
      expect(clientAddressOfInProcessCall(undefined, trusted)).toBe("127.0.0.1");
    }
    for (const entries of [["198.51.100.1", "10.1.1.1"], ["203.0.113.9", "198.51.100.1"]]) {
      expect(clientAddressOfInProcessCall(entries.join(", "), loopback)).toBe(
        clientAddressOf("127.0.0.1", entries.join(", "), loopback)
      );
    }
    expect(clientAddressOfInProcessCall("198.51.100.1, 10.1.1.1", behindProxy)).toBe("198.51.100.1");
  });
});
