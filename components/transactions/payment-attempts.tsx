import Link from "next/link";

import { LagosTime, TransactionStatusBadge } from "@/components/transactions/transaction-display";
import { formatNaira } from "@/lib/utils";

interface Attempt {
  id: string;
  reference: string;
  customerEmail?: string;
  amount: bigint | number;
  status: string;
  createdAt: Date;
}

/** The payments through one invoice or link, inside its card: who or which reference, when, how much, status. */
export function PaymentAttempts({ payments, show }: { payments: Attempt[]; show: "reference" | "email" }) {
  return (
    <ul className="divide-y border-t">
      {payments.map((t) => (
        <li key={t.id}>
          <Link
            href={`/dashboard/transactions/${t.id}`}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3 hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none sm:px-6"
          >
            <span className="min-w-0">
              {show === "reference" ? <span className="block truncate font-mono text-xs">{t.reference}</span> : <span className="block truncate text-sm">{t.customerEmail}</span>}
              <span className="block text-xs text-muted-foreground">
                <LagosTime value={t.createdAt} />
              </span>
            </span>
            <span className="flex items-center gap-3">
              <span className="font-medium tabular-nums">{formatNaira(Number(t.amount))}</span>
              <TransactionStatusBadge status={t.status} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
