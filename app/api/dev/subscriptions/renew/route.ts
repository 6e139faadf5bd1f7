import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { z } from "@/lib/zod";
import { config } from "@/lib/config";
import { runSubscriptionClock } from "@/lib/subscriptions/clock";

export const dynamic = "force-dynamic";

/**
 * Development only (like the dev mailbox): runs the renewal, retry and card-expiry work now, as if
 * the clock said `asOf`, so a month passes in one call. Answers what it did.
 */
const renew = route({ auth: "public", body: z.object({ asOf: z.iso.datetime({ offset: true }).optional() }) }, async ({ body }) => {
  return json({ result: await runSubscriptionClock(body.asOf ? new Date(body.asOf) : new Date()) });
});

const disabled = route({ auth: "public" }, async () => {
  throw ApiError.notFound();
});

export const POST: typeof renew = (req, next) => (config().devMailbox ? renew(req, next) : disabled(req, next));

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
