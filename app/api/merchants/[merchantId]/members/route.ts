import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listMembers } from "@/lib/team/members";

export const GET = route({ auth: "user", merchant: "team:read" }, async ({ merchant }) => {
  return json({ data: await listMembers(merchant.merchantId) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
