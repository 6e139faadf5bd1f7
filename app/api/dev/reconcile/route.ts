import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { devClock, devClockBody, devOnly } from "@/lib/api/dev-only";
import { json } from "@/lib/api/respond";
import { reconcilePending } from "@/lib/payments/reconcile";

export const dynamic = "force-dynamic";

/**
 * Development only (like the dev mailbox): runs the reconciliation job now. `asOf` moves its clock,
 * so a test checkout can expire (and be verified with the processor) without waiting 30 minutes.
 */
export const POST = devOnly(
  route({ auth: "public", body: devClockBody }, async ({ body }) => json({ result: await reconcilePending({ now: devClock(body) }) })),
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
