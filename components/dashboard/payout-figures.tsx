import { Figure } from "@/components/dashboard/figure";
import { LagosDate } from "@/components/payouts/payout-display";
import { NextPayoutHint } from "@/components/payouts/payout-summary";
import type { PayoutSummary } from "@/lib/payouts/queries";
import { formatNaira } from "@/lib/utils";

export interface PayoutFiguresProps {
  summary: PayoutSummary;
  /** Put before the figures' test ids `next-payout` and `paid-out`: the overview's are `kpi-next-payout` and `kpi-paid-out`. */
  testIdPrefix?: string;
  /** The words before the last payout's date: "Last on" on the overview, "Last payout" on the Payouts page. */
  lastPaidWords: string;
}

/** "Next payout" and "Paid out" as two figures in a `<dl>`, as the overview and the Payouts page show them. */
export function PayoutFigures({ summary, testIdPrefix = "", lastPaidWords }: PayoutFiguresProps) {
  const { lastPaidAt } = summary.paidOut;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:gap-4">
      <Figure
        label="Next payout"
        value={formatNaira(Number(summary.nextPayout.amount))}
        hint={<NextPayoutHint summary={summary} />}
        testId={`${testIdPrefix}next-payout`}
      />
      <Figure
        label="Paid out"
        value={formatNaira(Number(summary.paidOut.amount))}
        hint={
          lastPaidAt ? (
            <>
              {lastPaidWords} <LagosDate value={lastPaidAt} />
            </>
          ) : (
            "Nothing paid out yet"
          )
        }
        testId={`${testIdPrefix}paid-out`}
      />
    </dl>
  );
}
