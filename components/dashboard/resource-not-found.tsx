import Link from "next/link";
import { SearchX } from "lucide-react";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** What each detail page says when its id is unknown, another business's, or the other mode's. */
const TEXT = {
  customer: {
    title: "Customer not found",
    description: "They may belong to another business or to the other mode (test or live). Check the link, or search for them in your customers.",
    back: ["/dashboard/customers", "Back to customers"],
  },
  invoice: {
    title: "Invoice not found",
    description: "It may belong to another business or to the other mode (test or live). Check the link, or find it in your invoices.",
    back: ["/dashboard/invoices", "Back to invoices"],
  },
  paymentLink: {
    title: "Payment link not found",
    description: "It may have been deleted, or belong to another business or to the other mode (test or live).",
    back: ["/dashboard/payment-links", "Back to payment links"],
  },
  payout: {
    title: "Payout not found",
    description: "It may belong to another business or to the other mode (test or live). Check the link, or find it in your payouts.",
    back: ["/dashboard/payouts", "Back to payouts"],
  },
  transaction: {
    title: "Transaction not found",
    description: "It may belong to another business or to the other mode (test or live). Check the link, or find it in your transactions.",
    back: ["/dashboard/transactions", "Back to transactions"],
  },
} satisfies Record<string, { title: string; description: string; back: [href: string, label: string] }>;

/** A detail page's not-found card, with the way back to its list. */
export function ResourceNotFound({ kind }: { kind: keyof typeof TEXT }) {
  const { title, description, back } = TEXT[kind];
  return (
    <EmptyState
      icon={<SearchX />}
      headingLevel="h2"
      title={title}
      description={description}
      action={
        <Button asChild variant="outline">
          <Link href={back[0]}>{back[1]}</Link>
        </Button>
      }
    />
  );
}
