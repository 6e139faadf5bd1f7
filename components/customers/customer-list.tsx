import { SearchX, UserRound } from "lucide-react";

import { LagosDay, paymentCountLabel } from "@/components/customers/customer-display";
import { ListAction, ResourceList, type CursorPaging } from "@/components/dashboard/resource-list";
import { CardTop, nameColumn, type Column } from "@/components/dashboard/row-list";
import type { CustomerResponse } from "@/lib/customers/serializers";
import { formatNaira } from "@/lib/utils";

export const CUSTOMERS_PATH = "/dashboard/customers";

const COLUMNS: Column<CustomerResponse>[] = [
  nameColumn(
    "Customer",
    (c) => c.name ?? c.email,
    (c) =>
      c.name ? (
        <span className="block truncate text-xs text-muted-foreground" title={c.email}>
          {c.email}
        </span>
      ) : null,
    { truncate: true },
  ),
  { header: "Total paid", numeric: true, className: "font-medium", cell: (c) => formatNaira(Number(c.totalPaid)) },
  { header: "Payments", numeric: true, cell: (c) => c.paymentCount.toLocaleString("en-NG") },
  // Credit (from bank transfers beyond what was owed): only where someone on the page has some.
  { header: "Credit", numeric: true, cell: (c) => (c.balance > 0n ? formatNaira(Number(c.balance)) : <span className="text-muted-foreground">—</span>) },
  { header: "First payment", className: "text-muted-foreground tabular-nums", cell: (c) => <LagosDay value={c.firstPaymentAt} /> },
  { header: "Last payment", className: "text-muted-foreground tabular-nums", cell: (c) => <LagosDay value={c.lastPaymentAt} /> },
];

function CustomerCard({ customer: c }: { customer: CustomerResponse }) {
  return (
    <>
      <CardTop>
        <span className="min-w-0 truncate font-medium">{c.name ?? c.email}</span>
        <span className="shrink-0 font-semibold tabular-nums">{formatNaira(Number(c.totalPaid))}</span>
      </CardTop>
      {c.name ? <span className="truncate text-sm text-muted-foreground">{c.email}</span> : null}
      <span className="text-xs text-muted-foreground">
        {c.lastPaymentAt ? (
          <>
            {paymentCountLabel(c.paymentCount)} · last <LagosDay value={c.lastPaymentAt} />
          </>
        ) : (
          "No payments yet"
        )}
        {c.balance > 0n ? ` · ${formatNaira(Number(c.balance))} credit` : ""}
      </span>
    </>
  );
}

export interface CustomerListProps {
  customers: CustomerResponse[];
  search: string | undefined;
  ignored: string[];
  cursorExpired: boolean;
  paging: CursorPaging;
}

export function CustomerList({ customers, search, ignored, cursorExpired, paging }: CustomerListProps) {
  const anyCredit = customers.some((c) => c.balance > 0n);
  return (
    <ResourceList
      list={{
        path: CUSTOMERS_PATH,
        label: search ? `Customers matching “${search}”` : "Customers",
        noun: ["customer", "customers"],
        olderLabel: "More customers",
        firstPageLabel: "Back to the top",
        columns: anyCredit ? COLUMNS : COLUMNS.filter((column) => column.header !== "Credit"),
        card: (c) => <CustomerCard customer={c} />,
        empty: {
          icon: <UserRound />,
          endTitle: "No more customers",
          title: "No customers yet",
          description: "When someone completes a payment through a payment link, an invoice or the API, they show up here with what they paid.",
        },
        filtered: () => ({
          icon: <SearchX />,
          title: "No customers match this search",
          description: "Search matches part of an e-mail address or a name. Try fewer letters.",
          clearLabel: "Clear search",
        }),
      }}
      rows={customers}
      filter={search}
      action={<ListAction href="/dashboard/payment-links">Create a payment link</ListAction>}
      ignored={ignored}
      cursorExpired={cursorExpired}
      paging={paging}
    />
  );
}
