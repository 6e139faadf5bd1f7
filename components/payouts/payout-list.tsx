import { Banknote } from "lucide-react";

import { ResourceList, type CursorPaging } from "@/components/dashboard/resource-list";
import { AmountTop, linkColumn, type Column } from "@/components/dashboard/row-list";
import { LagosDate, PayoutBank, PayoutStatusBadge } from "@/components/payouts/payout-display";
import type { toPayoutResponse } from "@/lib/payouts/serializers";
import { formatNaira } from "@/lib/utils";

export const PAYOUTS_PATH = "/dashboard/payouts";
type PayoutRow = ReturnType<typeof toPayoutResponse>;

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

const COLUMNS: Column<PayoutRow>[] = [
  linkColumn("Settled", (payout) => <PayoutDate payout={payout} />),
  { header: "Amount", numeric: true, className: "font-medium", cell: (payout) => formatNaira(Number(payout.amount)) },
  { header: "Status", cell: (payout) => <PayoutStatusBadge status={payout.status} /> },
  { header: "Bank account", cell: (payout) => <PayoutBank bankName={payout.bankName} last4={payout.accountNumberLast4} /> },
  { header: "Fees", numeric: true, className: "text-muted-foreground", cell: (payout) => formatNaira(Number(payout.fees)) },
];

function PayoutCard({ payout }: { payout: PayoutRow }) {
  return (
    <>
      <AmountTop amount={payout.amount} badge={<PayoutStatusBadge status={payout.status} />} />
      <span className="truncate text-sm">
        <PayoutBank bankName={payout.bankName} last4={payout.accountNumberLast4} />
      </span>
      <span className="text-xs text-muted-foreground">
        <PayoutDate payout={payout} />
      </span>
    </>
  );
}

export interface PayoutListProps {
  payouts: PayoutRow[];
  test: boolean;
  cursorExpired: boolean;
  paging: CursorPaging;
}

export function PayoutList({ payouts, test, cursorExpired, paging }: PayoutListProps) {
  return (
    <ResourceList
      list={{
        path: PAYOUTS_PATH,
        noun: ["payout", "payouts"],
        columns: COLUMNS,
        card: (payout) => <PayoutCard payout={payout} />,
        empty: {
          icon: <Banknote />,
          title: "No payouts yet",
          description: test
            ? "Completed test payments are settled the next business day after they are made (Lagos time; weekends and public holidays skipped), and each settlement shows up here with the payments it paid."
            : "Completed payments are settled to your bank account the next business day after they are made (Lagos time; weekends and public holidays skipped), less fees. Each payout shows up here with the payments it paid.",
        },
      }}
      rows={payouts}
      cursorExpired={cursorExpired}
      paging={paging}
    />
  );
}
