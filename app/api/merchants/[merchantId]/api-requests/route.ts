import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listApiRequests } from "@/lib/api/request-log";
import { apiRequestsQuery } from "@/lib/api/request-log-query";

/** API requests made with a secret key or login token, in the caller's mode, filtered and paged (a member's own view). */
export const GET = route({ auth: "user", merchant: "keys:manage", query: apiRequestsQuery }, async ({ merchant, query }) => {
  return json(await listApiRequests(merchant, query));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
