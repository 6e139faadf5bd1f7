// The merchant's recent API requests (Developers page). Written after the response is produced and
// in batches: a slow or failed log write never delays or fails the request itself, and under load
// one INSERT carries many requests instead of two statements per request (bench/api-throughput.ts).
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import { log } from "@/lib/log";
import type { MerchantAccess, MerchantScope } from "@/lib/auth/access";
import type { Principal } from "@/lib/auth/principal";
import { onShutdown } from "@/lib/shutdown";

type Entry = { method: string; path: string; statusCode: number; durationMs: number; requestId: string };
type Row = Entry & { merchantId: string; environment: Environment; createdAt: Date };

/** How long a logged request waits for others to share its INSERT; the page is read by people. */
const FLUSH_AFTER_MS = 200;
const MAX_BATCH = 500;

let rows: Row[] = [];
let usedKeys = new Set<string>();
let timer: NodeJS.Timeout | undefined;
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
  // The time is taken now: rows of one batch would otherwise share the INSERT's timestamp and lose their order.
  rows.push({ ...scope, ...entry, createdAt: new Date() });
  if (apiKeyId) usedKeys.add(apiKeyId);
  if (rows.length >= MAX_BATCH) writeBatch();
  else timer ??= setTimeout(writeBatch, FLUSH_AFTER_MS).unref();
}

function writeBatch(): void {
  clearTimeout(timer);
  timer = undefined;
  const batch = rows;
  const keys = [...usedKeys];
  rows = [];
  usedKeys = new Set();
  if (batch.length === 0) return;
  const write = (async () => {
    await db.apiRequestLog.createMany({ data: batch });
    if (keys.length) await db.apiKey.updateMany({ where: { id: { in: keys } }, data: { lastUsedAt: new Date() } });
  })().catch((err: unknown) => log.warn({ err, requests: batch.length }, "API request log write failed"));
  pending.add(write);
  void write.finally(() => pending.delete(write));
}

/** Writes what is buffered and waits for log writes in flight (tests; graceful shutdown). */
export async function flushApiRequestLogs(): Promise<void> {
  writeBatch();
  await Promise.all([...pending]);
}
// One name per module instance: bundles may hold more than one, and each has its own buffer.
onShutdown("drain", `api-request-log:${Math.random().toString(36).slice(2)}`, flushApiRequestLogs);

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
