import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ArrowLeft } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { LinkForm } from "@/components/payment-links/link-form";
import { roleCan } from "@/lib/auth/role-can";
import { getDashboardContext } from "@/lib/auth/session";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "New payment link" };

export default async function NewPaymentLinkPage() {
  const { merchant, role } = await getDashboardContext();
  if (!roleCan(role, "links:write")) redirect("/dashboard/payment-links");
  return (
    <div className="mx-auto max-w-2xl">
      <BackLink />
      <PageHeader
        title="New payment link"
        description={merchant.environment === "test" ? "A test-mode link: payments through it use test cards and move no money." : "Customers pay through it on any phone."}
      />
      <LinkForm mode="create" merchantId={merchant.id} appUrl={config().appUrl} />
    </div>
  );
}

function BackLink() {
  return (
    <Link
      href="/dashboard/payment-links"
      className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:min-h-9"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Payment links
    </Link>
  );
}
