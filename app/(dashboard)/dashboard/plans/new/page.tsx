import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { BackLink } from "@/components/dashboard/back-link";
import { PageHeader } from "@/components/dashboard/page-header";
import { PLANS_PATH } from "@/components/plans/plan-display";
import { PlanForm } from "@/components/plans/plan-form";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";

export const metadata: Metadata = { title: "New plan" };

export default async function NewPlanPage() {
  const { merchant, role } = await getDashboardContext();
  if (!roleCan(role, "plans:write")) redirect(PLANS_PATH);
  return (
    <div className="mx-auto max-w-2xl">
      <BackLink href={PLANS_PATH}>Plans</BackLink>
      <PageHeader
        title="New plan"
        description={
          merchant.environment === "test"
            ? "A test-mode plan: subscriptions to it use test cards and move no money."
            : "Customers subscribe on its page and are charged each period on their saved card."
        }
      />
      <PlanForm mode="create" merchantId={merchant.id} />
    </div>
  );
}
