import type { Metadata } from "next";

import { NewRecordPage } from "@/components/dashboard/new-record-page";
import { PLANS_PATH } from "@/components/plans/plan-display";
import { PlanForm } from "@/components/plans/plan-form";

export const metadata: Metadata = { title: "New plan" };

export default function NewPlanPage() {
  return (
    <NewRecordPage
      permission="plans:write"
      listPath={PLANS_PATH}
      listName="Plans"
      title="New plan"
      description={{
        test: "A test-mode plan: subscriptions to it use test cards and move no money.",
        live: "Customers subscribe on its page and are charged each period on their saved card.",
      }}
      width="max-w-2xl"
      form={(merchantId) => <PlanForm mode="create" merchantId={merchantId} />}
    />
  );
}
