import type { TransactionTotals } from "@/lib/payments/queries";
import { formatNaira } from "@/lib/utils";

const count = new Intl.NumberFormat("en-NG");

/** "1,204". */
export const formatCount = (n: number) => count.format(n);

/** Every page of the filter at once: how many, what they add up to, and how much of that was paid. */
export function TotalsLine({ totals, filtered }: { totals: TransactionTotals; filtered: boolean }) {
  const allPaid = totals.paidCount === totals.count;
  return (
    <p className="border-b px-4 py-3 text-sm" data-testid="transaction-totals">
      <span className="font-medium">
        {count.format(totals.count)} {totals.count === 1 ? "transaction" : "transactions"}
      </span>
      {filtered ? " match" : ""} · <span className="font-medium tabular-nums">{formatNaira(Number(totals.amount))}</span>
      {allPaid ? (
        totals.count > 0 ? (
          " paid"
        ) : (
          ""
        )
      ) : (
        <span className="text-muted-foreground">
          {" "}
          in total, <span className="tabular-nums">{formatNaira(Number(totals.paidAmount))}</span> of it paid
        </span>
      )}
    </p>
  );
}
