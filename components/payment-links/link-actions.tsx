"use client";

import { Trash2 } from "lucide-react";

import { ActiveToggleButton, DangerButton, EditButton } from "@/components/ui/action-buttons";
import { ConfirmButton } from "@/components/ui/confirm-button";

export interface LinkActionsProps {
  merchantId: string;
  linkId: string;
  title: string;
  isActive: boolean;
  /** Links with payments keep their history: they can be deactivated, not deleted. */
  canDelete: boolean;
}

export function LinkActions({ merchantId, linkId, title, isActive, canDelete }: LinkActionsProps) {
  const url = `/api/merchants/${encodeURIComponent(merchantId)}/payment-links/${encodeURIComponent(linkId)}`;

  return (
    <div className="flex flex-wrap gap-2">
      <ActiveToggleButton
        active={isActive}
        labels={["Deactivate", "Activate"]}
        method="PATCH"
        url={url}
        body={(active) => ({ isActive: active })}
        toasts={{ off: ["Link deactivated", "Customers can no longer pay through it."], on: ["Link activated", "Customers can pay through it again."] }}
      />
      <EditButton href={`/dashboard/payment-links/${linkId}/edit`} />
      {canDelete ? <DeleteLinkDialog url={url} title={title} /> : null}
    </div>
  );
}

function DeleteLinkDialog({ url, title }: { url: string; title: string }) {
  return (
    <ConfirmButton
      trigger={<DangerButton icon={<Trash2 aria-hidden="true" />} label="Delete" />}
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
