// Read side of payments: the merchant's transaction list (keyset-paginated, newest first) and
// one transaction's detail with a timeline. Every query is scoped by merchant AND environment,
// so test and live data never mix and another merchant's ids answer 404.
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { z } from "@/lib/api/validation";
import { afterCursor, blankAsMissing, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, newestFirst, pageQuery, toPage } from "@/lib/api/pagination";
import type { Prisma } from "@/lib/db/generated/client";
import type { Environment, TransactionStatus } from "@/lib/db/generated/enums";
import { formatNaira } from "@/lib/utils";
import { toTransactionResponse, type TransactionResponse } from "./serializers";

export const TRANSACTION_STATUSES = ["PENDING", "COMPLETED", "FAILED", "CANCELLED", "REFUNDED"] as const satisfies readonly TransactionStatus[];
export const TRANSACTION_CHANNELS = ["card", "bank_transfer", "ussd"] as const;
export type TransactionChannel = (typeof TRANSACTION_CHANNELS)[number];

export type TransactionListFilters = {
  status?: TransactionStatus;
  channel?: TransactionChannel;
  /** Inclusive lower bound on createdAt. */
  from?: Date;
  /** Inclusive upper bound on createdAt. */
  to?: Date;
  /** Reference prefix or part of the customer's e-mail, case-insensitive. */
  q?: string;
  /** Only payments made through this payment link (the dashboard's link page). */
  paymentLinkId?: string;
  /** Opaque cursor from a previous page's nextCursor. */
  cursor?: string;
  limit: number;
};

export type TransactionListPage = { data: TransactionResponse[]; nextCursor: string | null };

export type TimelineKind = "created" | "processor_event" | "completed" | "failed" | "refunded" | "flagged";
export type TimelineEntry = { at: Date; kind: TimelineKind; title: string; detail?: string };
export type TransactionDetail = { transaction: TransactionResponse; timeline: TimelineEntry[] };

// ---------------------------------------------------------------------------------------------
// Query string
// ---------------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Lagos is UTC+1 all year (no daylight saving): a YYYY-MM-DD filter means that day in Lagos. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Start of a Lagos calendar day, or null when the date does not exist (2026-02-30). */
function lagosDayStart(text: string): Date | null {
  const match = DATE_ONLY.exec(text);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - LAGOS_OFFSET_MS);
}

function parseDateParam(text: string, edge: "start" | "end"): Date | null {
  if (DATE_ONLY.test(text)) {
    const start = lagosDayStart(text);
    if (!start) return null;
    // A date-only "to" covers the whole day.
    return edge === "start" ? start : new Date(start.getTime() + DAY_MS - 1);
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
export const transactionListQuery = z
  .object({
    status: blankAsMissing(
      z.enum(TRANSACTION_STATUSES, { error: `status must be one of ${TRANSACTION_STATUSES.join(", ")}` }).optional(),
    ),
    channel: blankAsMissing(
      z.enum(TRANSACTION_CHANNELS, { error: `channel must be one of ${TRANSACTION_CHANNELS.join(", ")}` }).optional(),
    ),
    from: dateParam("from", "start"),
    to: dateParam("to", "end"),
    q: blankAsMissing(z.string().trim().max(100, "q must be at most 100 characters").optional()),
    ...pageQuery,
  })
  .refine((v) => !v.from || !v.to || v.from.getTime() <= v.to.getTime(), { message: "from must be on or before to", path: ["to"] });
export type TransactionListQuery = z.output<typeof transactionListQuery>;

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

/** The filters of the list (and of the CSV export) as a Prisma where-clause, scoped to merchant and environment. */
export function transactionFilterWhere(merchantId: string, environment: Environment, filters: Omit<TransactionListFilters, "cursor" | "limit">): Prisma.TransactionWhereInput[] {
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
      ],
    });
  }
  return and;
}

export async function listTransactions(
  merchantId: string,
  environment: Environment,
  filters: TransactionListFilters,
): Promise<TransactionListPage> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(filters.limit) || DEFAULT_PAGE_SIZE));
  const and = transactionFilterWhere(merchantId, environment, filters);
  if (filters.cursor) and.push(afterCursor(filters.cursor));

  const rows = await db.transaction.findMany({
    where: { AND: and },
    orderBy: newestFirst,
    take: limit + 1,
  });
  return toPage(rows, limit, toTransactionResponse);
}

