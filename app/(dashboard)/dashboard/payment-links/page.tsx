import type { Metadata } from "next";
import { Link2 } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Payment links" };

export default function PaymentLinksPage() {
  return (
    <>
      <PageHeader title="Payment links" description="Shareable links that let customers pay you, no website needed." />
      <EmptyState
        icon={<Link2 />}
        title="No payment links yet"
        description="Create a link for a product, service or donation and share it anywhere. Your links will be listed here."
      />
    </>
  );
}
