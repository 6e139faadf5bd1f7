import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { LIMITS } from "@/lib/api/limits";
import { json } from "@/lib/api/respond";
import { slugParams } from "@/lib/links/schemas";
import { readPublicLink } from "@/lib/links/service";

/** Public: what a customer's browser or a merchant's own checkout needs to show a link. */
export const GET = route({ auth: "public", params: slugParams, rateLimit: ({ ip }) => [LIMITS.linkRead, ip] }, async ({ params }) => {
  return json(await readPublicLink(params.slug));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
