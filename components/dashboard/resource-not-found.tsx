import Link from "next/link";
import { SearchX } from "lucide-react";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

const ELSEWHERE = "belong to another business or to the other mode (test or live).";

/** Each detail page's record: its name, its list (plural, and the path's last part), and what may have happened to it. */
const KINDS: Record<"customer" | "invoice" | "paymentLink" | "payout" | "plan" | "subscription" | "transaction", { name: string; list: string; why?: string }> =
  {
    customer: { name: "Customer", list: "customers", why: `They may ${ELSEWHERE} Check the link, or search for them in your customers.` },
    invoice: { name: "Invoice", list: "invoices" },
    paymentLink: { name: "Payment link", list: "payment links", why: `It may have been deleted, or ${ELSEWHERE}` },
    payout: { name: "Payout", list: "payouts" },
    plan: { name: "Plan", list: "plans" },
    subscription: { name: "Subscription", list: "subscriptions" },
    transaction: { name: "Transaction", list: "transactions" },
  };

/** A detail page's not-found card, with the way back to its list. */
export function ResourceNotFound({ kind }: { kind: keyof typeof KINDS }) {
  const { name, list, why } = KINDS[kind];
  return (
    <EmptyState
      icon={<SearchX />}
      headingLevel="h2"
      title={`${name} not found`}
      description={why ?? `It may ${ELSEWHERE} Check the link, or find it in your ${list}.`}
      action={
        <Button asChild variant="outline">
          <Link href={`/dashboard/${list.replace(" ", "-")}`}>Back to {list}</Link>
        </Button>
      }
    />
  );
}
