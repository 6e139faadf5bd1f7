import { ChevronDown, SlidersHorizontal } from "lucide-react";

import { ChoiceFilter, ClearFilters, FilterForm } from "@/components/dashboard/filter-form";
import { SearchInput } from "@/components/dashboard/search-input";
import { TRANSACTIONS_PATH, type TransactionParams } from "@/components/transactions/list-params";
import { CHANNEL_OPTIONS, STATUS_OPTIONS } from "@/components/transactions/transaction-display";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The search box is always there; the other filters fold away on phones. */
export function FilterBar({ params, filtered }: { params: TransactionParams; filtered: boolean }) {
  const active = (["status", "channel", "from", "to"] as const).filter((key) => params[key]).length;
  return (
    <FilterForm id="transaction-filters" action={TRANSACTIONS_PATH} label="Filter transactions" values={params}>
      <div className="grid gap-2">
        <Label htmlFor="tx-q">Search</Label>
        <div className="flex gap-2">
          <SearchInput id="tx-q" name="q" defaultValue={params.q} maxLength={100} placeholder="Reference, e-mail or name" className="min-w-0 flex-1" />
          <Button type="submit">Search</Button>
        </div>
      </div>
      {/* Folded on phones; always open from xl up, where the summary that toggles it is hidden. */}
      <details className="group xl:[&::details-content]:[content-visibility:visible]">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring xl:hidden [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal className="size-4 text-muted-foreground" aria-hidden="true" />
          Filters
          {active > 0 ? <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">{active} on</span> : null}
          <ChevronDown className="ml-auto size-4 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="grid gap-3 pt-2 sm:grid-cols-2 xl:grid-cols-4 xl:items-end xl:pt-0">
          <ChoiceFilter id="tx-status" name="status" label="Status" value={params.status} options={STATUS_OPTIONS} />
          <ChoiceFilter id="tx-channel" name="channel" label="Method" value={params.channel} options={CHANNEL_OPTIONS} />
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="tx-from">From</Label>
            <Input id="tx-from" name="from" type="date" defaultValue={dateOnly(params.from)} />
          </div>
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="tx-to">To</Label>
            <Input id="tx-to" name="to" type="date" defaultValue={dateOnly(params.to)} />
          </div>
        </div>
      </details>
      {params.limit ? <input type="hidden" name="limit" value={params.limit} /> : null}
      {filtered ? <ClearFilters href={TRANSACTIONS_PATH} /> : null}
    </FilterForm>
  );
}

/** `<input type="date">` only takes YYYY-MM-DD; an ISO date-time from an API-style link shows its date part. */
function dateOnly(value: string | undefined): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
}
