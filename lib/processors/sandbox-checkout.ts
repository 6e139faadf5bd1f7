// What the sandbox checkout page does when the customer picks an outcome: record it on the
// sandbox's side, then notify us exactly as a real processor would, with a signed webhook over HTTP.
import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { reconcileTransaction } from "@/lib/payments/reconcile";
import type { Channel } from "@/lib/payments/channels";
import type { SandboxAuthorization } from "@/lib/db/generated/client";
import {
  SANDBOX_CARDS,
  SANDBOX_SIGNATURE_HEADER,
  sandboxAuthorizationFor,
  sandboxCard,
  sandboxChargeDetails,
  signSandboxPayload,
  type SandboxCardNumber,
} from "./sandbox";

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
  // A charge of a saved card has no checkout.
  if (!charge?.callbackUrl) return null;
  const back = withReference(charge.callbackUrl, charge.reference);
  if (charge.status !== "pending") return { redirectTo: back };

  let outcome: { status: "success" | "failed" | "abandoned"; message: string; channel: string };
  let card: SandboxCardNumber | null = null;
  if (choice.method === "card") {
    card = sandboxCard(choice.cardNumber);
    if (!card) return { error: "Use one of the test cards listed on this page." };
    outcome = { status: SANDBOX_CARDS[card].status, message: SANDBOX_CARDS[card].message, channel: "card" };
  } else if (choice.method === "cancel") {
    outcome = { status: "abandoned", message: "Cancelled by the customer", channel: charge.channel ?? "card" };
  } else {
    outcome = { status: "success", message: "Approved", channel: choice.method };
  }

  const claimed = await db.$transaction(async (tx) => {
    const claim = await tx.sandboxCharge.updateMany({
      where: { accessCode, status: "pending" },
      data: { status: outcome.status, message: outcome.message, channel: outcome.channel, paidAt: outcome.status === "success" ? new Date() : null },
    });
    // A card that pays is saved with the charge, as Paystack's authorization is, so verify() shows it.
    if (claim.count === 1 && card && outcome.status === "success") {
      const authorization = await tx.sandboxAuthorization.create({ data: sandboxAuthorizationFor(card, charge.email) });
      await tx.sandboxCharge.update({ where: { accessCode }, data: { authorizationCode: authorization.code } });
    }
    return claim.count === 1;
  });
  if (!claimed) return { redirectTo: back };
  if (outcome.status !== "abandoned") {
    await notify(await db.sandboxCharge.findUniqueOrThrow({ where: { accessCode }, include: { authorization: true } }));
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
      ...(charge.authorization ? { authorization: paystackAuthorization(charge.authorization) } : {}),
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

/** A saved card as Paystack's `data.authorization` describes one. */
function paystackAuthorization(authorization: SandboxAuthorization) {
  return {
    authorization_code: authorization.code,
    bin: authorization.testCard.slice(0, 6),
    last4: authorization.last4,
    exp_month: String(authorization.expMonth).padStart(2, "0"),
    exp_year: String(authorization.expYear),
    channel: "card",
    card_type: `${authorization.brand} DEBIT`,
    bank: "Sandbox Bank",
    country_code: "NG",
    brand: authorization.brand,
    reusable: authorization.reusable,
    // Paystack's signature names the card itself, the same for each of its authorizations.
    signature: `SIG_sbx_${authorization.last4}${authorization.expMonth}${authorization.expYear}`,
    account_name: null,
  };
}

function withReference(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set("reference", reference);
  return url.toString();
}
