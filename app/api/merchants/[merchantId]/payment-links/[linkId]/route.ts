import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { linkParams, updateLinkSchema } from "@/lib/links/schemas";
import { deleteLink, getLink, updateLink } from "@/lib/links/service";

export const GET = route({ auth: "userOrKey", merchant: "merchant:read", params: linkParams }, async ({ merchant, params }) => {
  return json(await getLink(merchant, params.linkId));
});

export const PATCH = route({ auth: "userOrKey", merchant: "links:write", params: linkParams, body: updateLinkSchema }, async ({ merchant, params, body }) => {
  return json({ message: "Payment link updated", link: await updateLink(merchant, params.linkId, body) });
});

export const DELETE = route({ auth: "userOrKey", merchant: "links:write", params: linkParams }, async ({ merchant, params }) => {
  await deleteLink(merchant, params.linkId);
  return json({ message: "Payment link deleted" });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, OPTIONS } = otherMethods("GET", "PATCH", "DELETE");
