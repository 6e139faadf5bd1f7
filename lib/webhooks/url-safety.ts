// Refuses webhook URLs that point into our own network (SSRF). Only public unicast addresses are
// allowed, classified by ipaddr.js's ranges rather than a hand-written list; IPv6 forms that carry an
// IPv4 address are judged by that address. Checked at creation and again when connecting (DNS can
// change), unless WEBHOOK_ALLOW_PRIVATE_URLS=1 (tests only).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { setting } from "@/lib/config";

/**
 * IPv6 forms whose last 32 bits are the IPv4 address the packet really reaches: IPv4-mapped,
 * IPv4-translated (RFC 6145), IPv4-compatible (deprecated; includes :: and ::1) and NAT64's
 * well-known prefix (RFC 6052, what DNS64 answers on IPv6-only networks).
 */
const EMBEDS_IPV4 = ["::ffff:0:0/96", "::ffff:0:0:0/96", "::/96", "64:ff9b::/96"].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
/** Where public IPv6 unicast lives (RFC 4291); ipaddr.js calls most of the rest "unicast" too. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * True only for a public unicast address. 6to4 (2002::/16), Teredo (2001::/32) and local-use NAT64
 * (64:ff9b:1::/48) also carry IPv4 addresses, but in places that depend on the relay or operator, so
 * their ranges are refused outright rather than decoded; nobody needs them for a webhook receiver.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === "ipv4") return ip.range() === "unicast";
  const v6 = ip as ipaddr.IPv6;
  if (EMBEDS_IPV4.some((range) => v6.match(range))) {
    const [hi, lo] = [v6.parts[6]!, v6.parts[7]!];
    return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]).range() === "unicast";
  }
  return v6.match(GLOBAL_UNICAST) && v6.range() === "unicast";
}

export function privateUrlsAllowed(): boolean {
  return setting("WEBHOOK_ALLOW_PRIVATE_URLS") === "1";
}

/** True for any address a webhook must not reach (the complement of isPublicAddress). */
export function isPrivateAddress(address: string): boolean {
  return !isPublicAddress(address);
}

export class UnsafeUrlError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private, loopback or link-local address`);
    this.name = "UnsafeUrlError";
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/**
 * For creation and updates: refuses IP literals and names that resolve to non-public addresses.
 * A name that does not resolve (yet) is accepted; delivery checks it again when it connects.
 */
export async function checkWebhookUrl(raw: string): Promise<string | null> {
  if (privateUrlsAllowed()) return null;
  const host = hostOf(new URL(raw));
  if (host === "localhost" || host.endsWith(".localhost")) return "url must not point to localhost";
  if (isIP(host)) return isPrivateAddress(host) ? "url must not point to a private, loopback or link-local address" : null;
  const addresses = await Promise.race([
    lookup(host, { all: true, verbatim: true }).catch(() => []),
    new Promise<{ address: string }[]>((resolve) => setTimeout(() => resolve([]), 3_000).unref()),
  ]);
  return addresses.some((a) => isPrivateAddress(a.address)) ? "url must not resolve to a private, loopback or link-local address" : null;
}
