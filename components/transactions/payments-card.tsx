import type * as React from "react";

import { LagosTime, TransactionStatusBadge } from "@/components/transactions/transaction-display";
import { TransactionLinkList } from "@/components/transactions/transaction-link-list";
import { DetailCard } from "@/components/dashboard/detail-parts";
import { CardContent } from "@/components/ui/card";
import { formatNaira } from "@/lib/utils";

interface Attempt {
  id: string;
  reference: string;
  customerEmail?: string;
  amount: bigint | number;
  /** Tells "Partially refunded" from "Refunded". */
  refundedAmount?: bigint | number;
  status: string;
  createdAt: Date;
}

export interface PaymentsCardProps {
  payments: Attempt[];
  /** What names each payment: its reference (an invoice's attempts) or the payer (a link's payments). */
  show: "reference" | "email";
  description: string;
  /** Under the list, e.g. that only the latest are shown. */
  footer?: React.ReactNode;
}

/** The "Payments" card of an invoice or a payment link: per payment, who or which reference, when, how much, status. */
export function PaymentsCard({ payments, show, description, footer }: PaymentsCardProps) {
  return (
    <DetailCard title="Payments" description={description}>
      {payments.length > 0 ? (
        <CardContent className="px-0 pb-2 sm:px-0">
          <PaymentRows payments={payments} show={show} />
          {footer}
        </CardContent>
      ) : null}
    </DetailCard>
  );
}

function PaymentRows({ payments, show }: Pick<PaymentsCardProps, "payments" | "show">) {
  return (
    <TransactionLinkList
      transactions={payments}
      className="border-t"
      rowClassName="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 sm:px-6"
      row={(t) => (
        <>
          <span className="min-w-0">
            {show === "reference" ? (
              <span className="block truncate font-mono text-xs">{t.reference}</span>
            ) : (
              <span className="block truncate text-sm">{t.customerEmail}</span>
            )}
            <span className="block text-xs text-muted-foreground">
              <LagosTime value={t.createdAt} />
            </span>
          </span>
          <span className="flex items-center gap-3">
            <span className="font-medium tabular-nums">{formatNaira(Number(t.amount))}</span>
            <TransactionStatusBadge transaction={t} />
          </span>
        </>
      )}
    />
  );
}
