import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { listAuditLogs } from "@/lib/team/audit";
import { auditLogQuery } from "@/lib/team/schemas";

/** Sensitive actions on the merchant, newest first, keyset-paginated. Owners and admins. */
export const GET = route({ auth: "user", merchant: "audit:read", query: auditLogQuery }, async ({ merchant, query }) => {
  const page = await listAuditLogs(merchant.merchantId, query);
  return json({ data: page.data, nextCursor: page.nextCursor, hasMore: page.hasMore });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
