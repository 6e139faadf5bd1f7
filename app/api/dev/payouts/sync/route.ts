import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { z } from "@/lib/zod";
import { config } from "@/lib/config";
import { syncPayouts } from "@/lib/payouts/sync";

export const dynamic = "force-dynamic";

/**
 * Development only (like the dev mailbox): runs the daily payout job now. `asOf` moves the
 * sandbox's clock, so today's test payments can be settled "tomorrow" without waiting a day.
 */
const sync = route({ auth: "public", body: z.object({ asOf: z.iso.datetime({ offset: true }).optional() }) }, async ({ body }) => {
  return json({ result: await syncPayouts({ asOf: body.asOf ? new Date(body.asOf) : undefined }) });
});

const disabled = route({ auth: "public" }, async () => {
  throw ApiError.notFound();
});

export const POST: typeof sync = (req, next) => (config().devMailbox ? sync(req, next) : disabled(req, next));

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
