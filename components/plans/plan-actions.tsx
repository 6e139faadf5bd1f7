"use client";

import { ActiveToggleButton, EditButton } from "@/components/ui/action-buttons";
import { useApiAction } from "@/components/ui/use-api-action";

/** Turn a plan off (no new subscribers; current ones renew) or on again, and edit it. */
export function PlanActions({ merchantId, planId, active }: { merchantId: string; planId: string; active: boolean }) {
  const toggle = useApiAction();

  const onToggle = () =>
    void toggle.run(
      "PUT",
      `/api/merchants/${encodeURIComponent(merchantId)}/plans/${encodeURIComponent(planId)}`,
      { active: !active },
      active ? "Plan turned off" : "Plan turned on",
      active ? "It takes no new subscribers; current subscribers keep renewing." : "Customers can subscribe again.",
    );

  return (
    <div className="flex flex-wrap gap-2">
      <ActiveToggleButton active={active} busy={toggle.busy} onClick={onToggle} labels={["Turn off", "Turn on"]} />
      <EditButton href={`/dashboard/plans/${planId}/edit`} />
    </div>
  );
}
