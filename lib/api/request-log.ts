// The merchant's recent API requests (Developers page). Written after the response is produced and
// in batches: a slow or failed log write never delays or fails the request itself, and under load
// one INSERT carries many requests instead of two statements per request (bench/api-throughput.ts).
import { db } from "@/lib/db/client";
import { batchedWriter } from "@/lib/db/batched-writes";
import type { Environment } from "@/lib/db/generated/enums";
import { Prisma } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { afterCursor, newestFirst, toPage } from "./pagination";
import { redactBody } from "./redact-body";
import type { ApiRequestFilters } from "./request-log-query";
import type { MerchantAccess, MerchantScope } from "@/lib/auth/access";
import type { Principal } from "@/lib/auth/principal";

type Entry = { method: string; path: string; statusCode: number; durationMs: number; requestId: string };
type Row = Entry & {
  merchantId: string;
  environment: Environment;
  createdAt: Date;
  apiKeyId?: string;
  requestBody: Prisma.InputJsonValue | typeof Prisma.DbNull;
  responseBody: Prisma.InputJsonValue | typeof Prisma.DbNull;
};
/** What the log keeps of the exchange besides its line: the JSON body sent, and the answer. */
type Bodies = { request: unknown; response: Response };

const requests = batchedWriter<Row>({
  name: "API request log",
  // How long a logged request waits for others to share its INSERT; the page is read by people.
  flushAfterMs: 200,
  maxBatch: 500,
  async write(batch) {
    const keys = new Set(batch.flatMap(({ apiKeyId }) => (apiKeyId ? [apiKeyId] : [])));
    await db.apiRequestLog.createMany({ data: batch });
    if (keys.size) await db.apiKey.updateMany({ where: { id: { in: [...keys] } }, data: { lastUsedAt: new Date() } });
  },
});

/**
 * Logs a request made by an integration: a secret key, or a login JWT acting on a merchant route.
 * The dashboard's own calls (session cookie) and requests with no merchant are not logged.
 */
export function recordApiRequest(principal: Principal | null, access: MerchantAccess | undefined, entry: Entry, bodies: Bodies): void {
  let target: { merchantId: string; environment: Environment; apiKeyId?: string } | null = null;
  if (principal?.kind === "apiKey") target = { merchantId: principal.merchantId, environment: principal.environment, apiKeyId: principal.apiKeyId };
  else if (principal?.kind === "user" && principal.via === "jwt" && access) target = { merchantId: access.merchantId, environment: access.environment };
  if (!target) return;
  // The time is taken now: rows of one batch would otherwise share the INSERT's timestamp and lose their order.
  const row = { ...target, ...entry, createdAt: new Date() };
  // The answer is read from a copy after it was handed back, so its body never delays the request.
  const copy = bodies.response.clone();
  const reading: Promise<void> = responseJson(copy)
    .then((response) => requests.add({ ...row, requestBody: stored(bodies.request, "request"), responseBody: stored(response, "response") }))
    .catch((err: unknown) => log.warn({ err, requestId: entry.requestId }, "API request log: body not read"));
  pending.add(reading);
  void reading.finally(() => pending.delete(reading));
}

const pending = new Set<Promise<void>>();

/** A JSON answer's body; anything else (a CSV, a PDF) is not kept. */
async function responseJson(response: Response): Promise<unknown> {
  if (!response.headers.get("content-type")?.includes("json")) {
    await response.body?.cancel();
    return undefined;
  }
  return response.json().catch(() => undefined);
}

function stored(body: unknown, side: "request" | "response"): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return (redactBody(body, side) as Prisma.InputJsonValue | null) ?? Prisma.DbNull;
}

/** Writes what is buffered and waits for log writes in flight (tests; graceful shutdown). */
export async function flushApiRequestLogs(): Promise<void> {
  await Promise.all(pending);
  await requests.flush();
}

/** The Developers page shows the latest requests; older rows are only weight. */
export const API_REQUEST_RETENTION_DAYS = 30;

/** Deletes logged requests older than the retention period (daily job); returns how many went. */
export async function pruneApiRequestLog(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - API_REQUEST_RETENTION_DAYS * 86_400_000);
  const { count } = await db.apiRequestLog.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}

const STATUS_CLASSES = { "2xx": [200, 300], "3xx": [300, 400], "4xx": [400, 500], "5xx": [500, 600] } as const;

/** One page of the mode's logged requests, newest first, narrowed by the filters. */
export async function listApiRequests({ merchantId, environment }: MerchantScope, filters: ApiRequestFilters = {}) {
  const limit = filters.limit ?? 50;
  const range = filters.status ? STATUS_CLASSES[filters.status] : undefined;
  const rows = await db.apiRequestLog.findMany({
    where: {
      merchantId,
      environment,
      ...(range && { statusCode: { gte: range[0], lt: range[1] } }),
      ...(filters.method && { method: filters.method }),
      ...(filters.path && { path: { contains: filters.path, mode: "insensitive" as const } }),
      ...(filters.apiKeyId && { apiKeyId: filters.apiKeyId }),
      ...afterCursor(filters.cursor),
    },
    orderBy: newestFirst,
    take: limit + 1,
  });
  return toPage(rows, limit, serializeApiRequest);
}

type LoggedRow = Awaited<ReturnType<typeof db.apiRequestLog.findMany>>[number];

export function serializeApiRequest(row: LoggedRow) {
  return {
    id: row.id,
    method: row.method,
    path: row.path,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    requestId: row.requestId,
    apiKeyId: row.apiKeyId,
    requestBody: row.requestBody,
    responseBody: row.responseBody,
    createdAt: row.createdAt,
  };
}
