import { RateLimiterMemory, RateLimiterQueue, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import Redis from "ioredis";
import { ApiError } from "./errors";
import { setting } from "@/lib/config";

// Shared counters in Redis when REDIS_URL is set (several app instances); in memory otherwise.
let redis: Redis | undefined;
function redisClient(): Redis | undefined {
  const url = setting("REDIS_URL");
  if (!url) return undefined;
  // Commands wait for the connection instead of failing over to memory at start-up; if Redis is
  // really down they fail fast and the in-memory insurance limiter answers.
  redis ??= new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  return redis;
}

/** Where a key stands after a call: sent as the RateLimit-* headers (IETF draft httpapi-ratelimit-headers). */
export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };

export function rateLimitHeaders({ limit, remaining, resetSeconds }: RateLimitState): Record<string, string> {
  return { "RateLimit-Limit": String(limit), "RateLimit-Remaining": String(remaining), "RateLimit-Reset": String(resetSeconds) };
}

export type Limiter = {
  /** Attempts per window, after RATE_LIMIT_SCALE, and the window's length (docs/api.md's table). */
  readonly points: number;
  readonly durationSeconds: number;
  /** Throws 429 when the key has no attempts left. */
  check(key: string): Promise<void>;
  /** Spends one attempt and says what is left; throws 429 when that was over the limit. */
  consume(key: string): Promise<RateLimitState>;
  /** Gives back one attempt spent by consume (it turned out to be a success). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

/** RATE_LIMIT_SCALE multiplies every limit: browser tests make dozens of sign-ups from one address. */
function scaled(points: number): number {
  const scale = setting("RATE_LIMIT_SCALE") ?? 1;
  return scale >= 1 ? Math.floor(points * scale) : points;
}

export function createLimiter(name: string, basePoints: number, durationSeconds: number): Limiter {
  const points = scaled(basePoints);
  const options = { keyPrefix: `rl:${name}`, points, duration: durationSeconds };
  const client = redisClient();
  const memory = new RateLimiterMemory(options);
  const limiter: RateLimiterAbstract = client ? new RateLimiterRedis({ ...options, storeClient: client, insuranceLimiter: memory }) : memory;

  const state = (res: RateLimiterRes): RateLimitState => ({
    limit: points,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  const rejected = (res: unknown): never => {
    if (!(res instanceof RateLimiterRes)) throw res;
    const error = ApiError.tooManyRequests(res.msBeforeNext / 1000);
    // The 429 says the same as a success would, so a client reads one set of headers either way.
    Object.assign(error.headers ?? {}, rateLimitHeaders({ ...state(res), remaining: 0 }));
    throw error;
  };

  return {
    points,
    durationSeconds,
    async check(key) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= points) rejected(res);
    },
    async consume(key) {
      return state(await limiter.consume(key).catch(rejected));
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** Paces our own calls to someone else's API (a processor's): waits for a token instead of refusing. */
export type Throttle = {
  /** Resolves when one more call may go: at most `perSecond` a second per key, counted across instances. */
  take(key: string): Promise<void>;
  /** Holds every instance's calls for this key for `ms` (the API answered 429). */
  pause(key: string, ms: number): Promise<void>;
};

export function createThrottle(name: string, perSecond: number): Throttle {
  const options = { keyPrefix: `throttle:${name}`, points: perSecond, duration: 1 };
  const client = redisClient();
  const memory = new RateLimiterMemory(options);
  const limiter: RateLimiterAbstract = client ? new RateLimiterRedis({ ...options, storeClient: client, insuranceLimiter: memory }) : memory;
  const queue = new RateLimiterQueue(limiter);
  return {
    async take(key) {
      await queue.removeTokens(1, key);
    },
    async pause(key, ms) {
      await limiter.block(key, Math.max(1, Math.ceil(ms / 1000)));
    },
  };
}
