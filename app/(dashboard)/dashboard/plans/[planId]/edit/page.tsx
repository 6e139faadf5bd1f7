import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { BackLink } from "@/components/dashboard/back-link";
import { findOrNotFound } from "@/components/dashboard/find-or-not-found";
import { PageHeader } from "@/components/dashboard/page-header";
import { PLANS_PATH } from "@/components/plans/plan-display";
import { PlanForm } from "@/components/plans/plan-form";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { getPlan } from "@/lib/subscriptions/plans";

export const metadata: Metadata = { title: "Edit plan" };

export default async function EditPlanPage({ params }: { params: Promise<{ planId: string }> }) {
  const { planId } = await params;
  const { merchant, role } = await getDashboardContext();
  const plan = await findOrNotFound(planId, (id) => getPlan({ merchantId: merchant.id, environment: merchant.environment }, id));
  if (!roleCan(role, "plans:write")) redirect(`${PLANS_PATH}/${plan.id}`);

  return (
    <div className="mx-auto max-w-2xl">
      <BackLink href={`${PLANS_PATH}/${plan.id}`}>{plan.name}</BackLink>
      <PageHeader title="Edit plan" description="A new price or trial applies to new subscribers; current subscribers keep theirs." />
      <PlanForm
        mode="edit"
        merchantId={merchant.id}
        planId={plan.id}
        plan={{ name: plan.name, description: plan.description, amount: plan.amount.toString(), interval: plan.interval, trialDays: plan.trialDays }}
      />
    </div>
  );
}
