import type { IncomingHttpHeaders } from "node:http";
import { BlockList, isIP, isIPv4 } from "node:net";
import { createContextKey } from "@connectrpc/connect";

/**
 * Who is calling the api, for budgets kept per client such as that of wrong voucher codes (decision 015).
 *
 * The api is called by the web tier on a visitor's behalf, and directly by anyone who finds /api. The web tier says
 * whom it calls for in X-Forwarded-For; a proxy in front of the api adds whom it took the call from. The header is
 * read from its end, where the nearest hop wrote, and each trusted forwarder passes the question on to the address
 * it names: the first address not trusted is the client. Someone calling directly may write anything into the header,
 * but their own address is the TCP peer's, which is not trusted and is where the reading stops.
 */

/** The calling client, as `clientAddressOf` says: set on every call's context by the api middleware. */
export const clientAddressKey = createContextKey<string>("unknown", { description: "the calling client" });

/** The forwarders `config.apiTrustedForwarders` names: addresses, or networks written with their prefix length. */
export function trustedForwarders(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIPv4(address) ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** The client of a call that came from `peer` with the X-Forwarded-For `forwardedFor`, as the key its budgets use. */
export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: BlockList
): string {
  const hop = plainAddress(peer ?? "");
  if (!hop) return "unknown";
  return clientKeyOf(isTrusted(hop, trusted) ? clientNamedBy(hop, addressesNamedIn(forwardedFor), trusted) : hop);
}

/**
 * The client of a call the web tier of this process makes in memory (ROLE=all, decision 023). Over HTTP it would come
 * from the loopback, which the default forwarders trust; in memory it comes from the shop's own code, trusted
 * whatever API_TRUSTED_FORWARDERS says, and its X-Forwarded-For is read on from there as over HTTP.
 */
export function clientAddressOfInProcessCall(forwardedFor: string | undefined, trusted: BlockList): string {
  return clientKeyOf(clientNamedBy("127.0.0.1", addressesNamedIn(forwardedFor), trusted));
}

function addressesNamedIn(forwardedFor: string | string[] | undefined): string[] {
  return [forwardedFor ?? []]
    .flat()
    .flatMap((header) => header.split(","))
    .map((entry) => entry.trim());
}

/** Whom the trusted forwarder at `hop` names, read from the header's end while each hop named is trusted too. */
function clientNamedBy(hop: string, named: string[], trusted: BlockList): string {
  while (named.length > 0) {
    // What a trusted forwarder wrote that is no address says nothing: the forwarder itself is all we know.
    const next = plainAddress(named.pop()!);
    if (!next) break;
    hop = next;
    if (!isTrusted(hop, trusted)) break;
  }
  return hop;
}

/** The client of a request the api middleware serves. */
export function clientAddressOfRequest(
  req: { readonly socket: { readonly remoteAddress?: string }; readonly headers: IncomingHttpHeaders },
  trusted: BlockList
): string {
  return clientAddressOf(req.socket.remoteAddress, req.headers["x-forwarded-for"], trusted);
}

/** An IPv4 address seen through an IPv6 socket ("::ffff:192.0.2.1") is that IPv4 address; anything else, "". */
function plainAddress(text: string): string {
  const address = text.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return isIP(address) ? address.toLowerCase() : "";
}

function isTrusted(address: string, trusted: BlockList): boolean {
  return trusted.check(address, isIPv4(address) ? "ipv4" : "ipv6");
}

/**
 * One client per IPv4 address, and per IPv6 /64 network: a host is given a whole /64 and may take any address in it,
 * so counting single IPv6 addresses would give it 2^64 budgets.
 */
function clientKeyOf(address: string): string {
  if (isIPv4(address)) return address;
  const [head = "", tail] = address.split("::");
  const groupsOf = (part: string | undefined) =>
    part ? part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : [];
  const front = groupsOf(head);
  const back = groupsOf(tail);
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
