"use client";

import Link from "next/link";
import { Ban, Download, ExternalLink, Eye, Send } from "lucide-react";

import { DangerButton, EditButton } from "@/components/ui/action-buttons";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { useApiAction } from "@/components/ui/use-api-action";
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
  const sending = useApiAction();
  const base = `/api/merchants/${encodeURIComponent(merchantId)}/invoices/${encodeURIComponent(invoiceId)}`;
  const sendable = canWrite && (status === "DRAFT" || status === "SENT" || status === "PARTIALLY_PAID" || status === "OVERDUE");
  const voidable = canWrite && !hasPayments && (status === "DRAFT" || status === "SENT" || status === "OVERDUE");

  const send = () =>
    void sending.run("POST", `${base}/send`, {}, status === "DRAFT" ? "Invoice sent" : "Invoice re-sent", `We e-mailed ${customerEmail} a link to pay.`);

  return (
    <div className="flex flex-wrap gap-2">
      {sendable ? (
        <Button onClick={send} loading={sending.busy}>
          <Send aria-hidden="true" />
          {status === "DRAFT" ? "Send" : "Re-send"}
        </Button>
      ) : null}
      {canWrite && status === "DRAFT" ? <EditButton href={`/dashboard/invoices/${invoiceId}/edit`} /> : null}
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
      trigger={<DangerButton icon={<Ban aria-hidden="true" />} label="Void" />}
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
