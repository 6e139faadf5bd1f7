"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { toast } from "@/components/ui/toast";
import { sendJson } from "@/lib/http/client";
import { NativeSelect } from "@/components/ui/native-select";
import { failureMessage, ROLE_OPTIONS, roleName } from "./roles";

/** Changes a member's role as soon as another is picked. */
export function RoleSelect({ merchantId, membershipId, role, memberName }: { merchantId: string; membershipId: string; role: string; memberName: string }) {
  const router = useRouter();
  const [value, setValue] = React.useState(role);
  const [busy, setBusy] = React.useState(false);

  async function change(next: string) {
    const previous = value;
    setValue(next);
    setBusy(true);
    const res = await sendJson("PATCH", `/api/merchants/${merchantId}/members/${membershipId}`, { role: next });
    setBusy(false);
    if (!res.ok) {
      setValue(previous);
      toast.error("Role not changed", { description: failureMessage(res.status, res.data) });
      return;
    }
    toast.success(`${memberName} is now ${roleName(next)}`);
    router.refresh();
  }

  return (
    <NativeSelect
      aria-label={`Role of ${memberName}`}
      value={value}
      disabled={busy}
      onChange={(e) => void change(e.target.value)}
      className="min-w-36"
      options={ROLE_OPTIONS}
    />
  );
}
