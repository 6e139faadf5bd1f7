import Link from "next/link";
import { ArrowRightLeft } from "lucide-react";

import { LagosTime, TransactionStatusBadge } from "@/components/transactions/transaction-display";
import type { PaymentAttemptOutcome } from "@/lib/db/generated/enums";
import { catalogEntry } from "@/lib/processors/catalog";
import type { SubscriptionCharge } from "@/lib/subscriptions/detail";
import { formatNaira } from "@/lib/utils";

/** A try at the processor, in the words of a saved-card charge. */
const OUTCOME: Record<PaymentAttemptOutcome, string> = {
  started: "charge sent",
  superseded: "charge sent, then replaced by a later try",
  unavailable: "unavailable",
  timeout: "did not answer in time",
  refused: "refused the charge",
  invalid_response: "answered something unreadable",
};

/** What the payment was for: a period's charge, or a ₦50 card check (a trial's start, a card update). */
function chargeTitle(c: SubscriptionCharge): string {
  if (c.cardCheck) return c.subscriptionPeriod === 0 ? "Card check for the free trial (refunded)" : "Card check for a new card (refunded)";
  if (c.subscriptionPeriod === 1) return "Period 1: first payment";
  if (c.subscriptionPeriod !== null) return `Period ${c.subscriptionPeriod}: renewal`;
  return "Payment";
}

/** Each payment tied to the subscription, newest first, with its tries at the processor (retries included). */
export function ChargeTimeline({ charges }: { charges: SubscriptionCharge[] }) {
  if (charges.length === 0) return <p className="text-sm text-muted-foreground">No charges yet.</p>;
  return (
    <ol className="grid gap-4" data-testid="charge-timeline">
      {charges.map((c) => (
        <li key={c.id} className="rounded-lg border p-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="text-sm font-medium">{chargeTitle(c)}</p>
              <Link
                href={`/dashboard/transactions/${c.id}`}
                className="break-all font-mono text-xs text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {c.reference}
              </Link>
              <p className="mt-0.5 text-xs text-muted-foreground tabular-nums">
                <LagosTime value={c.createdAt} />
                {c.completedAt ? (
                  <>
                    {" "}
                    · paid <LagosTime value={c.completedAt} />
                  </>
                ) : null}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2 sm:flex-col sm:items-end">
              <span className="text-sm font-medium tabular-nums">{formatNaira(Number(c.amount))}</span>
              <TransactionStatusBadge transaction={c} />
            </div>
          </div>
          {c.attempts.length > 0 ? (
            <ol className="mt-3 grid gap-2 border-t pt-3" aria-label="Tries at the processor">
              {c.attempts.map((a, index) => (
                <li key={a.id} className="flex gap-2 text-sm">
                  <ArrowRightLeft className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="min-w-0">
                    <p>
                      {index === 0 ? "Try 1" : `Retry ${index}`}: {catalogEntry(a.processor).displayName} {OUTCOME[a.outcome]}
                    </p>
                    {a.error ? <p className="break-words text-muted-foreground">{a.error}</p> : null}
                    <p className="text-xs text-muted-foreground tabular-nums">
                      <span className="break-all font-mono">{a.reference}</span> · <LagosTime value={a.createdAt} />
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
