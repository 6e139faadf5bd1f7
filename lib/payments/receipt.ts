// A payment's receipt, as the customer sees it: on the receipt page (/receipt/{reference}), in the
// receipt e-mail and in the PDF. One loader, so the three always say the same thing.
import type { TransactionStatus } from "@/lib/db/generated/enums";
import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { formatNaira } from "@/lib/utils";
import { formatLagosDateTime } from "@/lib/lagos-time";
import { paymentEmailStatus } from "@/lib/email/queue";
import { lineTotal } from "@/lib/invoices/totals";
import { textProblem } from "@/lib/api/json";
import { paymentMethodName } from "./channels";
import { paidTowards, paidTowardsSentences, type PaidTowards } from "@/lib/invoices/paid-towards";

export type ReceiptLine = { description: string; quantity: number; unitPrice: bigint; total: bigint };

/** Everything a receipt shows; amounts in kobo. */
export type ReceiptDetails = {
  transactionId: string;
  reference: string;
  status: TransactionStatus;
  amount: bigint;
  refundedAmount: bigint;
  currency: string;
  method: string | null;
  paidAt: Date | null;
  createdAt: Date;
  failureReason: string | null;
  testMode: boolean;
  customer: { email: string; name: string | null };
  merchant: {
    businessName: string;
    brandColor: string | null;
    logoUrl: string | null;
    supportEmail: string | null;
    supportPhone: string | null;
    website: string | null;
  };
  /** What was paid for: the link's title, the invoice's number and lines, or the integrator's description. */
  item: { title: string | null; invoiceNumber: string | null; lines: ReceiptLine[] };
  redirectUrl: string | null;
  retryPath: string | null;
  /** A checkout was opened and is not settled: "Try again" may replace it (retry.ts). */
  checkoutOpen: boolean;
  /** A paid payment's share of invoices (instalments, paid in full) and of the customer's credit. */
  paidTowards: PaidTowards;
};

/** A logo URL an e-mail or PDF can fetch: our own uploads are served from a path on this origin. */
export function absoluteLogoUrl(logoUrl: string | null): string | null {
  if (!logoUrl) return null;
  if (logoUrl.startsWith("/")) return `${config().appUrl}${logoUrl}`;
  return logoUrl.startsWith("https://") || logoUrl.startsWith("http://") ? logoUrl : null;
}

export function receiptUrl(reference: string): string {
  return `${config().appUrl}/receipt/${encodeURIComponent(reference)}`;
}

/** "chidi.okafor@example.com" -> "c…@example.com": enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "…";
  return `${email.charAt(0)}…${email.slice(at)}`;
}

/** The receipt of a payment by its reference or id; null when there is no such payment. */
export async function loadReceipt(where: { reference: string } | { id: string }): Promise<ReceiptDetails | null> {
  if ("reference" in where && (!where.reference || where.reference.length > 120 || textProblem(where.reference))) return null;
  const t = await db.transaction.findUnique({
    where,
    include: {
      merchant: { select: { businessName: true, brandColor: true, logoUrl: true, supportEmail: true, supportPhone: true, website: true } },
      paymentLink: { select: { slug: true, title: true, redirectUrl: true } },
      invoice: { select: { id: true, invoiceNumber: true, lineItems: { orderBy: { position: "asc" } } } },
    },
  });
  if (!t) return null;
  const paid = t.status === "COMPLETED" || t.status === "REFUNDED";
  const lines = (t.invoice?.lineItems ?? []).map((item) => {
    const quantity = item.quantity.toNumber();
    return { description: item.description, quantity, unitPrice: item.amount, total: lineTotal(item.amount, quantity) ?? 0n };
  });
  return {
    transactionId: t.id,
    reference: t.reference,
    status: t.status,
    amount: t.amount,
    refundedAmount: t.refundedAmount,
    currency: t.currency,
    method: paymentMethodName(t.channel, t.paymentMethod),
    paidAt: t.completedAt,
    createdAt: t.createdAt,
    failureReason: t.failureReason,
    testMode: t.environment === "test",
    customer: { email: t.customerEmail, name: t.customerName },
    merchant: { ...t.merchant, logoUrl: absoluteLogoUrl(t.merchant.logoUrl) },
    item: {
      title: t.paymentLink?.title ?? (t.invoice ? `Invoice ${t.invoice.invoiceNumber}` : t.description),
      invoiceNumber: t.invoice?.invoiceNumber ?? null,
      lines,
    },
    redirectUrl: t.paymentLink?.redirectUrl ?? null,
    // ?retry={reference}: the form starts from this payment's customer (hosted-checkout.ts, initialFormValues).
    retryPath: t.paymentLink
      ? `/pay/${t.paymentLink.slug}?retry=${encodeURIComponent(t.reference)}`
      : t.invoice
        ? `/invoice/${t.invoice.id}?retry=${encodeURIComponent(t.reference)}`
        : t.planId
          ? `/subscribe/${t.planId}?retry=${encodeURIComponent(t.reference)}`
          : null,
    checkoutOpen: t.status === "PENDING" && t.authorizationUrl !== null,
    paidTowards: paid ? await paidTowards(t.id) : { invoices: [], credited: 0n },
  };
}

