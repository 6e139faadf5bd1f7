// "Next payout" and the payments no payout will include, as the overview and Payouts say them.
// No client code: server components only pass what payoutSummary answered.
import type * as React from "react";

import { PageLink } from "@/components/ui/page-link";
import { Alert } from "@/components/ui/alert";
import { lagosDay } from "@/lib/lagos-time";
import type { PayoutSummary } from "@/lib/payouts/queries";
import { formatNaira } from "@/lib/utils";

const count = new Intl.NumberFormat("en-NG");
const settlementDate = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export const paymentsCount = (n: number) => `${count.format(n)} ${n === 1 ? "payment" : "payments"}`;

/** A Lagos calendar day (YYYY-MM-DD) as "Fri 27 Nov 2026". */
export function SettlementDay({ day }: { day: string }) {
  return <time dateTime={day}>{settlementDate.format(new Date(`${day}T00:00:00Z`))}</time>;
}

/** The line under "Next payout": how many payments, when, and what comes in later payouts. */
export function NextPayoutHint({ summary, now = new Date() }: { summary: PayoutSummary; now?: Date }): React.ReactNode {
  const { nextPayout: next, laterPayouts: later } = summary;
  if (!next.expectedOn) return "No payments waiting to be paid out";
  // The job reads settlements at 11:00 Lagos; a day gone by without one is the processor's delay to say.
  const late = next.expectedOn < lagosDay(now);
  return (
    <>
      {paymentsCount(next.transactions)}, after fees · {late ? "was expected" : "expected"} <SettlementDay day={next.expectedOn} />
      {late ? ", not reported by the processor yet" : null}
      {later.transactions > 0 ? (
        <span className="block">
          Then {formatNaira(Number(later.amount))} from {paymentsCount(later.transactions)} in later payouts
        </span>
      ) : null}
    </>
  );
}

/** Says which payments no payout will include, why, and what the merchant can do. Nothing when there are none. */
export function NotPaidOutNotice({
  summary,
  test,
  listHref,
  className,
}: {
  summary: PayoutSummary;
  test: boolean;
  /** Where the payments are listed, when not on this page. */
  listHref?: string;
  className?: string;
}) {
  const { transactions, amount } = summary.notPaidOut;
  if (transactions === 0) return null;
  return (
    <Alert
      variant="warning"
      role="status"
      title={`${paymentsCount(transactions)} (${formatNaira(Number(amount))} after fees) won't be in any payout`}
      className={className}
      data-testid="not-paid-out"
    >
      {transactions === 1 ? "It was" : "They were"} made before your settlement account was set up with the payment processor, so the processor paid{" "}
      {transactions === 1 ? "it" : "them"} to Paylink&apos;s own account instead of yours.{" "}
      {test
        ? `${transactions === 1 ? "It is a test payment" : "They are test payments"}, so no real money moved. Payments made once your settlement account is set up are paid out.`
        : `Contact Paylink about ${transactions === 1 ? "it, quoting its reference" : "them, quoting their references"}.`}{" "}
      {listHref ? <PageLink href={listHref}>See which payments</PageLink> : null}
    </Alert>
  );
}
