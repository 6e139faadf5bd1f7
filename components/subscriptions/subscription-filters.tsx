import Form from "next/form";
import { FilterX } from "lucide-react";

import { SearchInput } from "@/components/dashboard/search-input";
import { SUBSCRIPTIONS_PATH, SUBSCRIPTION_STATUS_OPTIONS } from "@/components/subscriptions/subscription-display";
import { SubmitOnChange } from "@/components/transactions/submit-on-change";
import { Button } from "@/components/ui/button";
import { IntentLink } from "@/components/ui/intent-link";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

const FORM_ID = "subscription-filters";

export type SubscriptionFilterValues = { status?: string; planId?: string; email?: string };

/**
 * A GET form (next/form: a client-side navigation with JavaScript, a plain GET without it). The
 * status and plan apply as soon as they change; the e-mail on Enter or Filter.
 */
export function SubscriptionFilters({ values, plans }: { values: SubscriptionFilterValues; plans: { id: string; name: string }[] }) {
  const filtered = Boolean(values.status || values.planId || values.email);
  return (
    <Form
      key={new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => Boolean(e[1]))).toString()}
      id={FORM_ID}
      action={SUBSCRIPTIONS_PATH}
      role="search"
      aria-label="Filter subscriptions"
      className="mb-4 grid gap-3 rounded-xl border bg-card p-4 shadow-card md:grid-cols-[1fr_1fr_2fr] md:items-end"
    >
      <SubmitOnChange formId={FORM_ID} />
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="sub-status">Status</Label>
        <NativeSelect id="sub-status" name="status" defaultValue={values.status ?? ""}>
          <option value="">All</option>
          {SUBSCRIPTION_STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="sub-plan">Plan</Label>
        <NativeSelect id="sub-plan" name="planId" defaultValue={values.planId ?? ""}>
          <option value="">All plans</option>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </NativeSelect>
      </div>
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
      {filtered ? (
        <p className="text-sm md:col-span-3">
          <IntentLink
            href={SUBSCRIPTIONS_PATH}
            className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline md:min-h-9"
          >
            <FilterX className="size-4" aria-hidden="true" />
            Clear filters
          </IntentLink>
        </p>
      ) : null}
    </Form>
  );
}
