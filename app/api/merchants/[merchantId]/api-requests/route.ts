import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listApiRequests } from "@/lib/api/request-log";

/** The latest 50 API requests made with a secret key or login token, in the caller's mode (a member's own view). */
export const GET = route({ auth: "user", merchant: "keys:manage" }, async ({ merchant }) => {
  return json({ data: await listApiRequests(merchant) });
});
