import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeftRight } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Transactions" };

export default function TransactionsPage() {
  return (
    <>
      <PageHeader title="Transactions" description="Every payment made to your business, with its status and reference." />
      <EmptyState
        icon={<ArrowLeftRight />}
        title="No transactions yet"
        description="Payments your customers make through payment links, invoices or the API will show up here."
        action={
          <Button asChild variant="outline">
            <Link href="/dashboard/payment-links">Create a payment link</Link>
          </Button>
        }
      />
    </>
  );
}
