import type { Metadata } from "next";
import { Download } from "lucide-react";

import { loadWithCursor, type SearchParams } from "@/components/dashboard/list-params";
import { PageHeader } from "@/components/dashboard/page-header";
import { FilterBar } from "@/components/transactions/filter-bar";
import { FILTER_KEYS, exportHref, parseFilters, readParams } from "@/components/transactions/list-params";
import { TransactionList } from "@/components/transactions/transaction-list";
import { Button } from "@/components/ui/button";
import { getDashboardContext } from "@/lib/auth/session";
import { paidForByTransaction } from "@/lib/payments/paid-for";
import { listTransactions, transactionTotals } from "@/lib/payments/queries";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { merchant } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const { query, valid, problems } = parseFilters(readParams(await searchParams));
  const filtered = FILTER_KEYS.some((key) => valid[key]);
  const { page, cursorExpired } = await loadWithCursor(query.cursor, (cursor) => listTransactions(scope, { ...query, cursor }));
  if (cursorExpired) delete valid.cursor;
  const [totals, paidFor] = await Promise.all([transactionTotals(scope, query), paidForByTransaction(merchant.id, page.data)]);

  return (
    <>
      <PageHeader
        title="Transactions"
        actions={
          <Button asChild variant="outline">
            {/* A plain download: the API streams the file, with the same filters as this page. */}
            <a href={exportHref(merchant.id, valid)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
        description={
          merchant.environment === "test"
            ? "Test-mode payments to your business, newest first. No real money moved."
            : "Every payment made to your business, with its status and reference."
        }
      />
      <FilterBar params={valid} filtered={filtered} />
      <TransactionList page={page} totals={totals} paidFor={paidFor} params={valid} filtered={filtered} ignored={problems} cursorExpired={cursorExpired} />
    </>
  );
}
