"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Ban, Download, ExternalLink, Eye, Pencil, Send } from "lucide-react";

import { apiErrorMessage, sendJson } from "@/lib/http/client";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/toast";
import type { InvoiceStatusName } from "./invoice-display";

export interface InvoiceActionsProps {
  merchantId: string;
  invoiceId: string;
  invoiceNumber: string;
  status: InvoiceStatusName;
  customerEmail: string;
  /** Something was paid (amountPaid > 0): it can no longer be voided (refund the payments first). */
  hasPayments: boolean;
  /** Whether this member may send, void and edit (invoices:write). */
  canWrite: boolean;
}

export function InvoiceActions({ merchantId, invoiceId, invoiceNumber, status, customerEmail, hasPayments, canWrite }: InvoiceActionsProps) {
  const router = useRouter();
  const [sending, setSending] = React.useState(false);
  const base = `/api/merchants/${encodeURIComponent(merchantId)}/invoices/${encodeURIComponent(invoiceId)}`;
  const sendable = canWrite && (status === "DRAFT" || status === "SENT" || status === "PARTIALLY_PAID" || status === "OVERDUE");
  const voidable = canWrite && !hasPayments && (status === "DRAFT" || status === "SENT" || status === "OVERDUE");

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
  return (
    <ConfirmButton
      trigger={
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Ban aria-hidden="true" />
          Void
        </Button>
      }
      title={`Void ${invoiceNumber}?`}
      description="The customer will no longer be able to pay it, and it cannot be un-voided. The invoice stays in your records."
      confirmLabel="Void invoice"
      cancelLabel="Keep invoice"
      destructive
      method="POST"
      url={url}
      body={{}}
      success={`${invoiceNumber} voided`}
      errorTitle="Not voided"
    />
  );
}
