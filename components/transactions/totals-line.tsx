import type { TransactionTotals } from "@/lib/payments/queries";
import { formatNaira } from "@/lib/utils";

const count = new Intl.NumberFormat("en-NG");

/** "1,204". */
export const formatCount = (n: number) => count.format(n);

/** Every page of the filter at once: how many, and the money received from them (net of refunds). */
export function TotalsLine({ totals, filtered }: { totals: TransactionTotals; filtered: boolean }) {
  return (
    <p className="border-b px-4 py-3 text-sm" data-testid="transaction-totals">
      <span className="font-medium">
        {count.format(totals.count)} {totals.count === 1 ? "transaction" : "transactions"}
      </span>
      {filtered ? " match" : ""} · <span className="font-medium tabular-nums">{formatNaira(Number(totals.received))}</span> received
      {totals.paidCount > 0 && totals.paidCount < totals.count ? (
        <span className="text-muted-foreground"> from {count.format(totals.paidCount)} paid</span>
      ) : null}
    </p>
  );
}
