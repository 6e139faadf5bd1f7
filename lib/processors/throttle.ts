// The pace of background reads from a processor (settlements for the payout job): a token bucket per
// processor and mode, shared by every instance through Redis when REDIS_URL is set. Neither Paystack
// nor Flutterwave publishes a hard limit; both answer 429 when pushed and ask for backoff, and
// Flutterwave's only published figure is 300 requests a minute. So the default is 5 a second
// (SETTLEMENT_READS_PER_SECOND), which leaves the same key room for live checkout traffic, and a
// 429 pauses every instance for its Retry-After, longer on each repeat, before the call is tried again.
import { createThrottle } from "@/lib/api/rate-limit";
import type { Gate } from "./http";
import { ProcessorError } from "./types";

/** Attempts of one call that keeps answering 429; then the error goes up (the job is retried later). */
const ATTEMPTS = 4;

export function processorGate(key: string, perSecond: number): Gate {
  const throttle = createThrottle("processor", perSecond);
  return async (send) => {
    for (let attempt = 1; ; attempt++) {
      await throttle.take(key);
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof ProcessorError) || error.retryAfterMs === null || attempt >= ATTEMPTS) throw error;
        await throttle.pause(key, Math.min(error.retryAfterMs * 2 ** (attempt - 1), 60_000));
      }
    }
  };
}
