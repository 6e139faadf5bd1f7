import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { createLinkSchema, linkListQuery } from "@/lib/links/schemas";
import { createLink, listLinks } from "@/lib/links/service";

/** The contract: creating links needs a user JWT (people create links; integrations take payments). */
export const POST = route({ auth: "user", merchant: "links:write", body: createLinkSchema, idempotent: true }, async ({ merchant, body }) => {
  return json({ message: "Payment link created", link: await createLink(merchant, body) }, 201);
});

export const GET = route({ auth: "user", merchant: "merchant:read", query: linkListQuery }, async ({ merchant, query }) => {
  return json(await listLinks(merchant, query));
});
