import type { Metadata } from "next";
import Link from "next/link";
import type * as React from "react";
import { Banknote, ChevronRight } from "lucide-react";

import { CursorPagination } from "@/components/dashboard/cursor-pagination";
import { PageHeader } from "@/components/dashboard/page-header";
import { LagosDate, PayoutBank, PayoutStatusBadge } from "@/components/payouts/payout-display";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiError } from "@/lib/api/errors";
import { getDashboardContext } from "@/lib/auth/session";
import { getSettlementAccount } from "@/lib/payouts/settlement-account";
import { listPayouts, payoutSummary } from "@/lib/payouts/queries";
import type { toPayoutResponse } from "@/lib/payouts/serializers";
import { formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Payouts" };

const BASE_PATH = "/dashboard/payouts";
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
type Scope = { merchantId: string; environment: "test" | "live" };
type PayoutRow = ReturnType<typeof toPayoutResponse>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
const href = (cursor?: string) => (cursor ? `${BASE_PATH}?cursor=${encodeURIComponent(cursor)}` : BASE_PATH);
const count = new Intl.NumberFormat("en-NG");

async function loadPage(scope: Scope, cursor: string | undefined) {
  try {
    return { page: await listPayouts(scope, { cursor, limit: 25 }), cursorExpired: false };
  } catch (error) {
    // A mangled "Older" link: start again from the newest.
    if (error instanceof ApiError && error.status === 400 && cursor) return { page: await listPayouts(scope, { limit: 25 }), cursorExpired: true };
    throw error;
  }
}

export default async function PayoutsPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const requested = first((await searchParams).cursor);
  const [{ page, cursorExpired }, summary, account] = await Promise.all([loadPage(scope, requested), payoutSummary(scope), getSettlementAccount(merchant.id)]);
  const cursor = cursorExpired ? undefined : requested;
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
            hint={summary.paidOut.lastPaidAt ? <>Last payout <LagosDate value={summary.paidOut.lastPaidAt} /></> : "Nothing paid out yet"}
          />
        </dl>
      </section>

      {cursorExpired ? (
        <Alert variant="warning" title="The page position in this link is not valid" className="mb-4">
          Showing the newest payouts instead.
        </Alert>
      ) : null}

      {page.data.length === 0 ? (
        cursor ? (
          <EmptyState
            icon={<Banknote />}
            title="No older payouts"
            description="You've reached the end of the list."
            action={
              <Button asChild variant="outline">
                <Link href={BASE_PATH}>Back to newest</Link>
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<Banknote />}
            title="No payouts yet"
            description={
              test
                ? "Completed test payments are settled the day after they are made (Lagos time), and each settlement shows up here with the payments it paid."
                : "Completed payments are settled to your bank account the day after they are made (Lagos time), less fees. Each payout shows up here with the payments it paid."
            }
          />
        )
      ) : (
        <section aria-labelledby="payout-results" className="rounded-xl border bg-card shadow-card">
          <h2 id="payout-results" className="sr-only">
            Payouts
          </h2>
          <PayoutTable payouts={page.data} />
          <PayoutCards payouts={page.data} />
          <CursorPagination
            count={page.data.length}
            noun={["payout", "payouts"]}
            onLaterPage={Boolean(cursor)}
            firstPageHref={BASE_PATH}
            nextPageHref={page.nextCursor ? href(page.nextCursor) : null}
            olderLabel="Older payouts"
          />
        </section>
      )}
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

const detailHref = (payout: PayoutRow) => `${BASE_PATH}/${payout.id}`;

/** The day it was settled, or when it was recorded if not settled yet. */
function PayoutDate({ payout }: { payout: PayoutRow }) {
  return payout.settledAt ? (
    <LagosDate value={payout.settledAt} />
  ) : (
    <span>
      Not settled yet<span className="sr-only">, recorded </span>
      <span aria-hidden="true"> · </span>
      <LagosDate value={payout.createdAt} />
    </span>
  );
}

function PayoutTable({ payouts }: { payouts: PayoutRow[] }) {
  return (
    <Table containerClassName="hidden lg:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Settled</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Bank account</TableHead>
          <TableHead className="text-right">Fees</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {payouts.map((payout) => (
          <TableRow key={payout.id}>
            <TableCell>
              <Link
                href={detailHref(payout)}
                className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <PayoutDate payout={payout} />
              </Link>
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">{formatNaira(Number(payout.amount))}</TableCell>
            <TableCell>
              <PayoutStatusBadge status={payout.status} />
            </TableCell>
            <TableCell>
              <PayoutBank bankName={payout.bankName} last4={payout.accountNumberLast4} />
            </TableCell>
            <TableCell className="text-right text-muted-foreground tabular-nums">{formatNaira(Number(payout.fees))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones and tablets: one tappable card per payout. */
function PayoutCards({ payouts }: { payouts: PayoutRow[] }) {
  return (
    <ul className="divide-y lg:hidden">
      {payouts.map((payout) => (
        <li key={payout.id}>
          <Link href={detailHref(payout)} className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none">
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-semibold tabular-nums">{formatNaira(Number(payout.amount))}</span>
                <PayoutStatusBadge status={payout.status} />
              </div>
              <span className="truncate text-sm">
                <PayoutBank bankName={payout.bankName} last4={payout.accountNumberLast4} />
              </span>
              <span className="text-xs text-muted-foreground">
                <PayoutDate payout={payout} />
              </span>
            </div>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