export const isPaid = (r: Pick<ReceiptDetails, "status">) => r.status === "COMPLETED" || r.status === "REFUNDED";

/** The receipt page's props (plain JSON: no bigint or Date). */
export type ReceiptView = {
  outcome: "paid" | "pending" | "cancelled" | "abandoned" | "failed";
  amount: string;
  reference: string;
  businessName: string;
  brandColor: string | null;
  logoUrl: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
  method: string | null;
  paidAt: string | null;
  failureReason: string | null;
  redirectUrl: string | null;
  retryPath: string | null;
  /** Where the pending page's "Try again" posts (retry.ts); null when there is no open checkout to replace. */
  retryAction: string | null;
  testMode: boolean;
  item: { title: string | null; lines: { description: string; quantity: number; total: string }[] };
  refunded: string | null;
  /** Only when a receipt e-mail really is on its way or sent (lib/email/queue.ts): to whom (masked), and whether it has gone. */
  receiptEmail: { to: string; state: "queued" | "sent" } | null;
  /** The PDF copy, for paid payments. */
  pdfPath: string | null;
  /** "₦X paid towards invoice INV-…; ₦Y still due", "Invoice INV-… is now paid in full", credit kept. */
  paidTowards: string[];
};

const outcomeOf = (status: ReceiptDetails["status"]): ReceiptView["outcome"] =>
  status === "COMPLETED" || status === "REFUNDED"
    ? "paid"
    : status === "PENDING"
      ? "pending"
      : status === "CANCELLED"
        ? "cancelled"
        : status === "ABANDONED"
          ? "abandoned"
          : "failed";

/** Just the outcome the receipt page shows (its script asks while the payment is being confirmed). */
export async function receiptOutcome(reference: string): Promise<ReceiptView["outcome"] | null> {
  const t = await db.transaction.findUnique({ where: { reference }, select: { status: true } });
  return t ? outcomeOf(t.status) : null;
}

/** The customer's view of a payment by its reference (what the processor sends them back with). */
export async function findReceipt(reference: string): Promise<ReceiptView | null> {
  const r = await loadReceipt({ reference });
  if (!r) return null;
  const paid = isPaid(r);
  const outcome = outcomeOf(r.status);
  // The page promises an e-mail only when the outbox holds one for this payment that is going or has gone (not a suppressed one).
  const emailState = paid ? await paymentEmailStatus("receipt", r.transactionId) : null;
  return {
    outcome,
    amount: formatNaira(Number(r.amount)),
    reference: r.reference,
    businessName: r.merchant.businessName,
    brandColor: r.merchant.brandColor,
    // The page loads an uploaded logo from its own origin (the e-mail needs the absolute URL).
    logoUrl: r.merchant.logoUrl?.startsWith(`${config().appUrl}/logos/`) ? r.merchant.logoUrl.slice(config().appUrl.length) : r.merchant.logoUrl,
    supportEmail: r.merchant.supportEmail,
    supportPhone: r.merchant.supportPhone,
    method: r.method,
    paidAt: r.paidAt ? formatLagosDateTime(r.paidAt) : null,
    failureReason: r.failureReason,
    redirectUrl: paid ? r.redirectUrl : null,
    retryPath: r.retryPath,
    retryAction: r.checkoutOpen ? `/receipt/${encodeURIComponent(r.reference)}/retry` : null,
    testMode: r.testMode,
    item: {
      title: r.item.title,
      lines: r.item.lines.map((line) => ({ description: line.description, quantity: line.quantity, total: formatNaira(Number(line.total)) })),
    },
    refunded: r.refundedAmount > 0n ? formatNaira(Number(r.refundedAmount)) : null,
    receiptEmail: emailState === "queued" || emailState === "sent" ? { to: maskEmail(r.customer.email), state: emailState } : null,
    pdfPath: paid ? `/receipt/${encodeURIComponent(r.reference)}/pdf` : null,
    paidTowards: paidTowardsSentences(r.paidTowards, (kobo) => formatNaira(Number(kobo)), r.merchant.businessName),
  };
}
