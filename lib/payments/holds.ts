// A link's cap (single-use, maxPayments) and an invoice's one payment are shared by every customer
// at once, so they are enforced when a checkout opens, not only when one completes: a PENDING
// checkout holds a slot until it completes, fails or expires. The link or invoice row is locked
// while the slots are counted and the new checkout is written, so two customers can never both
// take the last one. A completion that still lands past the cap is refunded (lib/payments/auto-refunds.ts).
import { db, type Tx } from "@/lib/db/client";
import type { Invoice, PaymentLink, Prisma, Transaction } from "@/lib/db/generated/client";
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

/** Writes the PENDING transaction if its link or invoice has a free slot (409 when all are held). */
export async function openCheckout(data: Prisma.TransactionUncheckedCreateInput, { link, invoice }: Source): Promise<Transaction> {
  if (!link && !invoice) return db.transaction.create({ data });
  return db.$transaction(async (tx) => {
    if (link) await takeLinkSlot(tx, link.id, data.customerEmail);
    if (invoice) await takeInvoiceSlot(tx, invoice.id, data.customerEmail);
    return tx.transaction.create({ data });
  });
}

async function takeLinkSlot(tx: Tx, linkId: string, email: string): Promise<void> {
  const [link] = await tx.$queryRaw<PaymentLink[]>`SELECT * FROM "PaymentLink" WHERE id = ${linkId}::uuid FOR UPDATE`;
  if (!link || availabilityOf(link) !== "available") throw linkRefused(link);
  const cap = linkCap(link);
  if (cap === null) return;
  if (link.completedPayments + (await heldByOthers(tx, { paymentLinkId: linkId }, email)) >= cap) {
    throw ApiError.conflict("This payment link is being paid right now. Please try again in a few minutes.", { code: "link_being_paid" });
  }
}

async function takeInvoiceSlot(tx: Tx, invoiceId: string, email: string): Promise<void> {
  const [invoice] = await tx.$queryRaw<Pick<Invoice, "status">[]>`SELECT status FROM "Invoice" WHERE id = ${invoiceId}::uuid FOR UPDATE`;
  const refused = invoice ? invoiceRefused(invoice.status) : ApiError.badRequest("Invoice not found");
  if (refused) throw refused;
  if ((await heldByOthers(tx, { invoiceId }, email)) > 0) {
    throw ApiError.conflict("This invoice is being paid right now. Please try again in a few minutes.", { code: "invoice_being_paid" });
  }
}

/**
 * Slots held by other customers' open checkouts. A customer's own open checkouts never block them
 * (they closed the tab and came back), and count once however many they opened.
 */
async function heldByOthers(tx: Tx, source: { paymentLinkId: string } | { invoiceId: string }, email: string): Promise<number> {
  const open = await tx.transaction.groupBy({
    by: ["customerEmail"],
    where: { ...source, status: "PENDING", createdAt: { gt: new Date(Date.now() - CHECKOUT_HOLD_MS) }, customerEmail: { not: email } },
  });
  return open.length;
}
