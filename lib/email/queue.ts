// The one way to send an e-mail: a row in the e-mail outbox (OutboundEmail), written with the
// caller's database transaction, so the e-mail exists exactly when the change it reports does and a
// crash loses none (DESIGN.md). lib/email/outbox.ts sends the rows. Requests never render or send,
// so a slow or failing e-mail service never holds one. Rows carry ids and addresses only: the links'
// tokens are made when the e-mail is sent, so no secret ever waits in the table.
//
// E-mails to people outside the business (its customers, invited addresses) are written by the
// merchant, so they are held back (SUPPRESSED, with the reason) when the business's owner has not
// verified their address, or when the business is over its hourly limit of customer e-mails.
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { LIMITS } from "@/lib/api/limits";
import type { Limiter } from "@/lib/api/rate-limit";
import type { Environment, OutboundEmailStatus } from "@/lib/db/generated/enums";
import { log } from "@/lib/log";
import type { EmailJob } from "./job";

export type SuppressedReason = "unverified_account" | "rate_limited";
export type QueuedEmail = { id: string; status: Extract<OutboundEmailStatus, "QUEUED" | "SUPPRESSED">; reason: SuppressedReason | null };

export type Sender = { merchantId: string; transactionId?: string; environment?: Environment; ownerVerified: boolean };

const transactionSender = (tx: Tx, id: string) =>
  tx.transaction.findUnique({
    where: { id },
    select: { id: true, merchantId: true, environment: true, merchant: { select: { owner: { select: { isEmailVerified: true } } } } },
  });

/** The business an e-mail speaks for (and its payment), when there is one. */
async function senderOf(tx: Tx, job: EmailJob): Promise<Sender | null> {
  switch (job.kind) {
    case "receipt":
    case "refund":
    case "auto-refund":
    case "payment-received": {
      const t = await transactionSender(tx, job.transactionId);
      return t && { merchantId: t.merchantId, transactionId: t.id, environment: t.environment, ownerVerified: t.merchant.owner.isEmailVerified };
    }
    case "invoice": {
      const i = await tx.invoice.findUnique({
        where: { id: job.invoiceId },
        select: { merchantId: true, environment: true, merchant: { select: { owner: { select: { isEmailVerified: true } } } } },
      });
      return i && { merchantId: i.merchantId, environment: i.environment, ownerVerified: i.merchant.owner.isEmailVerified };
    }
    case "invitation": {
      const i = await tx.invitation.findUnique({
        where: { id: job.invitationId },
        select: { merchantId: true, merchant: { select: { owner: { select: { isEmailVerified: true } } } } },
      });
      return i && { merchantId: i.merchantId, ownerVerified: i.merchant.owner.isEmailVerified };
    }
    case "subscription-welcome":
    case "subscription-payment-failed":
    case "subscription-card-expiring":
    case "subscription-canceled": {
      const s = await tx.subscription.findUnique({
        where: { id: job.subscriptionId },
        select: { merchantId: true, environment: true, merchant: { select: { owner: { select: { isEmailVerified: true } } } } },
      });
      return s && { merchantId: s.merchantId, environment: s.environment, ownerVerified: s.merchant.owner.isEmailVerified };
    }
    case "daily-summary":
    case "settlement-account-changed":
    case "settlement-account-mismatch":
      return { merchantId: job.merchantId, ownerVerified: true };
    default:
      return null;
  }
}

/**
 * E-mails that go to people outside the business, with text the business wrote. A subscriber's
 * e-mails are among them, but are not counted against the hourly limit below: they follow the
 * subscriber's own sign-up and the renewal schedule, never a request of the business's, so a busy
 * renewal day never holds back a "your payment failed".
 */
const TO_THIRD_PARTIES = new Set<EmailJob["kind"]>([
  "receipt",
  "refund",
  "invoice",
  "invitation",
  "subscription-welcome",
  "subscription-payment-failed",
  "subscription-card-expiring",
  "subscription-canceled",
]);
/**
 * Of those, the ones a payment sends, counted here against the business's hourly limit of customer
 * e-mails. Invoices and invitations are asked for by a request, which is limited (429) by mayEmailOthers.
 */
const CUSTOMER_EMAILS = new Set<EmailJob["kind"]>(["receipt", "refund"]);

/** The limit of customer e-mails (receipts, refunds, invoices) a business sends in one mode. */
export const customerEmailLimit = (environment: Environment): Limiter => (environment === "live" ? LIMITS.customerEmailsLive : LIMITS.customerEmailsTest);

/**
 * For a request that e-mails someone outside the business (an invitation, an invoice): 403 while
 * the business's owner has not verified their address, 429 (Retry-After) past `limit` for it.
 */
export async function mayEmailOthers(merchantId: string, limit: Limiter): Promise<void> {
  const merchant = await db.merchant.findUnique({ where: { id: merchantId }, select: { owner: { select: { isEmailVerified: true } } } });
  if (!merchant?.owner.isEmailVerified) throw ApiError.forbidden("The business's owner must verify their e-mail address before it can e-mail anyone else");
  await limit.consume(merchantId);
}

/** Why an e-mail is held back, if it is (spends one of the business's customer e-mails when it is one). */
export async function suppression(job: EmailJob, sender: Sender | null): Promise<SuppressedReason | null> {
  if (!sender || !TO_THIRD_PARTIES.has(job.kind)) return null;
  if (!sender.ownerVerified) return "unverified_account";
  if (CUSTOMER_EMAILS.has(job.kind) && sender.environment) {
    try {
      await customerEmailLimit(sender.environment).consume(sender.merchantId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return "rate_limited";
      throw error;
    }
  }
  return null;
}

/**
 * Records an e-mail in the caller's transaction (`db` where no change is made, e.g. forgot-password).
 * Says whether it will be sent, or was suppressed and why, so answers never promise an e-mail that is not coming.
 */
export async function queueEmail(tx: Tx, job: EmailJob): Promise<QueuedEmail> {
  const sender = await senderOf(tx, job);
  const reason = await suppression(job, sender);
  const row = await tx.outboundEmail.create({ data: { ...outboundEmailRow(job, sender, reason), nextAttemptAt: new Date() }, select: { id: true } });
  if (reason) log.info({ kind: job.kind, merchantId: sender?.merchantId, reason }, "e-mail suppressed");
  return { id: row.id, status: reason ? "SUPPRESSED" : "QUEUED", reason };
}

/** The outbox row of an e-mail (also written by lib/payments/complete-statement.ts's one statement). */
export function outboundEmailRow(job: EmailJob, sender: Sender | null, reason: SuppressedReason | null) {
  return {
    kind: job.kind,
    payload: job,
    merchantId: sender?.merchantId ?? null,
    transactionId: sender?.transactionId ?? null,
    status: reason ? ("SUPPRESSED" as const) : ("QUEUED" as const),
    reason,
  };
}

/** How a payment's latest e-mail of one kind went, from the outbox: what a page may promise ("a receipt is on its way"). */
export async function paymentEmailStatus(kind: EmailJob["kind"], transactionId: string): Promise<"queued" | "sent" | null> {
  const row = await db.outboundEmail.findFirst({ where: { kind, transactionId }, orderBy: { createdAt: "desc" }, select: { status: true } });
  if (row?.status === "QUEUED") return "queued";
  if (row?.status === "SENT") return "sent";
  return null;
}
