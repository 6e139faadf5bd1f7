// Read side of payments: the merchant's transaction list (keyset-paginated, newest first) and
// one transaction's detail with a timeline. Every query is scoped by merchant AND environment,
// so test and live data never mix and another merchant's ids answer 404.
import { findOr404 } from "@/lib/api/find";
import { db } from "@/lib/db/client";
import { z } from "@/lib/zod";
import { afterCursor, blankAsMissing, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, newestFirst, pageQuery, toPage } from "@/lib/api/pagination";
import type { Prisma } from "@/lib/db/generated/client";
import type { PaymentAttemptOutcome, TransactionStatus } from "@/lib/db/generated/enums";
import { catalogEntry, type ProcessorName } from "@/lib/processors/catalog";
import type { MerchantScope } from "@/lib/auth/access";
import { formatNaira } from "@/lib/utils";
import { lagosDayBounds } from "@/lib/lagos-time";
import { toTransactionResponse, type TransactionResponse } from "./serializers";
import { CHANNEL_VALUES, channelName, paymentMethodName, type Channel } from "./channels";
import { REFUND_STATUSES, type RefundStatus } from "./refund-records";

export const TRANSACTION_STATUSES = ["PENDING", "COMPLETED", "FAILED", "CANCELLED", "REFUNDED", "ABANDONED"] as const satisfies readonly TransactionStatus[];

export type TransactionListFilters = {
  status?: TransactionStatus;
  channel?: Channel;
  /** Inclusive lower bound on createdAt. */
  from?: Date;
  /** Inclusive upper bound on createdAt. */
  to?: Date;
  /** Reference prefix, or part of the customer's e-mail or name, case-insensitive. */
  q?: string;
  /** Only payments made through this payment link (the dashboard's link page). */
  paymentLinkId?: string;
  /** Opaque cursor from a previous page's nextCursor. */
  cursor?: string;
  limit: number;
};

export type TransactionListPage = { data: TransactionResponse[]; nextCursor: string | null; hasMore: boolean };

export type TimelineKind = "created" | "attempt" | "processor_event" | "completed" | "failed" | "refunded" | "flagged";
export type TimelineEntry = { at: Date; kind: TimelineKind; title: string; detail?: string };
/** Who asked for a refund: a team member, a secret key, or no one (an automatic refund). */
export type RefundRequester =
  { type: "user"; id: string; name: string | null; email: string | null } | { type: "apiKey"; id: string; hint: string | null } | null;
export type RefundDetail = {
  id: string;
  amount: bigint;
  status: RefundStatus;
  reason: string | null;
  failureReason: string | null;
  processorRefundId: string | null;
  requestedBy: RefundRequester;
  createdAt: Date;
  processedAt: Date | null;
  updatedAt: Date;
};
export type TransactionDetail = { transaction: TransactionResponse; timeline: TimelineEntry[]; refunds: RefundDetail[] };

