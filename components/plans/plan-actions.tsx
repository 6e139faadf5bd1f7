"use client";

import { ActiveToggleButton, EditButton } from "@/components/ui/action-buttons";

/** Turn a plan off (no new subscribers; current ones renew) or on again, and edit it. */
export function PlanActions({ merchantId, planId, active }: { merchantId: string; planId: string; active: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <ActiveToggleButton
        active={active}
        labels={["Turn off", "Turn on"]}
        method="PUT"
        url={`/api/merchants/${encodeURIComponent(merchantId)}/plans/${encodeURIComponent(planId)}`}
        body={(on) => ({ active: on })}
        toasts={{
          off: ["Plan turned off", "It takes no new subscribers; current subscribers keep renewing."],
          on: ["Plan turned on", "Customers can subscribe again."],
        }}
      />
      <EditButton href={`/dashboard/plans/${planId}/edit`} />
    </div>
  );
}
