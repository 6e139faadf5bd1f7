// Idempotency-Key on POSTs that create something (Stripe's semantics): the same key with the same
// request replays the first response; with a different request it is refused. Responses of 5xx are
// not kept, so a retry after a failure really retries. A key lasts 24 hours, then it is new again
// (and a daily job deletes it).
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { ApiError, errorBody } from "./errors";
import { json } from "./respond";

const inProgress = () => ApiError.conflict("A request with this Idempotency-Key is still in progress; retry shortly", { code: "idempotency_key_in_progress" });
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** A key whose first request died mid-way (process crash) is released after this long. */
const ABANDONED_AFTER_MS = 60_000;
/** How long a key is remembered (Stripe: 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

/** `requestId`: the first request's, kept in a stored error body (a replay answers that body as it was). */
export type IdempotencyScope = { scope: string; merchantId: string | null; method: string; path: string; body: unknown; requestId: string };

export async function withIdempotency(key: string, request: IdempotencyScope, run: () => Promise<Response>): Promise<Response> {
  if (!KEY_FORMAT.test(key)) throw ApiError.badRequest("Idempotency-Key must be 1 to 255 printable characters", { code: "idempotency_key_invalid" });
  const requestHash = createHash("sha256")
    .update(`${request.method} ${request.path}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");
  const where = { scope_key: { scope: request.scope, key } };

  const claim = () =>
    db.idempotencyKey.createMany({
      data: [{ scope: request.scope, key, merchantId: request.merchantId, method: request.method, path: request.path, requestHash }],
      skipDuplicates: true,
    });

  if ((await claim()).count === 0) {
    const existing = await db.idempotencyKey.findUnique({ where });
    const age = existing ? Date.now() - existing.createdAt.getTime() : 0;
    const expired = age >= IDEMPOTENCY_KEY_TTL_MS;
    if (existing && !expired) {
      if (existing.requestHash !== requestHash)
        throw ApiError.unprocessable("This Idempotency-Key was already used with a different request", { code: "idempotency_key_reused" });
      if (existing.responseStatus != null) return json(existing.responseBody, existing.responseStatus, { "idempotent-replayed": "true" });
      if (age < ABANDONED_AFTER_MS) throw inProgress();
    }
    // Expired or abandoned: replace that very row (a concurrent caller may have replaced it already).
    if (existing) await db.idempotencyKey.deleteMany({ where: { id: existing.id, ...(expired ? {} : { responseStatus: null }) } });
    if ((await claim()).count === 0) throw inProgress();
  }

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    const apiError = error instanceof ApiError ? error : undefined;
    if (!apiError || apiError.status >= 500) await db.idempotencyKey.delete({ where }).catch(() => {});
    else
      await db.idempotencyKey.update({
        where,
        data: { responseStatus: apiError.status, responseBody: errorBody(apiError, request.requestId, config().appUrl) },
      });
    throw error;
  }
  if (response.status >= 500) {
    await db.idempotencyKey.delete({ where }).catch(() => {});
  } else {
    await db.idempotencyKey.update({ where, data: { responseStatus: response.status, responseBody: await response.clone().json() } });
  }
  return response;
}

/** Deletes keys past their 24 hours (daily job); returns how many went. */
export async function pruneIdempotencyKeys(now = new Date()): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS) } } });
  return count;
}
