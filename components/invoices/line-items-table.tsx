import { formatQuantity } from "@/components/invoices/invoice-display";
import { lineTotal } from "@/lib/invoices/totals";
import { formatNaira } from "@/lib/utils";

export interface LineItemsTableProps {
  items: { description: string; amount: bigint | number; quantity: number }[];
  total: bigint | number;
}

/** Line items with unit price, quantity and line total; a stacked list on phones. */
export function LineItemsTable({ items, total }: LineItemsTableProps) {
  return (
    <div className="text-sm">
      <table className="w-full border-collapse">
        <thead className="sr-only sm:not-sr-only">
          <tr className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
            <th scope="col" className="pb-2 font-medium">
              Item
            </th>
            <th scope="col" className="hidden pb-2 text-right font-medium sm:table-cell">
              Unit price
            </th>
            <th scope="col" className="hidden pb-2 text-right font-medium sm:table-cell">
              Qty
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {items.map((item, index) => (
            <tr key={index} className="align-top">
              <td className="py-3 pr-3">
                <span className="block break-words">{item.description}</span>
                <span className="block text-xs text-muted-foreground tabular-nums sm:hidden">
                  {formatNaira(Number(item.amount))} × {formatQuantity(item.quantity)}
                </span>
              </td>
              <td className="hidden py-3 pr-3 text-right tabular-nums sm:table-cell">{formatNaira(Number(item.amount))}</td>
              <td className="hidden py-3 pr-3 text-right tabular-nums sm:table-cell">{formatQuantity(item.quantity)}</td>
              <td className="py-3 text-right font-medium tabular-nums">{formatNaira(Number(lineTotal(item.amount, item.quantity) ?? 0n))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2">
            <th scope="row" colSpan={3} className="hidden pt-3 text-right font-semibold sm:table-cell">
              Total
            </th>
            <th scope="row" className="pt-3 text-left font-semibold sm:hidden">
              Total
            </th>
            <td className="pt-3 text-right text-base font-semibold tabular-nums">{formatNaira(Number(total))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
