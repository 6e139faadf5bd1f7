// Webhook test helpers: endpoints and outbox events made through the real services.
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { TEST_EVENT_TYPE } from "@/lib/webhooks/envelope";
import { recordEvent, type EventType } from "@/lib/webhooks/outbox";
import { createEndpoint } from "@/lib/webhooks/service";

export async function createTestEndpoint(merchantId: string, url: string, events: EventType[] = ["transaction.completed"]) {
  return createEndpoint({ merchantId, environment: "test" }, { url, events });
}

/**
 * A made-up but well-formed `data` for an event of `type` (the shapes of the OpenAPI document's
 * webhooks section: tests/setup/database.ts checks every recorded event against it).
 */
export function eventData(type: EventType | typeof TEST_EVENT_TYPE, n = 0, environment: "test" | "live" = "test"): Prisma.InputJsonObject {
  const at = new Date(Date.UTC(2026, 0, 1, 9, 0, n % 60)).toISOString();
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  const reference = `TXN-1767258000000-t${n.toString(36)}`;
  const transaction = {
    id,
    reference,
    amount: 500_000 + n,
    fee: 0,
    platformFee: 0,
    netAmount: 500_000 + n,
    currency: "NGN",
    status: type === "transaction.failed" ? "FAILED" : type === "transaction.abandoned" ? "ABANDONED" : "COMPLETED",
    paymentMethod: "card",
    channel: "card",
    customerEmail: "customer@example.com",
    customerName: null,
    senderName: null,
    senderBank: null,
    description: null,
    metadata: null,
    environment,
    refundedAmount: 0,
    paymentLinkId: null,
    invoiceId: null,
    payoutId: null,
    createdAt: at,
    updatedAt: at,
    completedAt: at,
  };
  const refund = {
    id,
    transactionId: id,
    reference,
    amount: 100_000,
    status: type === "refund.failed" ? "failed" : "processed",
    reason: null,
    failureReason: null,
    processorRefundId: null,
    createdAt: at,
    processedAt: at,
  };
  const invoice = {
    id,
    merchantId: id,
    invoiceNumber: `INV-${String(n + 1).padStart(6, "0")}`,
    amount: 500_000,
    amountPaid: 0,
    amountDue: 500_000,
    allowPartialPayments: false,
    minimumPaymentAmount: null,
    currency: "NGN",
    status: type === "invoice.overdue" ? "OVERDUE" : "SENT",
    customerEmail: "customer@example.com",
    customerName: null,
    customerNote: null,
    merchantNote: null,
    lineItems: [{ description: "Jollof", amount: 500_000, quantity: 1 }],
    allocations: [],
    dueDate: null,
    paidAt: null,
    sentAt: at,
    voidedAt: null,
    environment,
    hostedUrl: `http://localhost:3000/invoice/${id}`,
    createdAt: at,
    updatedAt: at,
  };
  const subscription = {
    id,
    planId: id,
    customer: { id, email: "customer@example.com", name: null },
    status: type === "subscription.canceled" ? "canceled" : type === "subscription.past_due" ? "past_due" : "active",
    currentPeriodStart: at,
    currentPeriodEnd: at,
    nextChargeAt: null,
    cancelAtPeriodEnd: false,
    canceledAt: type === "subscription.canceled" ? at : null,
    card: { brand: "visa", last4: "4081", expMonth: 12, expYear: 2030 },
    createdAt: at,
  };
  switch (type) {
    case "transaction.completed":
    case "transaction.failed":
    case "transaction.abandoned":
      return transaction;
    case "transaction.refunded":
      return {
        ...transaction,
        status: "REFUNDED",
        refundedAmount: 100_000,
        refund: { id, amount: 100_000, status: "processed", reason: null, processorRefundId: null },
      };
    case "refund.processed":
    case "refund.failed":
      return refund;
    case "invoice.sent":
    case "invoice.overdue":
      return invoice;
    case "invoice.paid":
    case "invoice.partially_paid": {
      const paid = type === "invoice.paid" ? 500_000 : 200_000;
      const allocation = { id, kind: "payment", amount: paid, transactionId: id, reference, createdAt: at };
      const status = type === "invoice.paid" ? "PAID" : "PARTIALLY_PAID";
      const paidAt = type === "invoice.paid" ? at : null;
      return {
        ...invoice,
        status,
        paidAt,
        amountPaid: paid,
        amountDue: 500_000 - paid,
        allocations: [allocation],
        transactionId: id,
        reference,
        amountApplied: paid,
      };
    }
    case "customer.balance_changed":
      return {
        id,
        email: "customer@example.com",
        name: null,
        totalPaid: 700_000,
        paymentCount: 1,
        firstPaymentAt: at,
        lastPaymentAt: at,
        balance: 200_000,
        environment,
        createdAt: at,
        updatedAt: at,
        previousBalance: 0,
        change: 200_000,
        reason: "overpayment",
        transactionId: id,
        invoiceId: null,
      };
    case "payment-link.visited":
      return { id, slug: `link-${n}`, title: "Jollof", visitedAt: at };
    case TEST_EVENT_TYPE:
      return { message: "This is a test event from Paylink. Your endpoint received and can verify it." };
    case "payout.paid":
      return {
        id,
        environment,
        processor: "sandbox",
        status: "paid",
        amount: 490_000,
        fees: 10_000,
        grossAmount: 500_000,
        currency: "NGN",
        settledAt: at,
        bankName: "Access Bank",
        accountNumberLast4: "6789",
        createdAt: at,
        updatedAt: at,
        transactionReferences: [reference],
      };
    case "subscription.created":
    case "subscription.past_due":
    case "subscription.canceled":
      return subscription;
    case "subscription.renewed":
      return { ...subscription, transactionId: id, reference };
    case "subscription.payment_failed":
      return { ...subscription, status: "past_due", transactionId: id, reference, failureReason: "Insufficient funds", willRetry: true };
  }
}

/** Writes n outbox events the way the payments code does (inside a database transaction). */
export async function recordEvents(merchantId: string, n: number, type: EventType = "transaction.completed") {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 200) {
    const batch = await db.$transaction(async (tx) => {
      const out: string[] = [];
      for (let j = i; j < Math.min(n, i + 200); j++) {
        const event = await recordEvent(tx, { merchantId, environment: "test", type, data: eventData(type, j) });
        out.push(event.id);
      }
      return out;
    });
    ids.push(...batch);
  }
  return ids;
}

export async function waitFor(check: () => unknown, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
