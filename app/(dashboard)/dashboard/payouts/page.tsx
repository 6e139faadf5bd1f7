import type { Metadata } from "next";
import Link from "next/link";
import type * as React from "react";

import { cursorPaging, first, listHref, loadWithCursor, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { PayoutFigures } from "@/components/dashboard/payout-figures";
import { PAYOUTS_PATH, PayoutList } from "@/components/payouts/payout-list";
import { NotPaidOutNotice, paymentsCount } from "@/components/payouts/payout-summary";
import { LagosTime } from "@/components/transactions/transaction-display";
import { TransactionLinkList, TransactionRowText } from "@/components/transactions/transaction-link-list";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { getDashboardContext } from "@/lib/auth/session";
import { getSettlementAccount } from "@/lib/payouts/settlement-account";
import { listPayouts, paymentsNotPaidOut, payoutSummary, type PayoutSummary } from "@/lib/payouts/queries";
import type { TransactionResponse } from "@/lib/payments/serializers";
import { formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Payouts" };

/** Payments no payout will include, listed at most. */
const NOT_PAID_OUT_SHOWN = 20;

export default async function PayoutsPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const [{ page, cursor, cursorExpired }, summary, account, notPaidOut] = await Promise.all([
    loadWithCursor(first((await searchParams).cursor), (cursor) => listPayouts(scope, { cursor, limit: 25 })),
    payoutSummary(scope),
    getSettlementAccount(merchant.id),
    paymentsNotPaidOut(scope, NOT_PAID_OUT_SHOWN),
  ]);
  const test = merchant.environment === "test";

  return (
    <>
      <PageHeader
        title="Payouts"
        description={
          test
            ? "Test-mode settlements from the sandbox: completed test payments, paid the next business day. No real money moves."
            : "Money settled to your bank account: completed payments, paid the next business day, less fees."
        }
        actions={
          <Button asChild variant="outline">
            <Link href="/dashboard/settings/payouts">Settlement account</Link>
          </Button>
        }
      />

      {account ? null : (
        <Alert
          variant="warning"
          title="No settlement account yet"
          className="mb-4"
          action={
            <Button asChild size="sm">
              <Link href="/dashboard/settings/payouts">Add a settlement account</Link>
            </Button>
          }
        >
          Payouts need a bank account to go to. Add yours in Settings.
        </Alert>
      )}

      <section aria-labelledby="payout-figures" className="mb-6">
        <h2 id="payout-figures" className="sr-only">
          Payout figures
        </h2>
        <PayoutFigures summary={summary} lastPaidWords="Last payout" />
      </section>

      <NotPaidOut summary={summary} payments={notPaidOut} test={test} />

      <PayoutList
        payouts={page.data}
        test={test}
        cursorExpired={cursorExpired}
        paging={cursorPaging((cursor) => listHref(PAYOUTS_PATH, { cursor }), cursor, page.nextCursor)}
      />
    </>
  );
}

/** The payments no payout will include, with the reason: the newest NOT_PAID_OUT_SHOWN of them. */
function NotPaidOut({ summary, payments, test }: { summary: PayoutSummary; payments: TransactionResponse[]; test: boolean }) {
  if (payments.length === 0) return null;
  const more = summary.notPaidOut.transactions - payments.length;
  return (
    <section aria-labelledby="not-paid-out" className="mb-6">
      <h2 id="not-paid-out" className="mb-3 text-base font-semibold tracking-tight">
        Not in any payout
      </h2>
      <NotPaidOutNotice summary={summary} test={test} className="mb-3" />
      <TransactionLinkList
        transactions={payments}
        className="rounded-xl border bg-card shadow-card"
        rowClassName="flex items-center gap-3 px-4"
        row={(t) => (
          <TransactionRowText
            who={t.customerName ?? t.customerEmail}
            when={
              <>
                <span className="font-mono">{t.reference}</span> · <LagosTime value={t.completedAt ?? t.createdAt} />
              </>
            }
            amount={formatNaira(Number(t.netAmount))}
            under={<span className="text-xs text-muted-foreground">after fees</span>}
          />
        )}
      />
      {more > 0 ? <p className="mt-2 text-sm text-muted-foreground">And {paymentsCount(more)} more, made before these.</p> : null}
    </section>
  );
}
