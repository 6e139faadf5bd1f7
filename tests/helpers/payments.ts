import { db } from "@/lib/db/client";
import { isProcessorName } from "@/lib/processors";
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from "@/lib/processors/sandbox";
import * as initiateRoute from "@/app/api/transactions/initiate/route";
import * as webhookRoute from "@/app/api/transactions/webhooks/[processor]/route";
import { expect } from "vitest";
import { call } from "./api";
import { createMerchantOwner } from "./factories";

export function initiate(body: Record<string, unknown>, options: { key?: string; headers?: Record<string, string> } = {}) {
  return call(initiateRoute.POST, { path: "/api/transactions/initiate", body, token: options.key, headers: options.headers });
}

export function paymentBody(merchantId: string, overrides: Record<string, unknown> = {}) {
  return { merchantId, amount: 250_000, email: "customer@example.com", firstName: "Chidi", lastName: "Okafor", channel: "card", ...overrides };
}

/** A new merchant owner and a payment started with their test secret key, PENDING at the configured processor. */
export async function pendingPayment(overrides: Record<string, unknown> = {}) {
  const owner = await createMerchantOwner();
  const res = await initiate(paymentBody(owner.merchant.id, overrides), { key: owner.secretKey });
  expect(res.status).toBe(201);
  return { owner, reference: res.body.reference as string, transactionId: res.body.transactionId as string };
}

/** A sandbox charge event, signed like the sandbox checkout signs it. */
export function sandboxEvent(reference: string, overrides: Record<string, unknown> = {}, event = "charge.success") {
  const body = JSON.stringify({
    event,
    data: {
      id: `ch_${reference}`,
      reference,
      status: event === "charge.success" ? "success" : "failed",
      amount: 250_000,
      currency: "NGN",
      fees: 3_750,
      channel: "card",
      paid_at: new Date().toISOString(),
      ...overrides,
    },
  });
  return { body, headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body) } };
}

export function postWebhook(processor: string, webhook: { body: string; headers: Record<string, string> }) {
  // The document has one path per processor: any other name is no operation (it answers 404).
  const unchecked = isProcessorName(processor) ? undefined : "no such processor: not an operation";
  return call(webhookRoute.POST, {
    path: `/api/transactions/webhooks/${processor}`,
    params: { processor },
    body: webhook.body,
    headers: webhook.headers,
    unchecked,
  });
}

export function transactionByReference(reference: string) {
  return db.transaction.findUniqueOrThrow({ where: { reference } });
}
