import { PageLink } from "@/components/ui/page-link";
import Form from "next/form";
import { ChevronDown, FilterX, SlidersHorizontal } from "lucide-react";

import { SearchInput } from "@/components/dashboard/search-input";
import { TRANSACTIONS_PATH, type TransactionParams } from "@/components/transactions/list-params";
import { SubmitOnChange } from "@/components/transactions/submit-on-change";
import { CHANNEL_OPTIONS, STATUS_OPTIONS } from "@/components/transactions/transaction-display";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

const FILTER_FORM = "transaction-filters";

/**
 * A GET form (next/form: a client-side navigation with JavaScript, a plain GET without it). The
 * search box is always there; the other filters fold away on phones and apply as soon as they change.
 */
export function FilterBar({ params, filtered }: { params: TransactionParams; filtered: boolean }) {
  const active = (["status", "channel", "from", "to"] as const).filter((key) => params[key]).length;
  return (
    // Keyed by the filters: a client-side navigation (Clear, back) remounts it with the URL's values.
    <Form
      key={new URLSearchParams(params).toString()}
      id={FILTER_FORM}
      action={TRANSACTIONS_PATH}
      role="search"
      aria-label="Filter transactions"
      className="mb-4 grid gap-3 rounded-xl border bg-card p-4 shadow-card"
    >
      <SubmitOnChange formId={FILTER_FORM} />
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
      {filtered ? (
        <p className="text-sm">
          <PageLink
            href={TRANSACTIONS_PATH}
            className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline md:min-h-9"
          >
            <FilterX className="size-4" aria-hidden="true" />
            Clear filters
          </PageLink>
        </p>
      ) : null}
    </Form>
  );
}

interface ChoiceFilterProps {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
}

function ChoiceFilter({ id, name, label, value, options }: ChoiceFilterProps) {
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} name={name} defaultValue={value ?? ""}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** `<input type="date">` only takes YYYY-MM-DD; an ISO date-time from an API-style link shows its date part. */
function dateOnly(value: string | undefined): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
}
