"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Pause, Pencil, Play, Trash2 } from "lucide-react";

import { apiErrorMessage, sendJson } from "@/lib/http/client";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/toast";

export interface LinkActionsProps {
  merchantId: string;
  linkId: string;
  title: string;
  isActive: boolean;
  /** Links with payments keep their history: they can be deactivated, not deleted. */
  canDelete: boolean;
}

export function LinkActions({ merchantId, linkId, title, isActive, canDelete }: LinkActionsProps) {
  const router = useRouter();
  const [toggling, setToggling] = React.useState(false);
  const url = `/api/merchants/${encodeURIComponent(merchantId)}/payment-links/${encodeURIComponent(linkId)}`;

  async function toggle() {
    setToggling(true);
    const res = await sendJson("PATCH", url, { isActive: !isActive });
    setToggling(false);
    if (res.ok) {
      toast.success(isActive ? "Link deactivated" : "Link activated", {
        description: isActive ? "Customers can no longer pay through it." : "Customers can pay through it again.",
      });
      router.refresh();
      return;
    }
    toast.error(apiErrorMessage(res.status, res.data));
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={toggle} loading={toggling}>
        {isActive ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {isActive ? "Deactivate" : "Activate"}
      </Button>
      <Button asChild variant="outline">
        <Link href={`/dashboard/payment-links/${linkId}/edit`}>
          <Pencil aria-hidden="true" />
          Edit
        </Link>
      </Button>
      {canDelete ? <DeleteLinkDialog url={url} title={title} /> : null}
    </div>
  );
}

function DeleteLinkDialog({ url, title }: { url: string; title: string }) {
  return (
    <ConfirmButton
      trigger={
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title="Delete this payment link?"
      description={`“${title}” has no payments. Deleting it cannot be undone, and anyone who opens it will see a not-found page.`}
      confirmLabel="Delete link"
      destructive
      method="DELETE"
      url={url}
      success="Payment link deleted"
      errorTitle="Not deleted"
      redirectTo="/dashboard/payment-links"
    />
  );
}
