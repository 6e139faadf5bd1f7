"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Pause, Pencil, Play } from "lucide-react";

import { apiErrorMessage, sendJson } from "@/lib/http/client";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";

/** Turn a plan off (no new subscribers; current ones renew) or on again, and edit it. */
export function PlanActions({ merchantId, planId, active }: { merchantId: string; planId: string; active: boolean }) {
  const router = useRouter();
  const [toggling, setToggling] = React.useState(false);

  async function toggle() {
    setToggling(true);
    const res = await sendJson("PUT", `/api/merchants/${encodeURIComponent(merchantId)}/plans/${encodeURIComponent(planId)}`, { active: !active });
    setToggling(false);
    if (res.ok) {
      toast.success(active ? "Plan turned off" : "Plan turned on", {
        description: active ? "It takes no new subscribers; current subscribers keep renewing." : "Customers can subscribe again.",
      });
      router.refresh();
      return;
    }
    toast.error(apiErrorMessage(res.status, res.data));
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={toggle} loading={toggling}>
        {active ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {active ? "Turn off" : "Turn on"}
      </Button>
      <Button asChild variant="outline">
        <Link href={`/dashboard/plans/${planId}/edit`}>
          <Pencil aria-hidden="true" />
          Edit
        </Link>
      </Button>
    </div>
  );
}
