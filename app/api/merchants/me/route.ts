import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listMerchantsForUser } from "@/lib/merchants/service";

export const GET = route({ auth: "user" }, async ({ principal }) => {
  return json({ merchants: await listMerchantsForUser(principal.userId) });
});
