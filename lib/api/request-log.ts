// The merchant's recent API requests (Developers page). Written after the response is produced,
// fire-and-forget: a slow or failed log write never delays or fails the request itself.
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import { log } from "@/lib/log";
import type { MerchantAccess } from "@/lib/auth/access";
import type { Principal } from "@/lib/auth/principal";

type Entry = { method: string; path: string; statusCode: number; durationMs: number; requestId: string };

const pending = new Set<Promise<void>>();

/**
 * Logs a request made by an integration: a secret key, or a login JWT acting on a merchant route.
 * The dashboard's own calls (session cookie) and requests with no merchant are not logged.
 */
export function recordApiRequest(principal: Principal | null, access: MerchantAccess | undefined, entry: Entry): void {
  let target: { merchantId: string; environment: Environment; apiKeyId?: string } | null = null;
  if (principal?.kind === "apiKey") target = { merchantId: principal.merchantId, environment: principal.environment, apiKeyId: principal.apiKeyId };
  else if (principal?.kind === "user" && principal.via === "jwt" && access) target = { merchantId: access.merchantId, environment: access.environment };
  if (!target) return;

  const { apiKeyId, ...scope } = target;
  const write = (async () => {
    await db.apiRequestLog.create({ data: { ...scope, ...entry } });
    if (apiKeyId) await db.apiKey.update({ where: { id: apiKeyId }, data: { lastUsedAt: new Date() } });
  })().catch((err: unknown) => log.warn({ err, requestId: entry.requestId }, "API request log write failed"));
  pending.add(write);
  void write.finally(() => pending.delete(write));
}

/** Waits for log writes in flight (tests; graceful shutdown). */
export async function flushApiRequestLogs(): Promise<void> {
  await Promise.all([...pending]);
}

export async function listApiRequests(merchantId: string, environment: Environment, limit = 50) {
  return db.apiRequestLog.findMany({
    where: { merchantId, environment },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, method: true, path: true, statusCode: true, durationMs: true, requestId: true, createdAt: true },
  });
}