// ---------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------

const notFound = () => ApiError.notFound("Transaction not found");

export async function getTransactionDetail(
  merchantId: string,
  environment: Environment,
  transactionId: string,
): Promise<TransactionDetail> {
  if (!UUID.test(transactionId)) throw notFound();
  const transaction = await db.transaction.findFirst({
    where: { id: transactionId.toLowerCase(), merchantId, environment },
    include: { processorEvents: { orderBy: { createdAt: "asc" }, select: { eventType: true, outcome: true, processor: true, createdAt: true } } },
  });
  if (!transaction) throw notFound();

  // Refunds leave an outbox event each (with its own time and amount); read them when there are any.
  const refundEvents =
    transaction.refundedAmount > 0n
      ? await db.event.findMany({
          where: { merchantId, environment, type: "transaction.refunded", payload: { path: ["id"], equals: transaction.id } },
          orderBy: { createdAt: "asc" },
          select: { createdAt: true, payload: true },
        })
      : [];

  const { processorEvents, ...row } = transaction;
  return { transaction: toTransactionResponse(row), timeline: buildTimeline(row, processorEvents, refundEvents) };
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
  processor: string;
};
type ProcessorEventRow = { eventType: string; outcome: string; processor: string; createdAt: Date };
type RefundEventRow = { createdAt: Date; payload: unknown };

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
  not_a_charge: "Not a charge; no change",
};

const humanize = (text: string) => text.replaceAll("_", " ");

/** Events in time order; entries at the same instant keep the order they were added in. */
export function buildTimeline(t: TimelineSource, events: ProcessorEventRow[], refunds: RefundEventRow[] = []): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  // Things with no timestamp of their own happened by the last update, and after what came before.
  const lastUpdate = new Date(Math.max(t.updatedAt.getTime(), (t.completedAt ?? t.createdAt).getTime(), t.createdAt.getTime()));
  const via = [t.channel && humanize(t.channel), t.processor].filter(Boolean).join(" via ");
  entries.push({ at: t.createdAt, kind: "created", title: "Payment initiated", detail: `${formatNaira(Number(t.amount))}${via ? ` · ${via}` : ""}` });

  for (const event of events) {
    entries.push({
      at: event.createdAt,
      kind: "processor_event",
      title: `${event.processor} sent ${event.eventType}`,
      detail: OUTCOME_LABELS[event.outcome] ?? humanize(event.outcome),
    });
  }

  if (t.completedAt) {
    entries.push({ at: t.completedAt, kind: "completed", title: "Payment completed", detail: t.paymentMethod ? `Paid by ${humanize(t.paymentMethod)}` : undefined });
  }

  // There is no failedAt column: use the processor event that failed it, else the last update.
  if (t.status === "FAILED" || t.status === "CANCELLED") {
    const outcome = t.status === "FAILED" ? "failed" : "cancelled";
    const at = events.find((e) => e.outcome === outcome)?.createdAt ?? lastUpdate;
    entries.push({ at, kind: "failed", title: t.status === "FAILED" ? "Payment failed" : "Payment cancelled", detail: t.failureReason ?? undefined });
  }

  if (t.refundedAmount > 0n) {
    let listed = 0n;
    for (const refund of refunds) {
      const info = refundInfo(refund.payload);
      if (info.amount === null) continue;
      listed += info.amount;
      entries.push({ at: refund.createdAt, kind: "refunded", title: `Refunded ${formatNaira(Number(info.amount))}`, detail: info.reason ?? undefined });
    }
    // Refunds without an outbox event (or older than it) still show, at the last update.
    const unlisted = t.refundedAmount - listed;
    if (unlisted > 0n) {
      const full = unlisted === t.amount;
      entries.push({ at: lastUpdate, kind: "refunded", title: `Refunded ${formatNaira(Number(unlisted))}`, detail: full ? "Full amount" : undefined });
    }
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

function refundInfo(payload: unknown): { amount: bigint | null; reason: string | null } {
  const refund = (payload as { refund?: { amount?: unknown; reason?: unknown } } | null)?.refund;
  const amount = typeof refund?.amount === "number" && Number.isSafeInteger(refund.amount) && refund.amount > 0 ? BigInt(refund.amount) : null;
  const reason = typeof refund?.reason === "string" && refund.reason.trim() ? refund.reason.trim() : null;
  return { amount, reason };
}
