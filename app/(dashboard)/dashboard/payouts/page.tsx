import type { Metadata } from "next";
import Link from "next/link";
import type * as React from "react";

import { cursorPaging, first, listHref, loadWithCursor, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { LagosDate } from "@/components/payouts/payout-display";
import { PAYOUTS_PATH, PayoutList } from "@/components/payouts/payout-list";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { getDashboardContext } from "@/lib/auth/session";
import { getSettlementAccount } from "@/lib/payouts/settlement-account";
import { listPayouts, payoutSummary } from "@/lib/payouts/queries";
import { formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Payouts" };

const count = new Intl.NumberFormat("en-NG");

export default async function PayoutsPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const [{ page, cursor, cursorExpired }, summary, account] = await Promise.all([
    loadWithCursor(first((await searchParams).cursor), (cursor) => listPayouts(scope, { cursor, limit: 25 })),
    payoutSummary(scope),
    getSettlementAccount(merchant.id),
  ]);
  const test = merchant.environment === "test";

  return (
    <>
      <PageHeader
        title="Payouts"
        description={
          test
            ? "Test-mode settlements from the sandbox: each day's completed test payments, paid the next day. No real money moves."
            : "Money settled to your bank account: each payout pays the completed payments of a day, less fees."
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
        <dl className="grid grid-cols-2 gap-3 lg:gap-4">
          <Figure
            label="Next payout"
            value={formatNaira(Number(summary.nextPayout.amount))}
            hint={
              summary.nextPayout.transactions === 0
                ? "No completed payments waiting"
                : `${count.format(summary.nextPayout.transactions)} completed ${summary.nextPayout.transactions === 1 ? "payment" : "payments"}, after fees`
            }
          />
          <Figure
            label="Paid out"
            value={formatNaira(Number(summary.paidOut.amount))}
            hint={
              summary.paidOut.lastPaidAt ? (
                <>
                  Last payout <LagosDate value={summary.paidOut.lastPaidAt} />
                </>
              ) : (
                "Nothing paid out yet"
              )
            }
          />
        </dl>
      </section>

      <PayoutList
        payouts={page.data}
        test={test}
        cursorExpired={cursorExpired}
        paging={cursorPaging((cursor) => listHref(PAYOUTS_PATH, { cursor }), cursor, page.nextCursor)}
      />
    </>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint: React.ReactNode }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-card">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-2xl">{value}</dd>
      <dd className="mt-0.5 text-xs text-muted-foreground">{hint}</dd>
    </div>
  );
}
