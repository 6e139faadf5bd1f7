// A link's cap (single-use, maxPayments) and an invoice's one payment are shared by every customer
// at once, so they are enforced when a checkout opens, not only when one completes: a PENDING
// checkout holds a slot until it completes, fails or expires. The link or invoice row is locked
// while the slots are counted and the new checkout is written, so two customers can never both
// take the last one. A completion that still lands past the cap is refunded (lib/payments/auto-refunds.ts).
import { db, type Tx } from "@/lib/db/client";
import type { Invoice, PaymentLink, Transaction } from "@/lib/db/generated/client";
import type { Environment, Processor } from "@/lib/db/generated/enums";
import { ApiError } from "@/lib/api/errors";
import { availabilityOf } from "@/lib/links/service";
import { invoiceRefused, linkRefused } from "./refusals";

/** How long an open checkout keeps its slot; a card, transfer or USSD payment fits well inside it. */
export const CHECKOUT_HOLD_MS = 30 * 60 * 1000;

/** How many completed payments a link takes: one if single-use, maxPayments if set, else no limit. */
export function linkCap(link: Pick<PaymentLink, "isReusable" | "maxPayments">): number | null {
  if (!link.isReusable) return Math.min(1, link.maxPayments ?? 1);
  return link.maxPayments;
}

type Source = { link: PaymentLink | null; invoice: Invoice | null };

/** The new checkout's columns (initiate.ts); the rest take their defaults. */
export type CheckoutData = {
  merchantId: string;
  environment: Environment;
  reference: string;
  baseReference: string | null;
  amount: bigint;
  platformFee: bigint;
  subaccountCode: string | null;
  currency: string;
  channel: string | null;
  customerEmail: string;
  customerName: string | null;
  description: string | null;
  metadata: object | undefined;
  callbackUrl: string;
  processor: Processor;
  paymentLinkId: string | null;
  invoiceId: string | null;
  planId: string | null;
  subscriptionId: string | null;
  cardCheck: boolean;
};

/**
 * Writes the PENDING transaction if its link or invoice has a free slot (409 when all are held): the
 * row is locked by one statement, and the slots are counted and the checkout written by the next.
 * (Not one statement: its snapshot would predate the lock's wait, missing the checkout its holder wrote.)
 */
export async function openCheckout(data: CheckoutData, { link, invoice }: Source): Promise<Transaction> {
  if (!link && !invoice) return db.transaction.create({ data });
  return db.$transaction(async (tx) => {
    const free = link ? await lockLink(tx, link.id) : await lockInvoice(tx, invoice!.id);
    const [created] = await insertIfFree(tx, data, free);
    if (created) return created;
    if (link) throw ApiError.conflict("This payment link is being paid right now. Please try again in a few minutes.", { code: "link_being_paid" });
    throw ApiError.conflict("This invoice is being paid right now. Please try again in a few minutes.", { code: "invoice_being_paid" });
  });
}

/** Locks the link and says how many of its slots other customers' open checkouts may hold (null: no limit). */
async function lockLink(tx: Tx, linkId: string): Promise<number | null> {
  const [link] = await tx.$queryRaw<PaymentLink[]>`SELECT * FROM "PaymentLink" WHERE id = ${linkId}::uuid FOR UPDATE`;
  if (!link || availabilityOf(link) !== "available") throw linkRefused(link);
  const cap = linkCap(link);
  return cap === null ? null : cap - link.completedPayments;
}

/** An invoice takes one payment at a time. */
async function lockInvoice(tx: Tx, invoiceId: string): Promise<number> {
  const [invoice] = await tx.$queryRaw<Pick<Invoice, "status">[]>`SELECT status FROM "Invoice" WHERE id = ${invoiceId}::uuid FOR UPDATE`;
  const refused = invoice ? invoiceRefused(invoice.status) : ApiError.badRequest("Invoice not found");
  if (refused) throw refused;
  return 1;
}

/**
 * Inserts the checkout while the slots held by other customers' open checkouts are fewer than `free`.
 * A customer's own open checkouts never block them (they closed the tab and came back), and count
 * once however many they opened.
 */
function insertIfFree(tx: Tx, d: CheckoutData, free: number | null): Promise<Transaction[]> {
  const now = new Date().toISOString();
  const since = new Date(Date.now() - CHECKOUT_HOLD_MS).toISOString();
  const metadata = d.metadata === undefined ? null : JSON.stringify(d.metadata);
  return tx.$queryRaw<Transaction[]>`
    WITH held AS (
      SELECT count(DISTINCT "customerEmail")::int AS n FROM "Transaction"
      WHERE ("paymentLinkId" = ${d.paymentLinkId}::uuid OR "invoiceId" = ${d.invoiceId}::uuid)
        AND status = 'PENDING' AND "createdAt" > ${since}::timestamp AND "customerEmail" <> ${d.customerEmail}
    )
    INSERT INTO "Transaction" (id, "merchantId", environment, reference, "baseReference", amount, "platformFee", "subaccountCode", currency, channel,
      "customerEmail", "customerName", description, metadata, "callbackUrl", processor, "paymentLinkId", "invoiceId", "planId", "subscriptionId",
      "cardCheck", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), ${d.merchantId}::uuid, ${d.environment}::"Environment", ${d.reference}, ${d.baseReference}, ${d.amount}::bigint,
      ${d.platformFee}::bigint, ${d.subaccountCode}, ${d.currency}, ${d.channel}, ${d.customerEmail}, ${d.customerName}, ${d.description},
      ${metadata}::jsonb, ${d.callbackUrl}, ${d.processor}::"Processor", ${d.paymentLinkId}::uuid, ${d.invoiceId}::uuid, ${d.planId}::uuid,
      ${d.subscriptionId}::uuid, ${d.cardCheck}, ${now}::timestamp, ${now}::timestamp
    FROM held WHERE ${free}::int IS NULL OR held.n < ${free}::int
    RETURNING *`;
}
