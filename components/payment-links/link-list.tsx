import { Link2 } from "lucide-react";

import type { ListDefinition } from "@/components/dashboard/resource-list";
import { CardTop, nameColumn } from "@/components/dashboard/row-list";
import { LinkStatusBadge, linkAmountLabel } from "@/components/payment-links/link-display";
import { LagosTime } from "@/components/transactions/transaction-display";
import type { LinkResponse } from "@/lib/links/serializers";
import { availabilityOf } from "@/lib/links/service";

export const LINKS_PATH = "/dashboard/payment-links";

/** The payment links list; its page filters it by status (the Active and Inactive tabs). */
export const LINK_LIST: ListDefinition<LinkResponse, "active" | "inactive"> = {
  path: LINKS_PATH,
  noun: ["payment link", "payment links"],
  olderLabel: "Older links",
  columns: [
    nameColumn(
      "Title",
      (link) => link.title,
      (link) => <span className="block truncate font-mono text-xs text-muted-foreground">/pay/{link.slug}</span>,
    ),
    { header: "Amount", numeric: true, cell: (link) => linkAmountLabel(link.amount) },
    { header: "Status", cell: (link) => <LinkStatusBadge availability={availabilityOf(link)} /> },
    { header: "Visits", numeric: true, cell: (link) => link.visitCount },
    {
      header: "Payments",
      numeric: true,
      cell: (link) => (
        <>
          {link.completedPayments}
          {link.maxPayments !== null ? <span className="text-muted-foreground"> / {link.maxPayments}</span> : null}
        </>
      ),
    },
    { header: "Created", className: "text-muted-foreground", cell: (link) => <LagosTime value={link.createdAt} /> },
  ],
  card: (link) => (
    <>
      <CardTop>
        <span className="truncate font-medium">{link.title}</span>
        <LinkStatusBadge availability={availabilityOf(link)} />
      </CardTop>
      <span className="text-sm tabular-nums">{linkAmountLabel(link.amount)}</span>
      <span className="text-xs text-muted-foreground">
        {link.visitCount} {link.visitCount === 1 ? "visit" : "visits"} · {link.completedPayments} {link.completedPayments === 1 ? "payment" : "payments"} ·{" "}
        <LagosTime value={link.createdAt} />
      </span>
    </>
  ),
  empty: {
    icon: <Link2 />,
    title: "No payment links yet",
    description: "Create a link for a product, service or donation and share it anywhere: WhatsApp, Instagram, a printed QR code.",
  },
  filtered: (status) => ({ title: `No ${status} payment links`, clearLabel: "Show all links" }),
};
