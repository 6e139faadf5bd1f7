// What each payment was for, in the dashboard's words: the payment link's title, the invoice's number,
// the subscription's plan, the invoices a bank transfer paid, or the integrator's description, with
// where to find it. Four queries for a whole page of rows.
import { db } from "@/lib/db/client";

export type PaidFor = { label: string; href: string | null; kind: "link" | "invoice" | "subscription" | "transfer" | "description" };
type Row = { id: string; paymentLinkId: string | null; invoiceId: string | null; description: string | null };

/** Each row's PaidFor by transaction id (rows with nothing to say are left out); scoped to the merchant. */
export async function paidForByTransaction(merchantId: string, rows: readonly Row[]): Promise<Map<string, PaidFor>> {
  const linkIds = [...new Set(rows.flatMap((r) => (r.paymentLinkId ? [r.paymentLinkId] : [])))];
  const invoiceIds = [...new Set(rows.flatMap((r) => (r.invoiceId ? [r.invoiceId] : [])))];
  const [links, invoices, subscribing, transferred] = await Promise.all([
    linkIds.length ? db.paymentLink.findMany({ where: { id: { in: linkIds }, merchantId }, select: { id: true, title: true } }) : [],
    invoiceIds.length ? db.invoice.findMany({ where: { id: { in: invoiceIds }, merchantId }, select: { id: true, invoiceNumber: true } }) : [],
    // The API's transaction carries no plan or subscription, so they are read here by id.
    rows.length
      ? db.transaction.findMany({
          where: { id: { in: rows.map((r) => r.id) }, merchantId, OR: [{ planId: { not: null } }, { subscriptionId: { not: null } }] },
          select: {
            id: true,
            subscriptionId: true,
            subscriptionPeriod: true,
            cardCheck: true,
            plan: { select: { id: true, name: true } },
            subscription: { select: { plan: { select: { id: true, name: true } } } },
          },
        })
      : [],
    // A bank transfer names no invoice: what it paid is its allocations (lib/invoices/allocation.ts).
    rows.length
      ? db.paymentAllocation.findMany({
          where: {
            transactionId: { in: rows.map((r) => r.id) },
            merchantId,
            kind: { in: ["payment", "credit"] },
            transaction: { virtualAccountId: { not: null } },
          },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: { transactionId: true, kind: true, invoice: { select: { id: true, invoiceNumber: true } } },
        })
      : [],
  ]);
  // (No Map.groupBy: Node 20 lacks it.)
  const transfers = new Map<string, TransferAllocation[]>();
  for (const a of transferred) transfers.set(a.transactionId!, [...(transfers.get(a.transactionId!) ?? []), a]);
  const linkById = new Map(links.map((l) => [l.id, l]));
  const invoiceById = new Map(invoices.map((i) => [i.id, i]));
  const planByTransaction = new Map(subscribing.map((t) => [t.id, t]));

  const result = new Map<string, PaidFor>();
  for (const row of rows) {
    const link = row.paymentLinkId ? linkById.get(row.paymentLinkId) : undefined;
    const invoice = row.invoiceId ? invoiceById.get(row.invoiceId) : undefined;
    if (invoice) result.set(row.id, { kind: "invoice", label: `Invoice ${invoice.invoiceNumber}`, href: `/dashboard/invoices/${invoice.id}` });
    else if (link) result.set(row.id, { kind: "link", label: link.title, href: `/dashboard/payment-links/${link.id}` });
    else if (transfers.has(row.id)) result.set(row.id, transferPaidFor(transfers.get(row.id)!));
    else if (planByTransaction.has(row.id)) result.set(row.id, subscriptionPaidFor(planByTransaction.get(row.id)!));
    else if (row.description?.trim()) result.set(row.id, { kind: "description", label: row.description.trim(), href: null });
  }
  return result;
}

type NamedPlan = { id: string; name: string };
type Subscribing = {
  subscriptionId: string | null;
  subscriptionPeriod: number | null;
  cardCheck: boolean;
  plan: NamedPlan | null;
  subscription: { plan: NamedPlan } | null;
};

/** "Gym membership, period 3" (its subscription), "Gym membership: card check", or the plan subscribed to. */
function subscriptionPaidFor(t: Subscribing): PaidFor {
  // A renewal may name only its subscription; a subscribing payment names its plan.
  const plan = (t.subscription?.plan ?? t.plan)!;
  const label = t.cardCheck ? `${plan.name}: card check` : t.subscriptionPeriod ? `${plan.name}, period ${t.subscriptionPeriod}` : plan.name;
  const href = t.subscriptionId ? `/dashboard/subscriptions/${t.subscriptionId}` : `/dashboard/plans/${plan.id}`;
  return { kind: "subscription", label, href };
}

type TransferAllocation = { kind: string; invoice: { id: string; invoiceNumber: string } | null };

/** "Invoice INV-000042" (linked), "Invoices INV-000041, INV-000042 and credit", or "Customer credit". */
function transferPaidFor(allocations: TransferAllocation[]): PaidFor {
  const invoices = allocations.flatMap((a) => (a.invoice ? [a.invoice] : []));
  const credit = allocations.some((a) => a.kind === "credit");
  if (invoices.length === 0) return { kind: "transfer", label: "Customer credit", href: null };
  const numbers = invoices.map((i) => i.invoiceNumber).join(", ");
  const label = `${invoices.length === 1 ? "Invoice" : "Invoices"} ${numbers}${credit ? " and credit" : ""}`;
  return { kind: invoices.length === 1 ? "invoice" : "transfer", label, href: invoices.length === 1 ? `/dashboard/invoices/${invoices[0]!.id}` : null };
}
