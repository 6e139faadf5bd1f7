import type { Metadata } from "next";

import { NewRecordPage } from "@/components/dashboard/new-record-page";
import { LinkForm } from "@/components/payment-links/link-form";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "New payment link" };

export default function NewPaymentLinkPage() {
  return (
    <NewRecordPage
      permission="links:write"
      listPath="/dashboard/payment-links"
      listName="Payment links"
      title="New payment link"
      description={{
        test: "A test-mode link: payments through it use test cards and move no money.",
        live: "Customers pay through it on any phone.",
      }}
      width="max-w-2xl"
      form={(merchantId) => <LinkForm mode="create" merchantId={merchantId} appUrl={config().appUrl} />}
    />
  );
}
