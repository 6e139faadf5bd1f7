import { afterEach, describe, expect, it } from "vitest";
import { clientIpFrom, DIRECT_CLIENT } from "./request";

describe("clientIpFrom", () => {
  const original = process.env.TRUST_PROXY;
  afterEach(() => {
    process.env.TRUST_PROXY = original;
  });
  const withHops = (hops: string) => (process.env.TRUST_PROXY = hops);

  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    withHops("0");
    expect(clientIpFrom("198.51.100.7")).toBe(DIRECT_CLIENT);
    delete process.env.TRUST_PROXY;
    expect(clientIpFrom("198.51.100.7")).toBe(DIRECT_CLIENT);
  });

  it("takes the entry the nearest trusted proxy vouches for, not what the client wrote", () => {
    withHops("1");
    expect(clientIpFrom("6.6.6.6, 198.51.100.7")).toBe("198.51.100.7");
    withHops("2");
    expect(clientIpFrom("6.6.6.6, 198.51.100.7, 10.0.0.2")).toBe("198.51.100.7");
  });

  it("falls back to the shared key for an absent, odd or absurd header", () => {
    withHops("1");
    expect(clientIpFrom(null)).toBe(DIRECT_CLIENT);
    expect(clientIpFrom(" , ")).toBe(DIRECT_CLIENT);
    expect(clientIpFrom("x".repeat(100))).toBe(DIRECT_CLIENT);
    withHops("-1");
    expect(clientIpFrom("198.51.100.7")).toBe(DIRECT_CLIENT);
  });
});
