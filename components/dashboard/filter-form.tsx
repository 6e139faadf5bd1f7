import Form from "next/form";
import type * as React from "react";
import { FilterX } from "lucide-react";

import { SubmitOnChange } from "@/components/transactions/submit-on-change";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { PageLink } from "@/components/ui/page-link";
import { cn } from "@/lib/utils";

export interface FilterFormProps {
  id: string;
  /** The list page the filters apply to. */
  action: string;
  label: string;
  /** The filters now on (from the URL). */
  values: Record<string, string | undefined>;
  className?: string;
  children: React.ReactNode;
}

/**
 * A list's filters as a GET form (next/form: a client-side navigation with JavaScript, a plain GET
 * without it); a select applies as soon as it changes, a search box on Enter or its button.
 */
export function FilterForm({ id, action, label, values, className, children }: FilterFormProps) {
  const key = new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return (
    // Keyed by the filters: a client-side navigation (Clear, back) remounts it with the URL's values.
    <Form
      key={key}
      id={id}
      action={action}
      role="search"
      aria-label={label}
      className={cn("mb-4 grid gap-3 rounded-xl border bg-card p-4 shadow-card", className)}
    >
      <SubmitOnChange formId={id} />
      {children}
    </Form>
  );
}

export interface ChoiceFilterProps {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty choice, which filters nothing. */
  allLabel?: string;
}

/** A labelled select among a filter's choices. */
export function ChoiceFilter({ id, name, label, value, options, allLabel = "All" }: ChoiceFilterProps) {
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} name={name} defaultValue={value ?? ""} options={options}>
        <option value="">{allLabel}</option>
      </NativeSelect>
    </div>
  );
}

/** "Clear filters", back to the unfiltered list. */
export function ClearFilters({ href, className }: { href: string; className?: string }) {
  return (
    <p className={cn("text-sm", className)}>
      <PageLink href={href} className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline md:min-h-9">
        <FilterX className="size-4" aria-hidden="true" />
        Clear filters
      </PageLink>
    </p>
  );
}