// ---------------------------------------------------------------------------------------------
// Query string
// ---------------------------------------------------------------------------------------------

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDateParam(text: string, edge: "start" | "end"): Date | null {
  if (DATE_ONLY.test(text)) {
    // A YYYY-MM-DD filter means that day in Lagos; a date-only "to" covers the whole day.
    const day = lagosDayBounds(text);
    if (!day) return null;
    return edge === "start" ? day.from : new Date(day.to.getTime() - 1);
  }
  if (!z.iso.datetime({ offset: true, local: false }).safeParse(text).success) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateParam = (label: string, edge: "start" | "end") =>
  blankAsMissing(
    z
      .string()
      .trim()
      .transform((text, ctx) => {
        const date = parseDateParam(text, edge);
        if (!date) {
          ctx.addIssue({ code: "custom", message: `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date-time` });
          return z.NEVER;
        }
        return date;
      })
      .optional(),
  );

/** GET /api/merchants/:merchantId/transactions query string (also the dashboard's search params). */
const transactionListFields = z.object({
  status: blankAsMissing(z.enum(TRANSACTION_STATUSES, { error: `status must be one of ${TRANSACTION_STATUSES.join(", ")}` }).optional()),
  channel: blankAsMissing(z.enum(CHANNEL_VALUES, { error: `channel must be one of ${CHANNEL_VALUES.join(", ")}` }).optional()),
  from: dateParam("from", "start"),
  to: dateParam("to", "end"),
  q: blankAsMissing(z.string().trim().max(100, "q must be at most 100 characters").optional()),
  ...pageQuery,
});
const fromBeforeTo = (v: { from?: Date; to?: Date }) => !v.from || !v.to || v.from.getTime() <= v.to.getTime();
export const transactionListQuery = transactionListFields.refine(fromBeforeTo, { message: "from must be on or before to", path: ["to"] });
export type TransactionListQuery = z.output<typeof transactionListQuery>;

/** GET /api/transactions: the same filters, the merchant named by a secret key or (user token) by `merchantId`. */
export const scopedTransactionListQuery = transactionListFields
  .extend({
    merchantId: blankAsMissing(
      z
        .uuid("merchantId must be a valid UUID")
        .optional()
        .meta({ description: "The merchant. Required with a user token; a secret key names its own (when sent it must be that one, else 404)." }),
    ),
  })
  .refine(fromBeforeTo, { message: "from must be on or before to", path: ["to"] });

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

/** The filters of the list (and of the CSV export) as a Prisma where-clause, scoped to merchant and environment. */
export function transactionFilterWhere(
  { merchantId, environment }: MerchantScope,
  filters: Omit<TransactionListFilters, "cursor" | "limit">,
): Prisma.TransactionWhereInput[] {
  const and: Prisma.TransactionWhereInput[] = [{ merchantId, environment }];
  if (filters.status) and.push({ status: filters.status });
  if (filters.channel) and.push({ channel: filters.channel });
  if (filters.paymentLinkId) and.push({ paymentLinkId: filters.paymentLinkId });
  if (filters.from || filters.to) and.push({ createdAt: { ...(filters.from && { gte: filters.from }), ...(filters.to && { lte: filters.to }) } });
  // Prisma passes startsWith/contains to ILIKE as-is: make % and _ (and the escape) literal.
  const q = filters.q?.trim().replace(/[\\%_]/g, "\\$&");
  if (q) {
    and.push({
      OR: [
        { reference: { startsWith: q, mode: "insensitive" } },
        { customerEmail: { contains: q, mode: "insensitive" } },
        { customerName: { contains: q, mode: "insensitive" } },
      ],
    });
  }
  return and;
}

export async function listTransactions({ merchantId, environment }: MerchantScope, filters: TransactionListFilters): Promise<TransactionListPage> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(filters.limit) || DEFAULT_PAGE_SIZE));
  const and = transactionFilterWhere({ merchantId, environment }, filters);
  if (filters.cursor) and.push(afterCursor(filters.cursor));

  const rows = await db.transaction.findMany({
    where: { AND: and },
    orderBy: newestFirst,
    take: limit + 1,
  });
  return toPage(rows, limit, toTransactionResponse);
}

/** How many transactions match the filters (every page of them), how many were paid, and the money received. */
export type TransactionTotals = { count: number; paidCount: number; received: bigint };

export async function transactionTotals(
  { merchantId, environment }: MerchantScope,
  filters: Omit<TransactionListFilters, "cursor" | "limit">,
): Promise<TransactionTotals> {
  const groups = await db.transaction.groupBy({
    by: ["status"],
    where: { AND: transactionFilterWhere({ merchantId, environment }, filters) },
    _count: { _all: true },
    _sum: { amount: true, refundedAmount: true },
  });
  const totals: TransactionTotals = { count: 0, paidCount: 0, received: 0n };
  for (const group of groups) {
    totals.count += group._count._all;
    // Money received: paid (COMPLETED or REFUNDED) less what went back, never what was only initiated.
    if (group.status === "COMPLETED" || group.status === "REFUNDED") {
      totals.paidCount += group._count._all;
      totals.received += (group._sum.amount ?? 0n) - (group._sum.refundedAmount ?? 0n);
    }
  }
  return totals;
}

