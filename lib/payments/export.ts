// CSV export of the filtered transaction list, streamed: rows are read in keyset-paginated batches as
// the client reads the response (a pull stream), so 100,000 rows never sit in memory at once.
import { stringify } from "csv-stringify/sync";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { Environment } from "@/lib/db/generated/enums";
import type { MerchantScope } from "@/lib/auth/access";
import { log } from "@/lib/log";
import { koboToNairaString } from "./money";
import { netAmount } from "@/lib/payouts/fees";
import { transactionFilterWhere, type TransactionListFilters } from "./queries";

const BATCH = 1_000;

const COLUMNS = [
  "id",
  "reference",
  "created_at",
  "completed_at",
  "status",
  "amount_ngn",
  "fee_ngn",
  "platform_fee_ngn",
  "net_ngn",
  "refunded_ngn",
  "currency",
  "channel",
  "payment_method",
  "customer_email",
  "customer_name",
  "description",
  "payment_link_id",
  "invoice_id",
  // Last, so scripts reading the earlier columns by position keep working.
  "sender_name",
  "sender_bank",
] as const;

const select = {
  id: true,
  reference: true,
  createdAt: true,
  completedAt: true,
  status: true,
  amount: true,
  fee: true,
  platformFee: true,
  refundedAmount: true,
  currency: true,
  channel: true,
  paymentMethod: true,
  customerEmail: true,
  customerName: true,
  description: true,
  paymentLinkId: true,
  invoiceId: true,
  senderName: true,
  senderBank: true,
} as const;
type ExportRow = Prisma.TransactionGetPayload<{ select: typeof select }>;

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab/carriage return) as a formula. Customer
 * names, e-mails and descriptions are typed by strangers: prefix such cells with a quote (OWASP advice).
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const toCsv = (rows: string[][]) => stringify(rows, { cast: { string: neutralizeFormula }, record_delimiter: "\r\n" });

export function exportFilename(environment: Environment, now = new Date()): string {
  return `transactions-${environment}-${now.toISOString().slice(0, 10)}.csv`;
}

export function transactionsCsvStream(scope: MerchantScope, filters: Omit<TransactionListFilters, "cursor" | "limit">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const where = transactionFilterWhere(scope, filters);
  let after: { createdAt: Date; id: string } | null = null;
  let started = false;

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          // The BOM makes Excel read the file as UTF-8 (names with accents); other tools skip it.
          controller.enqueue(encoder.encode(`\uFEFF${toCsv([[...COLUMNS]])}`));
          return;
        }
        const page = await db.transaction.findMany({
          where: {
            AND: [...where, ...(after ? [{ OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }] : [])],
          },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: BATCH,
          select,
        });
        if (page.length > 0) {
          const last = page.at(-1)!;
          after = { createdAt: last.createdAt, id: last.id };
          controller.enqueue(encoder.encode(toCsv(page.map(toRow))));
        }
        if (page.length < BATCH) controller.close();
      } catch (error) {
        log.error({ err: error, merchantId: scope.merchantId }, "transaction export failed");
        controller.error(error);
      }
    },
  });
}

function toRow(t: ExportRow): string[] {
  const date = (value: Date | null) => value?.toISOString() ?? "";
  return [
    t.id,
    t.reference,
    date(t.createdAt),
    date(t.completedAt),
    t.status,
    koboToNairaString(t.amount),
    koboToNairaString(t.fee),
    koboToNairaString(t.platformFee),
    koboToNairaString(netAmount(t)),
    koboToNairaString(t.refundedAmount),
    t.currency,
    t.channel ?? "",
    t.paymentMethod ?? "",
    t.customerEmail,
    t.customerName ?? "",
    t.description ?? "",
    t.paymentLinkId ?? "",
    t.invoiceId ?? "",
    t.senderName ?? "",
    t.senderBank ?? "",
  ];
}
