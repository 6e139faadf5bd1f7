// POST /api/events/trigger (`npx paylink trigger <type>`): a made-up event of one type in test mode,
// written to the outbox like a real one, so it reaches the merchant's test endpoints and the events
// API (and `paylink listen`) without a payment being made. Test mode only: live events are real.
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { z } from "@/lib/zod";
import type { MerchantScope } from "@/lib/auth/access";
import { db } from "@/lib/db/client";
import type { TransactionResponse } from "@/lib/payments/serializers";
import { toEnvelope } from "./envelope";
import { recordEvent, type EventType } from "./outbox";

/** The types a trigger can make: each has a sample `data` below, valid against its event schema. */
export const TRIGGER_TYPES = [
  "transaction.completed",
  "transaction.failed",
  "transaction.abandoned",
  "payment-link.visited",
] as const satisfies readonly EventType[];
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const triggerBody = z.strictObject({
  type: z
    .enum(TRIGGER_TYPES, { error: `type must be one of ${TRIGGER_TYPES.join(", ")}` })
    .meta({ description: "The event type to make", example: "transaction.completed" }),
});

const SAMPLE_AMOUNT = 250_000n;

/** A sample payment in the state the event type describes; metadata marks it as triggered. */
function sampleTransaction(status: "COMPLETED" | "FAILED" | "ABANDONED", at: Date): TransactionResponse {
  const completed = status === "COMPLETED";
  const fee = completed ? 3_750n : 0n;
  return {
    id: randomUUID(),
    reference: `TXN-${at.getTime()}-trigger`,
    amount: SAMPLE_AMOUNT,
    fee,
    platformFee: 0n,
    netAmount: completed ? SAMPLE_AMOUNT - fee : 0n,
    currency: "NGN",
    status,
    paymentMethod: status === "ABANDONED" ? null : "card",
    channel: status === "ABANDONED" ? null : "card",
    customerEmail: "customer@example.com",
    customerName: "Test Customer",
    senderName: null,
    senderBank: null,
    description: "Triggered test event",
    metadata: { triggered: true },
    environment: "test",
    refundedAmount: 0n,
    paymentLinkId: null,
    invoiceId: null,
    payoutId: null,
    createdAt: at,
    updatedAt: at,
    completedAt: completed ? at : null,
  };
}

function sampleData(type: TriggerType, at: Date): Record<string, unknown> {
  switch (type) {
    case "transaction.completed":
      return sampleTransaction("COMPLETED", at);
    case "transaction.failed":
      return sampleTransaction("FAILED", at);
    case "transaction.abandoned":
      return sampleTransaction("ABANDONED", at);
    case "payment-link.visited":
      return { id: randomUUID(), slug: "triggered-test-link", title: "Triggered test link", visitedAt: at.toISOString() };
  }
}

/** Records one sample event of `type` for the merchant's test mode; a live key or view answers 403. */
export async function triggerEvent(scope: MerchantScope, type: TriggerType) {
  if (scope.environment !== "test") {
    throw ApiError.forbidden("Events can be triggered in test mode only: use a test key (sk_test_…). Live events come from real payments.");
  }
  const event = await db.$transaction((tx) => recordEvent(tx, { merchantId: scope.merchantId, environment: "test", type, data: sampleData(type, new Date()) }));
  return toEnvelope(event);
}
