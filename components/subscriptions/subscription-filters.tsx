import { ChoiceFilter, ClearFilters, FilterForm } from "@/components/dashboard/filter-form";
import { SearchInput } from "@/components/dashboard/search-input";
import { SUBSCRIPTIONS_PATH, SUBSCRIPTION_STATUS_OPTIONS } from "@/components/subscriptions/subscription-display";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";

export type SubscriptionFilterValues = { status?: string; planId?: string; email?: string };

/** The status and plan apply as soon as they change; the e-mail on Enter or Filter. */
export function SubscriptionFilters({ values, plans }: { values: SubscriptionFilterValues; plans: { id: string; name: string }[] }) {
  const filtered = Boolean(values.status || values.planId || values.email);
  return (
    <FilterForm
      id="subscription-filters"
      action={SUBSCRIPTIONS_PATH}
      label="Filter subscriptions"
      values={values}
      className="md:grid-cols-[1fr_1fr_2fr] md:items-end"
    >
      <ChoiceFilter id="sub-status" name="status" label="Status" value={values.status} options={SUBSCRIPTION_STATUS_OPTIONS} />
      <ChoiceFilter
        id="sub-plan"
        name="planId"
        label="Plan"
        value={values.planId}
        options={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
        allLabel="All plans"
      />
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="sub-email">Customer e-mail</Label>
        <div className="flex gap-2">
          <SearchInput
            id="sub-email"
            name="email"
            defaultValue={values.email}
            maxLength={254}
            placeholder="e.g. ngozi or @school.ng"
            className="min-w-0 flex-1"
          />
          <Button type="submit">Filter</Button>
        </div>
      </div>
      {filtered ? <ClearFilters href={SUBSCRIPTIONS_PATH} className="md:col-span-3" /> : null}
    </FilterForm>
  );
}
