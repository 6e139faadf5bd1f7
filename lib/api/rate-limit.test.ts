import net from "node:net";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

const redisUp = await reachable(REDIS_URL);

describe("rate limits", () => {
  it("answers 429 with a retry time once a key is spent, and a reset clears it", async () => {
    const { createLimiter } = await import("./rate-limit");
    const limiter = createLimiter(`memory-${randomBytes(4).toString("hex")}`, 2, 60);
    await limiter.consume("k");
    await limiter.check("k");
    await limiter.consume("k");
    await expect(limiter.check("k")).rejects.toMatchObject({ status: 429, headers: { "Retry-After": expect.stringMatching(/^\d+$/) } });
    await expect(limiter.consume("k")).rejects.toMatchObject({ status: 429 });
    await limiter.reset("k");
    await expect(limiter.check("k")).resolves.toBeUndefined();
  });

  it.skipIf(!redisUp)("shares counters through Redis, so every app instance sees the same limit", async () => {
    process.env.REDIS_URL = REDIS_URL;
    try {
      const { createLimiter } = await import("./rate-limit");
      const name = `shared-${randomBytes(4).toString("hex")}`;
      // Two limiters with one name stand for two app instances.
      const first = createLimiter(name, 3, 60);
      const second = createLimiter(name, 3, 60);
      await first.consume("ip");
      await second.consume("ip");
      await first.consume("ip");
      await expect(second.consume("ip")).rejects.toMatchObject({ status: 429 });
    } finally {
      delete process.env.REDIS_URL;
    }
  });
});