// ---------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------

export async function getTransactionDetail({ merchantId, environment }: MerchantScope, transactionId: string): Promise<TransactionDetail> {
  const transaction = await findOr404(transactionId, "Transaction not found", (id) =>
    db.transaction.findFirst({
      where: { id, merchantId, environment },
      include: {
        processorEvents: { orderBy: { createdAt: "asc" }, select: { eventType: true, outcome: true, processor: true, createdAt: true } },
        attempts: { orderBy: { createdAt: "asc" }, select: { processor: true, outcome: true, error: true, durationMs: true, createdAt: true } },
      },
    }),
  );

  const refunds = await refundsOf(transaction.id, merchantId);
  const { processorEvents, attempts, ...row } = transaction;
  return { transaction: toTransactionResponse(row), timeline: buildTimeline(row, processorEvents, refunds, attempts), refunds };
}

/** The transaction's Refund rows, oldest first, with who asked (names looked up within the merchant). */
async function refundsOf(transactionId: string, merchantId: string): Promise<RefundDetail[]> {
  const rows = await db.refund.findMany({ where: { transactionId, merchantId }, orderBy: { createdAt: "asc" } });
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((r) => (r.requestedByUserId ? [r.requestedByUserId] : [])))];
  const keyIds = [...new Set(rows.flatMap((r) => (r.requestedByApiKey ? [r.requestedByApiKey] : [])))];
  const [users, keys] = await Promise.all([
    userIds.length ? db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true, lastName: true, email: true } }) : [],
    keyIds.length ? db.apiKey.findMany({ where: { id: { in: keyIds }, merchantId }, select: { id: true, secretKeyHint: true } }) : [],
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const keyById = new Map(keys.map((k) => [k.id, k]));
  return rows.map((r) => {
    const user = r.requestedByUserId ? userById.get(r.requestedByUserId) : undefined;
    const requestedBy: RefundRequester = r.requestedByUserId
      ? { type: "user", id: r.requestedByUserId, name: user ? `${user.firstName} ${user.lastName}`.trim() || null : null, email: user?.email ?? null }
      : r.requestedByApiKey
        ? { type: "apiKey", id: r.requestedByApiKey, hint: keyById.get(r.requestedByApiKey)?.secretKeyHint ?? null }
        : null;
    return {
      id: r.id,
      amount: r.amount,
      status: (REFUND_STATUSES as readonly string[]).includes(r.status) ? (r.status as RefundStatus) : "pending",
      reason: r.reason,
      failureReason: r.failureReason,
      processorRefundId: r.processorRefundId,
      requestedBy,
      createdAt: r.createdAt,
      processedAt: r.processedAt,
      updatedAt: r.updatedAt,
    };
  });
}

type TimelineSource = {
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  status: TransactionStatus;
  amount: bigint;
  refundedAmount: bigint;
  failureReason: string | null;
  flaggedReason: string | null;
  paymentMethod: string | null;
  channel: string | null;
  processor: ProcessorName;
  /** Set for an inbound bank transfer (lib/transfers), with who sent it when known. */
  virtualAccountId?: string | null;
  senderName?: string | null;
  senderBank?: string | null;
};
type ProcessorEventRow = { eventType: string; outcome: string; processor: ProcessorName; createdAt: Date };
type AttemptRow = { processor: ProcessorName; outcome: PaymentAttemptOutcome; error: string | null; durationMs: number; createdAt: Date };
type RefundRow = Pick<RefundDetail, "amount" | "status" | "reason" | "failureReason" | "createdAt" | "processedAt" | "updatedAt">;

