import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { devClock, devClockBody, devOnly } from "@/lib/api/dev-only";
import { json } from "@/lib/api/respond";
import { runSubscriptionClock } from "@/lib/subscriptions/clock";

export const dynamic = "force-dynamic";

/**
 * Development only (like the dev mailbox): runs the renewal, retry and card-expiry work now, as if
 * the clock said `asOf`, so a month passes in one call. Answers what it did.
 */
export const POST = devOnly(
  route({ auth: "public", body: devClockBody }, async ({ body }) => json({ result: await runSubscriptionClock(devClock(body) ?? new Date()) })),
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
