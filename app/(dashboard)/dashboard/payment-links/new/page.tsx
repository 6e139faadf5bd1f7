import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { BackLink } from "@/components/dashboard/back-link";
import { PageHeader } from "@/components/dashboard/page-header";
import { LinkForm } from "@/components/payment-links/link-form";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "New payment link" };

export default async function NewPaymentLinkPage() {
  const { merchant, role } = await getDashboardContext();
  if (!roleCan(role, "links:write")) redirect("/dashboard/payment-links");
  return (
    <div className="mx-auto max-w-2xl">
      <BackLink href="/dashboard/payment-links">Payment links</BackLink>
      <PageHeader
        title="New payment link"
        description={
          merchant.environment === "test" ? "A test-mode link: payments through it use test cards and move no money." : "Customers pay through it on any phone."
        }
      />
      <LinkForm mode="create" merchantId={merchant.id} appUrl={config().appUrl} />
    </div>
  );
}
