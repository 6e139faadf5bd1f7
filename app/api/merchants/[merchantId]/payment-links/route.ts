import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { createLinkSchema, linkListQuery } from "@/lib/links/schemas";
import { createLink, listLinks } from "@/lib/links/service";

/** A user JWT, as the contract says, or a restricted key holding links:write (the default secret key gets 401). */
export const POST = route({ auth: "userOrKey", merchant: "links:write", body: createLinkSchema, idempotent: true }, async ({ merchant, body }) => {
  return json({ message: "Payment link created", link: await createLink(merchant, body) }, 201);
});

export const GET = route({ auth: "userOrKey", merchant: "merchant:read", query: linkListQuery }, async ({ merchant, query }) => {
  return json(await listLinks(merchant, query));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
