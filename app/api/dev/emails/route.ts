import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { devOnly } from "@/lib/api/dev-only";
import { json } from "@/lib/api/respond";
import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import { listStoredEmails } from "@/lib/email/send";

export const dynamic = "force-dynamic";

/** GET /api/dev/emails?to=ADDRESS: the dev mailbox for one address, newest first. */
export const GET = devOnly(
  route({ auth: "public", query: z.object({ to: fields.email() }) }, async ({ query }) => {
    // fields.email() already trims and lower-cases; addresses are compared case-insensitively.
    const emails = await listStoredEmails(query.to.toLowerCase());
    return json({ emails });
  }),
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
