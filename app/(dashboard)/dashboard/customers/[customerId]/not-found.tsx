import Link from "next/link";
import { SearchX } from "lucide-react";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function CustomerNotFound() {
  return (
    <EmptyState
      icon={<SearchX />}
      headingLevel="h2"
      title="Customer not found"
      description="They may belong to another business or to the other mode (test or live). Check the link, or search for them in your customers."
      action={
        <Button asChild variant="outline">
          <Link href="/dashboard/customers">Back to customers</Link>
        </Button>
      }
    />
  );
}
