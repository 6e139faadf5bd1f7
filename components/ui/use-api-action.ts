"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { toast } from "@/components/ui/toast";
import { apiErrorMessage, sendJson } from "@/lib/http/client";

/** A one-click change (activate, send again…): toasts how it went and reloads the page's data on success. */
export function useApiAction() {
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);

  async function run(method: "POST" | "PUT" | "PATCH", url: string, body: unknown, success: string, description?: string) {
    setBusy(true);
    const res = await sendJson(method, url, body);
    setBusy(false);
    if (!res.ok) return toast.error(apiErrorMessage(res.status, res.data));
    toast.success(success, { description });
    router.refresh();
  }

  return { busy, run };
}