const OUTCOME_LABELS: Record<string, string> = {
  received: "Received",
  completed: "Payment completed",
  failed: "Payment failed",
  cancelled: "Payment cancelled",
  mismatch: "Did not match the transaction; flagged for review",
  already_settled: "Already settled; no change",
  ignored: "No change",
  duplicate: "Duplicate; ignored",
  unknown_transaction: "Unknown transaction",
  wrong_processor: "Sent by a different processor; ignored",
  paid_twice: "A replaced checkout was paid after this payment completed: recorded as a second payment and refunded automatically",
  not_a_charge: "Not a charge; no change",
  malformed: "Malformed (a field was not understood); refused with 400, no change",
  wrong_mode: "Signed for the other mode (test or live); no change",
  refund_processed: "Refund processed",
  refund_failed: "Refund failed; the amount can be refunded again",
  refund_pending: "Refund under way; no change",
  refund_not_confirmed: "Refund failure not confirmed (unsigned body); no change, check with the processor",
  unknown_refund: "No matching refund; no change",
};

const ATTEMPT_TITLES: Record<PaymentAttemptOutcome, string> = {
  started: "checkout started",
  superseded: "checkout replaced by a new one (Try again)",
  unavailable: "unavailable",
  timeout: "did not answer in time",
  refused: "refused the payment",
  invalid_response: "answered something unreadable",
};

const humanize = (text: string) => text.replaceAll("_", " ");

const processorName = (processor: ProcessorName) => catalogEntry(processor).displayName;

// Processors' event names as a merchant would say them ("charge.success" is Paystack's and the sandbox's).
const EVENT_NAMES: Record<string, string> = {
  "charge.success": "charge succeeded",
  "charge.failed": "charge failed",
  "charge.completed": "charge finished",
  "charge.dispute.create": "dispute opened",
  "charge.dispute.resolve": "dispute resolved",
  "refund.pending": "refund pending",
  "refund.processing": "refund processing",
  "refund.needs-attention": "refund needs attention",
  "refund.processed": "refund processed",
  "refund.completed": "refund completed",
  "refund.failed": "refund failed",
  unknown: "unrecognised message",
};
const eventName = (type: string) =>
  EVENT_NAMES[type] ??
  (type
    .replace(/_TRANSACTION$/i, "")
    .replace(/[._-]+/g, " ")
    .toLowerCase()
    .trim() ||
    "message");

// How an unpaid transaction ended; "abandoned" comes from reconciliation (no processor event says it).
const FINAL_OUTCOMES: Partial<Record<TransactionStatus, "failed" | "cancelled" | "abandoned">> = {
  FAILED: "failed",
  CANCELLED: "cancelled",
  ABANDONED: "abandoned",
};
const FINAL_TITLES = { failed: "Payment failed", cancelled: "Payment cancelled", abandoned: "Checkout abandoned: not paid in time" } as const;

