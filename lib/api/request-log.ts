// The merchant's recent API requests (Developers page). Written after the response is produced and
// in batches: a slow or failed log write never delays or fails the request itself, and under load
// one INSERT carries many requests instead of two statements per request (bench/api-throughput.ts).
import { db } from "@/lib/db/client";
import { batchedWriter } from "@/lib/db/batched-writes";
import type { Environment } from "@/lib/db/generated/enums";
import type { MerchantAccess, MerchantScope } from "@/lib/auth/access";
import type { Principal } from "@/lib/auth/principal";

type Entry = { method: string; path: string; statusCode: number; durationMs: number; requestId: string };
type Row = Entry & { merchantId: string; environment: Environment; createdAt: Date; apiKeyId?: string };

const requests = batchedWriter<Row>({
  name: "API request log",
  // How long a logged request waits for others to share its INSERT; the page is read by people.
  flushAfterMs: 200,
  maxBatch: 500,
  async write(batch) {
    const keys = new Set(batch.flatMap(({ apiKeyId }) => (apiKeyId ? [apiKeyId] : [])));
    await db.apiRequestLog.createMany({ data: batch.map(({ apiKeyId: _key, ...row }) => row) });
    if (keys.size) await db.apiKey.updateMany({ where: { id: { in: [...keys] } }, data: { lastUsedAt: new Date() } });
  },
});

/**
 * Logs a request made by an integration: a secret key, or a login JWT acting on a merchant route.
 * The dashboard's own calls (session cookie) and requests with no merchant are not logged.
 */
export function recordApiRequest(principal: Principal | null, access: MerchantAccess | undefined, entry: Entry): void {
  let target: { merchantId: string; environment: Environment; apiKeyId?: string } | null = null;
  if (principal?.kind === "apiKey") target = { merchantId: principal.merchantId, environment: principal.environment, apiKeyId: principal.apiKeyId };
  else if (principal?.kind === "user" && principal.via === "jwt" && access) target = { merchantId: access.merchantId, environment: access.environment };
  if (!target) return;
  // The time is taken now: rows of one batch would otherwise share the INSERT's timestamp and lose their order.
  requests.add({ ...target, ...entry, createdAt: new Date() });
}

/** Writes what is buffered and waits for log writes in flight (tests; graceful shutdown). */
export const flushApiRequestLogs = requests.flush;

/** The Developers page shows the latest requests; older rows are only weight. */
export const API_REQUEST_RETENTION_DAYS = 30;

/** Deletes logged requests older than the retention period (daily job); returns how many went. */
export async function pruneApiRequestLog(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - API_REQUEST_RETENTION_DAYS * 86_400_000);
  const { count } = await db.apiRequestLog.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}

export async function listApiRequests({ merchantId, environment }: MerchantScope, limit = 50) {
  return db.apiRequestLog.findMany({
    where: { merchantId, environment },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, method: true, path: true, statusCode: true, durationMs: true, requestId: true, createdAt: true },
  });
}
