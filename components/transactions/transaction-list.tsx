import { ArrowLeftRight, FilterX } from "lucide-react";

import { cursorPaging } from "@/components/dashboard/list-params";
import { ListAction, ResourceList } from "@/components/dashboard/resource-list";
import { AmountTop, linkColumn, type Column } from "@/components/dashboard/row-list";
import { TRANSACTIONS_PATH, transactionsHref, type TransactionParams } from "@/components/transactions/list-params";
import { TotalsLine, formatCount } from "@/components/transactions/totals-line";
import {
  AmountWithRefund,
  LagosTime,
  TransactionStatusBadge,
  formatLagosDateTime,
  paymentMethodLine,
  senderLine,
} from "@/components/transactions/transaction-display";
import type { PaidFor } from "@/lib/payments/paid-for";
import type { TransactionListPage, TransactionTotals } from "@/lib/payments/queries";
import type { TransactionResponse } from "@/lib/payments/serializers";
import { cn } from "@/lib/utils";

function PaidForText({ value, className }: { value: PaidFor | undefined; className?: string }) {
  if (!value) return null;
  return (
    <span className={cn("block truncate", className)} title={value.label}>
      {value.label}
    </span>
  );
}

/** "22 Nov 2026" over "14:05", keeping the table narrow enough for a laptop beside the sidebar. */
function LagosDateStacked({ value }: { value: Date }) {
  const [day, time] = formatLagosDateTime(value).split(", ");
  return (
    <time dateTime={value.toISOString()} className="block leading-5">
      <span className="block text-foreground">{day}</span>
      <span className="block text-xs">{time}</span>
    </time>
  );
}

function columns(paidFor: Map<string, PaidFor>): Column<TransactionResponse>[] {
  return [
    linkColumn("Reference", (t) => t.reference, "font-mono text-xs"),
    {
      header: "For",
      className: "max-w-48 whitespace-normal",
      cell: (t) => (paidFor.get(t.id) ? <PaidForText value={paidFor.get(t.id)} /> : <span className="text-muted-foreground">—</span>),
    },
    {
      header: "Customer",
      className: "max-w-56 whitespace-normal",
      cell: (t) => (
        <>
          <span className="block truncate" title={t.customerEmail}>
            {t.customerEmail}
          </span>
          {t.customerName ? <span className="block truncate text-xs text-muted-foreground">{t.customerName}</span> : null}
        </>
      ),
    },
    {
      header: "Amount",
      numeric: true,
      className: "font-medium",
      cell: (t) => <AmountWithRefund amount={t.amount} refunded={t.refundedAmount} />,
    },
    { header: "Status", cell: (t) => <TransactionStatusBadge transaction={t} /> },
    {
      header: "Method",
      className: "min-w-28 max-w-48 whitespace-normal text-muted-foreground",
      cell: (t) => (
        <>
          {paymentMethodLine(t.channel, t.paymentMethod)}
          {senderLine(t) ? <span className="block break-words text-xs">{senderLine(t)}</span> : null}
        </>
      ),
    },
    { header: "Date", className: "text-muted-foreground tabular-nums", cell: (t) => <LagosDateStacked value={t.createdAt} /> },
  ];
}

function TransactionCard({ transaction: t, paidFor }: { transaction: TransactionResponse; paidFor: PaidFor | undefined }) {
  return (
    <>
      <AmountTop amount={t.amount} badge={<TransactionStatusBadge transaction={t} />} />
      <PaidForText value={paidFor} className="text-sm font-medium" />
      <span className="truncate text-sm">
        {t.customerName ? `${t.customerName} · ` : ""}
        <span className="text-muted-foreground">{t.customerEmail}</span>
      </span>
      <span className="truncate font-mono text-xs text-muted-foreground">{t.reference}</span>
      <span className="text-xs text-muted-foreground">
        <LagosTime value={t.createdAt} /> · {paymentMethodLine(t.channel, t.paymentMethod)}
        {senderLine(t) ? ` ${senderLine(t)}` : ""}
      </span>
    </>
  );
}

/** "Showing all 12", or "Showing 25 of 1,204" when there are more pages. */
function showingText(shown: number, total: number, onLaterPage: boolean): string {
  if (shown === total) return total === 1 ? "Showing 1" : `Showing all ${formatCount(total)}`;
  return `Showing ${shown} of ${formatCount(total)}${onLaterPage ? " on this page" : ""}`;
}

export interface TransactionListProps {
  page: TransactionListPage;
  totals: TransactionTotals;
  paidFor: Map<string, PaidFor>;
  /** The filters as shown in the URL (without an expired cursor). */
  params: TransactionParams;
  filtered: boolean;
  ignored: string[];
  cursorExpired: boolean;
}

/** Phones, tablets and narrow laptops get one tappable card per transaction; from xl up, the table. */
export function TransactionList({ page, totals, paidFor, params, filtered, ignored, cursorExpired }: TransactionListProps) {
  const onLaterPage = Boolean(params.cursor);
  return (
    <ResourceList
      list={{
        path: TRANSACTIONS_PATH,
        label: "Results",
        noun: ["transaction", "transactions"],
        tableFrom: "xl",
        tableClassName: "[&_tbody_tr]:align-top",
        columns: columns(paidFor),
        card: (t) => <TransactionCard transaction={t} paidFor={paidFor.get(t.id)} />,
        empty: {
          icon: <ArrowLeftRight />,
          title: "No transactions yet",
          description: "Payments your customers make through payment links, invoices or the API will show up here.",
        },
        filtered: () => ({
          icon: <FilterX />,
          title: "No transactions match these filters",
          description: "Try a shorter search, another status or channel, or a wider date range.",
          clearLabel: "Clear filters",
        }),
      }}
      rows={page.data}
      filter={filtered}
      action={<ListAction href="/dashboard/payment-links">Create a payment link</ListAction>}
      header={<TotalsLine totals={totals} filtered={filtered} />}
      ignored={ignored}
      cursorExpired={cursorExpired}
      paging={{
        ...cursorPaging((cursor) => transactionsHref(params, { cursor }), params.cursor, page.nextCursor),
        summary: showingText(page.data.length, totals.count, onLaterPage),
      }}
    />
  );
}
