import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import { config } from "@/lib/config";
import { listStoredEmails } from "@/lib/email/send";

export const dynamic = "force-dynamic";

/** GET /api/dev/emails?to=ADDRESS: the dev mailbox for one address, newest first. */
const list = route({ auth: "public", query: z.object({ to: fields.email() }) }, async ({ query }) => {
  if (!config().devMailbox) throw ApiError.notFound();
  // fields.email() already trims and lower-cases; addresses are compared case-insensitively.
  const emails = await listStoredEmails(query.to.toLowerCase());
  return json({ emails });
});

// With the mailbox off the endpoint does not exist: 404 even before query validation (never a 400).
const disabled = route({ auth: "public" }, async () => {
  throw ApiError.notFound();
});

export const GET: typeof list = (req, next) => (config().devMailbox ? list(req, next) : disabled(req, next));

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
