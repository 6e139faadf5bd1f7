import Link from "next/link";
import { SearchX } from "lucide-react";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function PaymentLinkNotFound() {
  return (
    <EmptyState
      icon={<SearchX />}
      headingLevel="h2"
      title="Payment link not found"
      description="It may have been deleted, or belong to another business or to the other mode (test or live)."
      action={
        <Button asChild variant="outline">
          <Link href="/dashboard/payment-links">Back to payment links</Link>
        </Button>
      }
    />
  );
}
