// Refuses webhook URLs that point into our own network (SSRF): private, loopback, link-local and
// other non-public ranges. Checked at creation and again when connecting (DNS can change), unless
// WEBHOOK_ALLOW_PRIVATE_URLS=1 (tests only).
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

export function privateUrlsAllowed(): boolean {
  return process.env.WEBHOOK_ALLOW_PRIVATE_URLS === "1";
}

/** True for any address a webhook must not reach (IPv4-mapped IPv6 is checked as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
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
