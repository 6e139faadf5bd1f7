"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Ban, Download, ExternalLink, Eye, Pencil, Send } from "lucide-react";

import { apiErrorMessage, sendJson } from "@/lib/http/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { toast } from "@/components/ui/toast";

export interface InvoiceActionsProps {
  merchantId: string;
  invoiceId: string;
  invoiceNumber: string;
  status: "DRAFT" | "SENT" | "PAID" | "OVERDUE" | "VOID";
  customerEmail: string;
  /** Whether this member may send, void and edit (invoices:write). */
  canWrite: boolean;
}

export function InvoiceActions({ merchantId, invoiceId, invoiceNumber, status, customerEmail, canWrite }: InvoiceActionsProps) {
  const router = useRouter();
  const [sending, setSending] = React.useState(false);
  const base = `/api/merchants/${encodeURIComponent(merchantId)}/invoices/${encodeURIComponent(invoiceId)}`;
  const sendable = canWrite && (status === "DRAFT" || status === "SENT" || status === "OVERDUE");
  const voidable = canWrite && (status === "DRAFT" || status === "SENT" || status === "OVERDUE");

  async function send() {
    setSending(true);
    const res = await sendJson("POST", `${base}/send`, {});
    setSending(false);
    if (res.ok) {
      toast.success(status === "DRAFT" ? "Invoice sent" : "Invoice re-sent", { description: `We e-mailed ${customerEmail} a link to pay.` });
      router.refresh();
      return;
    }
    toast.error(apiErrorMessage(res.status, res.data));
  }

  return (
    <div className="flex flex-wrap gap-2">
      {sendable ? (
        <Button onClick={send} loading={sending}>
          <Send aria-hidden="true" />
          {status === "DRAFT" ? "Send" : "Re-send"}
        </Button>
      ) : null}
      {canWrite && status === "DRAFT" ? (
        <Button asChild variant="outline">
          <Link href={`/dashboard/invoices/${invoiceId}/edit`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="outline">
        <a href={`${base}/pdf`} download={`${invoiceNumber}.pdf`}>
          <Download aria-hidden="true" />
          PDF
        </a>
      </Button>
      {status === "DRAFT" ? (
        <Button asChild variant="outline">
          <Link href={`/dashboard/invoices/${invoiceId}/preview`}>
            <Eye aria-hidden="true" />
            Preview
          </Link>
        </Button>
      ) : (
        <Button asChild variant="outline">
          <a href={`/invoice/${invoiceId}`} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            View as customer
          </a>
        </Button>
      )}
      {voidable ? <VoidDialog url={`${base}/void`} invoiceNumber={invoiceNumber} /> : null}
    </div>
  );
}

function VoidDialog({ url, invoiceNumber }: { url: string; invoiceNumber: string }) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [voiding, setVoiding] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  async function confirm() {
    setVoiding(true);
    setError(null);
    const res = await sendJson("POST", url, {});
    setVoiding(false);
    if (res.ok) {
      setOpen(false);
      toast.success(`${invoiceNumber} voided`);
      router.refresh();
      return;
    }
    setError(apiErrorMessage(res.status, res.data));
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !voiding && (setOpen(next), setError(null))}>
      <DialogTrigger asChild>
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Ban aria-hidden="true" />
          Void
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Void {invoiceNumber}?</DialogTitle>
          <DialogDescription>
            The customer will no longer be able to pay it, and it cannot be un-voided. The invoice stays in your records.
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="error" title="Not voided">
            {error}
          </Alert>
        ) : null}
        <DialogActions busy={voiding} onConfirm={confirm} variant="destructive" cancelLabel="Keep invoice">
          Void invoice
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
