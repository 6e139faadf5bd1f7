// Development-only endpoints (the dev mailbox, the job triggers): they exist only with DEV_MAILBOX on.
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { config } from "@/lib/config";
import { z } from "@/lib/zod";

// With the switch off the endpoint does not exist: 404 even before validation (never a 400).
const disabled = route({ auth: "public" }, async () => {
  throw ApiError.notFound();
});

type Handler = typeof disabled;

/** `handler` when DEV_MAILBOX is on; otherwise a 404, as for a path that does not exist. */
export function devOnly(handler: Handler): Handler {
  return (req, next) => (config().devMailbox ? handler(req, next) : disabled(req, next));
}

/** A job trigger's body: `asOf` runs it as if the clock said so (a day or a month passes in one call). */
export const devClockBody = z.object({ asOf: z.iso.datetime({ offset: true }).optional() });

export function devClock(body: z.output<typeof devClockBody>): Date | undefined {
  return body.asOf ? new Date(body.asOf) : undefined;
}
