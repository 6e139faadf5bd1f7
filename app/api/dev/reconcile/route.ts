import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { z } from "@/lib/zod";
import { config } from "@/lib/config";
import { reconcilePending } from "@/lib/payments/reconcile";

export const dynamic = "force-dynamic";

/**
 * Development only (like the dev mailbox): runs the reconciliation job now. `asOf` moves its clock,
 * so a test checkout can expire (and be verified with the processor) without waiting 30 minutes.
 */
const reconcile = route({ auth: "public", body: z.object({ asOf: z.iso.datetime({ offset: true }).optional() }) }, async ({ body }) => {
  return json({ result: await reconcilePending({ now: body.asOf ? new Date(body.asOf) : undefined }) });
});

const disabled = route({ auth: "public" }, async () => {
  throw ApiError.notFound();
});

export const POST: typeof reconcile = (req, next) => (config().devMailbox ? reconcile(req, next) : disabled(req, next));

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
