// What the sandbox checkout page does when the customer picks an outcome: record it on the
// sandbox's side, then notify us exactly as a real processor would, with a signed webhook over HTTP.
import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { reconcileTransaction } from "@/lib/payments/reconcile";
import type { Channel } from "@/lib/payments/channels";
import { SANDBOX_CARDS, SANDBOX_SIGNATURE_HEADER, sandboxChargeDetails, signSandboxPayload } from "./sandbox";

export type CheckoutChoice = { method: "card"; cardNumber: string } | { method: Exclude<Channel, "card"> } | { method: "cancel" };

export type CheckoutResult = { redirectTo: string } | { error: string };

/** The customer's choice from the checkout page's form, or null when it names none. */
export function checkoutChoiceFrom(form: FormData): CheckoutChoice | null {
  const method = String(form.get("method") ?? "");
  if (method === "card") return { method, cardNumber: String(form.get("cardNumber") ?? "") };
  if (method === "bank_transfer" || method === "ussd" || method === "cancel") return { method };
  return null;
}

export async function completeSandboxCheckout(accessCode: string, choice: CheckoutChoice): Promise<CheckoutResult | null> {
  const charge = await db.sandboxCharge.findUnique({ where: { accessCode } });
  if (!charge) return null;
  const back = withReference(charge.callbackUrl, charge.reference);
  if (charge.status !== "pending") return { redirectTo: back };

  let outcome: { status: "success" | "failed" | "abandoned"; message: string; channel: string };
  if (choice.method === "card") {
    const card = SANDBOX_CARDS[choice.cardNumber.replace(/\D/g, "") as keyof typeof SANDBOX_CARDS];
    if (!card) return { error: "Use one of the test cards listed on this page." };
    outcome = { ...card, channel: "card" };
  } else if (choice.method === "cancel") {
    outcome = { status: "abandoned", message: "Cancelled by the customer", channel: charge.channel ?? "card" };
  } else {
    outcome = { status: "success", message: "Approved", channel: choice.method };
  }

  const claimed = await db.sandboxCharge.updateMany({
    where: { accessCode, status: "pending" },
    data: { status: outcome.status, message: outcome.message, channel: outcome.channel, paidAt: outcome.status === "success" ? new Date() : null },
  });
  if (claimed.count === 0) return { redirectTo: back };
  if (outcome.status !== "abandoned") {
    await notify(await db.sandboxCharge.findUniqueOrThrow({ where: { accessCode } }));
  } else {
    // No processor sends a webhook for a walk-away; verifying now settles it as cancelled.
    const transaction = await db.transaction.findUnique({ where: { reference: charge.reference } });
    if (transaction) await reconcileTransaction(transaction);
  }
  return { redirectTo: back };
}

/** Paystack-shaped event, signed over the exact bytes sent. A lost webhook is caught by reconciliation. */
async function notify(charge: Parameters<typeof sandboxChargeDetails>[0] & { email: string }) {
  const details = sandboxChargeDetails(charge);
  const body = JSON.stringify({
    event: details.status === "success" ? "charge.success" : "charge.failed",
    data: {
      id: charge.id,
      reference: details.reference,
      status: details.status,
      amount: Number(details.amount),
      currency: details.currency,
      fees: Number(details.fee),
      channel: charge.channel,
      paid_at: details.paidAt?.toISOString() ?? null,
      gateway_response: details.message,
      customer: { email: charge.email },
    },
  });
  try {
    const res = await fetch(`${config().appUrl}/api/transactions/webhooks/sandbox`, {
      method: "POST",
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) log.warn({ status: res.status, reference: charge.reference }, "sandbox webhook was not accepted");
  } catch (error) {
    log.warn({ err: error, reference: charge.reference }, "sandbox webhook could not be delivered");
  }
}

function withReference(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set("reference", reference);
  return url.toString();
}
