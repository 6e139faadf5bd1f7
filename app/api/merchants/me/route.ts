import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listMerchantsForUser } from "@/lib/merchants/service";

export const GET = route({ auth: "user" }, async ({ principal }) => {
  return json({ merchants: await listMerchantsForUser(principal.userId) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
