// What each payment was for, in the dashboard's words: the payment link's title, the invoice's number,
// or the integrator's description, with where to find it. Two queries for a whole page of rows.
import { db } from "@/lib/db/client";

export type PaidFor = { label: string; href: string | null; kind: "link" | "invoice" | "description" };
type Row = { id: string; paymentLinkId: string | null; invoiceId: string | null; description: string | null };

/** Each row's PaidFor by transaction id (rows with nothing to say are left out); scoped to the merchant. */
export async function paidForByTransaction(merchantId: string, rows: readonly Row[]): Promise<Map<string, PaidFor>> {
  const linkIds = [...new Set(rows.flatMap((r) => (r.paymentLinkId ? [r.paymentLinkId] : [])))];
  const invoiceIds = [...new Set(rows.flatMap((r) => (r.invoiceId ? [r.invoiceId] : [])))];
  const [links, invoices] = await Promise.all([
    linkIds.length ? db.paymentLink.findMany({ where: { id: { in: linkIds }, merchantId }, select: { id: true, title: true } }) : [],
    invoiceIds.length ? db.invoice.findMany({ where: { id: { in: invoiceIds }, merchantId }, select: { id: true, invoiceNumber: true } }) : [],
  ]);
  const linkById = new Map(links.map((l) => [l.id, l]));
  const invoiceById = new Map(invoices.map((i) => [i.id, i]));

  const result = new Map<string, PaidFor>();
  for (const row of rows) {
    const link = row.paymentLinkId ? linkById.get(row.paymentLinkId) : undefined;
    const invoice = row.invoiceId ? invoiceById.get(row.invoiceId) : undefined;
    if (invoice) result.set(row.id, { kind: "invoice", label: `Invoice ${invoice.invoiceNumber}`, href: `/dashboard/invoices/${invoice.id}` });
    else if (link) result.set(row.id, { kind: "link", label: link.title, href: `/dashboard/payment-links/${link.id}` });
    else if (row.description?.trim()) result.set(row.id, { kind: "description", label: row.description.trim(), href: null });
  }
  return result;
}
