import type { Metadata } from "next";
import Link from "next/link";
import { Webhook } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader title="Webhooks" description="Get notified on your server the moment a payment succeeds or fails." />
      <EmptyState
        icon={<Webhook />}
        title="No webhook endpoints yet"
        description="Add an HTTPS endpoint to receive signed events such as charge.success. Every delivery attempt will be logged here."
        action={
          <Button asChild variant="outline">
            <Link href="/dashboard/developers">View API keys</Link>
          </Button>
        }
      />
    </>
  );
}
