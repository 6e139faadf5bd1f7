import { db } from "@/lib/db/client";
import { completeSandboxCheckout, type CheckoutChoice } from "@/lib/processors/sandbox-checkout";
import { reconcileTransaction } from "@/lib/payments/reconcile";

// The sandbox checkout's form posts land here (a page action, not part of the JSON API).
export async function POST(req: Request, { params }: { params: Promise<{ accessCode: string }> }) {
  const { accessCode } = await params;
  const form = await req.formData();
  const method = String(form.get("method") ?? "");
  const choice: CheckoutChoice | null =
    method === "card" ? { method, cardNumber: String(form.get("cardNumber") ?? "") }
    : method === "bank_transfer" || method === "ussd" || method === "cancel" ? { method }
    : null;
  const page = new URL(`/checkout/sandbox/${accessCode}`, req.url);
  if (!choice) return seeOther(page.toString());

  const result = await completeSandboxCheckout(accessCode, choice);
  if (!result) return new Response("Checkout not found", { status: 404 });
  if ("error" in result) {
    page.searchParams.set("method", method);
    page.searchParams.set("error", result.error);
    return seeOther(page.toString());
  }
  if (choice.method === "cancel") {
    // No processor sends a webhook for a walk-away; verifying now settles it as cancelled.
    const charge = await db.sandboxCharge.findUnique({ where: { accessCode }, select: { reference: true } });
    const transaction = charge && (await db.transaction.findUnique({ where: { reference: charge.reference } }));
    if (transaction) await reconcileTransaction(transaction);
  }
  return seeOther(result.redirectTo);
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });
