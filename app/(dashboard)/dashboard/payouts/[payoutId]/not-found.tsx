import Link from "next/link";
import { SearchX } from "lucide-react";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function PayoutNotFound() {
  return (
    <EmptyState
      icon={<SearchX />}
      headingLevel="h2"
      title="Payout not found"
      description="It may belong to another business or to the other mode (test or live). Check the link, or find it in your payouts."
      action={
        <Button asChild variant="outline">
          <Link href="/dashboard/payouts">Back to payouts</Link>
        </Button>
      }
    />
  );
}