/** Events in time order; entries at the same instant keep the order they were added in. */
export function buildTimeline(t: TimelineSource, events: ProcessorEventRow[], refunds: RefundRow[] = [], attempts: AttemptRow[] = []): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  // Things with no timestamp of their own happened by the last update, and after what came before.
  const lastUpdate = new Date(Math.max(t.updatedAt.getTime(), (t.completedAt ?? t.createdAt).getTime(), t.createdAt.getTime()));
  const processor = processorName(t.processor);
  const chosen = channelName(t.channel);
  // An inbound bank transfer was never initiated by us: it arrived, and the processor told us.
  const sender = [t.senderName, t.senderBank].filter(Boolean).join(", ");
  entries.push(
    t.virtualAccountId
      ? {
          at: t.createdAt,
          kind: "created",
          title: "Bank transfer received",
          detail: [formatNaira(Number(t.amount)), sender ? `from ${sender}` : null, `via ${processor}`].filter(Boolean).join(" · "),
        }
      : {
          at: t.createdAt,
          kind: "created",
          title: "Payment initiated",
          detail: `${formatNaira(Number(t.amount))} · ${chosen ? `${chosen} via ` : ""}${processor}`,
        },
  );

  // Each processor tried, only when there was more than one: a single try is "Payment initiated" itself.
  if (attempts.length > 1) {
    for (const attempt of attempts) {
      const took = `${(attempt.durationMs / 1000).toFixed(1)} s`;
      entries.push({
        at: attempt.createdAt,
        kind: "attempt",
        title: `${processorName(attempt.processor)}: ${ATTEMPT_TITLES[attempt.outcome]}`,
        detail: [attempt.error, took].filter(Boolean).join(" · "),
      });
    }
  }

  // The processor's message that completed (or failed) the payment is that step's row, not one more
  // row saying the same thing: "Payment completed · Card · confirmed by Paystack".
  const finalOutcome = FINAL_OUTCOMES[t.status] ?? null;
  const completedBy = t.completedAt ? events.find((e) => e.outcome === "completed") : undefined;
  const finishedBy = finalOutcome ? events.find((e) => e.outcome === finalOutcome) : undefined;
  for (const event of events) {
    if (event === completedBy || event === finishedBy) continue;
    const name = eventName(event.eventType);
    const outcome = OUTCOME_LABELS[event.outcome] ?? humanize(event.outcome);
    entries.push({
      at: event.createdAt,
      kind: "processor_event",
      title: `${processorName(event.processor)}: ${name}`,
      detail: outcome.toLowerCase() === name ? undefined : outcome,
    });
  }

  if (t.completedAt) {
    const confirmed = completedBy ? `confirmed by ${processorName(completedBy.processor)}` : null;
    const detail = [paymentMethodName(t.channel, t.paymentMethod), confirmed].filter(Boolean).join(" · ");
    entries.push({ at: t.completedAt, kind: "completed", title: "Payment completed", detail: detail || undefined });
  }

  // There is no failedAt column: use the processor event that failed it, else the last update.
  if (finalOutcome) {
    const at = finishedBy?.createdAt ?? lastUpdate;
    const detail = [t.failureReason, finishedBy ? `reported by ${processorName(finishedBy.processor)}` : null].filter(Boolean).join(" · ");
    entries.push({ at, kind: "failed", title: FINAL_TITLES[finalOutcome], detail: detail || undefined });
  }

  // One entry per refund, at its latest news: asked (pending), processed, or failed.
  let listed = 0n;
  for (const refund of refunds) {
    const amount = formatNaira(Number(refund.amount));
    if (refund.status === "failed") {
      entries.push({ at: refund.updatedAt, kind: "refunded", title: `Refund of ${amount} failed`, detail: refund.failureReason ?? undefined });
      continue;
    }
    listed += refund.amount;
    if (refund.status === "processed")
      entries.push({ at: refund.processedAt ?? refund.createdAt, kind: "refunded", title: `Refunded ${amount}`, detail: refund.reason ?? undefined });
    else entries.push({ at: refund.createdAt, kind: "refunded", title: `Refund of ${amount} pending`, detail: refund.reason ?? undefined });
  }
  // Refunded amounts with no Refund row (data older than the table, or written directly) still show, at the last update.
  const unlisted = t.refundedAmount - listed;
  if (unlisted > 0n) {
    const full = unlisted === t.amount;
    entries.push({ at: lastUpdate, kind: "refunded", title: `Refunded ${formatNaira(Number(unlisted))}`, detail: full ? "Full amount" : undefined });
  }

  if (t.flaggedReason) {
    const at = events.findLast((e) => e.outcome === "mismatch")?.createdAt ?? lastUpdate;
    entries.push({ at, kind: "flagged", title: "Flagged for review", detail: t.flaggedReason });
  }

  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || a.index - b.index)
    .map(({ entry }) => entry);
}
