"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Pause, Pencil, Play, Trash2 } from "lucide-react";

import { apiErrorMessage, sendJson } from "@/lib/http/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
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
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [deleting, setDeleting] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  async function remove() {
    setDeleting(true);
    setError(null);
    const res = await sendJson("DELETE", url);
    setDeleting(false);
    if (res.ok) {
      setOpen(false);
      toast.success("Payment link deleted");
      router.push("/dashboard/payment-links");
      router.refresh();
      return;
    }
    setError(apiErrorMessage(res.status, res.data));
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !deleting && (setOpen(next), setError(null))}>
      <DialogTrigger asChild>
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this payment link?</DialogTitle>
          <DialogDescription>
            “{title}” has no payments. Deleting it cannot be undone, and anyone who opens it will see a not-found page.
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="error" title="Not deleted">
            {error}
          </Alert>
        ) : null}
        <DialogActions busy={deleting} onConfirm={remove} variant="destructive">
          Delete link
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
