import { SearchInput } from "@/components/dashboard/search-input";
import { FilterActions } from "@/components/ui/filter-actions";
import { Label } from "@/components/ui/label";

/** A plain GET form: searching works before (or without) JavaScript. */
export function CustomerSearch({ basePath, search }: { basePath: string; search: string | undefined }) {
  return (
    <form
      method="get"
      action={basePath}
      role="search"
      aria-label="Search customers"
      className="mb-4 flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-card sm:flex-row sm:items-end"
    >
      <div className="grid min-w-0 flex-1 gap-2">
        <Label htmlFor="customer-search">Search by e-mail or name</Label>
        <SearchInput id="customer-search" name="search" defaultValue={search} maxLength={254} placeholder="e.g. ngozi or @gmail.com" />
      </div>
      <FilterActions label="Search" clearHref={search ? basePath : null} buttonClassName="flex-1 sm:flex-none" />
    </form>
  );
}
