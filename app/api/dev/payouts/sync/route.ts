import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { devClock, devClockBody, devOnly } from "@/lib/api/dev-only";
import { json } from "@/lib/api/respond";
import { syncPayouts } from "@/lib/payouts/sync";

export const dynamic = "force-dynamic";

/**
 * Development only (like the dev mailbox): runs the daily payout job now. `asOf` moves the
 * sandbox's clock, so today's test payments can be settled "tomorrow" without waiting a day.
 */
export const POST = devOnly(route({ auth: "public", body: devClockBody }, async ({ body }) => json({ result: await syncPayouts({ asOf: devClock(body) }) })));

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
