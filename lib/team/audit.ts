// The audit log: who did what to a merchant, when and from where. Written in the same database
// transaction as the change it records, so a change is never left without its entry (or vice versa).
import type { NextRequest } from "next/server";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { DIRECT_CLIENT } from "@/lib/api/request";
import { afterCursor, newestFirst, toPage } from "@/lib/api/pagination";
import { toAuditLogResponse } from "./serializers";
import type { AuditLogQuery } from "./schemas";

/** Actions recorded today. Other domains may add their own names (dot-separated, past tense). */
export const AUDIT_ACTIONS = [
  "merchant.updated",
  "merchant.ownership_transferred",
  "refund.issued",
  "member.invited",
  "member.invitation_resent",
  "member.invitation_revoked",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "api_key.created",
  "api_key.rolled",
  "api_key.revealed",
  "api_key.restricted_created",
  "api_key.restricted_revoked",
  "webhook.secret_rolled",
  "merchant.two_factor_required",
  "merchant.two_factor_not_required",
  "account.two_factor_enabled",
  "account.two_factor_disabled",
  "account.recovery_codes_regenerated",
  "account.recovery_code_used",
  "account.two_factor_removal_requested",
  "account.two_factor_removal_cancelled",
  "account.two_factor_removed_after_wait",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | (string & {});

/** A route's Principal fits here as it is; `null` for the system (jobs, processor webhooks). */
export type AuditActor = { kind: "user"; userId: string } | { kind: "apiKey"; apiKeyId: string } | null;

export type AuditEntry = {
  merchantId: string;
  actor: AuditActor;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  ip?: string;
  userAgent?: string;
  /** Small, non-secret facts (changed field names, old and new role). Never keys, secrets or tokens. */
  metadata?: Record<string, unknown>;
};

/** Who and where, from a route's context: `recordAudit(tx, { ...auditSource(ctx), merchantId, action })`. */
export function auditSource<A extends AuditActor>(ctx: { principal: A; ip: string; req: NextRequest }): AuditSource<A> {
  return { actor: ctx.principal, ip: ctx.ip, userAgent: ctx.req.headers.get("user-agent") ?? undefined };
}
export type AuditSource<A extends AuditActor = AuditActor> = { actor: A; ip?: string; userAgent?: string };

export async function recordAudit(txOrDb: Tx, entry: AuditEntry) {
  const { actor } = entry;
  // JSON round trip: BigInt kobo become numbers, Dates ISO strings.
  const metadata = entry.metadata
    ? (JSON.parse(JSON.stringify(entry.metadata, (_k, v) => (typeof v === "bigint" ? Number(v) : v))) as Prisma.InputJsonValue)
    : undefined;
  return txOrDb.auditLog.create({
    data: {
      merchantId: entry.merchantId,
      actorUserId: actor?.kind === "user" ? actor.userId : null,
      actorApiKey: actor?.kind === "apiKey" ? actor.apiKeyId : null,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      ipAddress: entry.ip && entry.ip !== DIRECT_CLIENT ? entry.ip.slice(0, 64) : null,
      userAgent: entry.userAgent ? entry.userAgent.slice(0, 512) : null,
      metadata,
    },
  });
}

/** Newest first, keyset-paginated like the transaction list. */
export async function listAuditLogs(merchantId: string, query: AuditLogQuery) {
  const rows = await db.auditLog.findMany({
    where: { merchantId, ...afterCursor(query.cursor) },
    orderBy: newestFirst,
    take: query.limit + 1,
    include: { actor: { select: { id: true, firstName: true, lastName: true, email: true } } },
  });
  return toPage(rows, query.limit, toAuditLogResponse);
}
