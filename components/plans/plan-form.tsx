"use client";

import { useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";

import { FormField } from "@/components/ui/form-field";
import { FormSection, PageForm } from "@/components/ui/form-section";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useResourceForm } from "@/components/ui/use-resource-form";
import { parseNairaInput } from "@/lib/payments/money";
import {
  INTERVAL_OPTIONS,
  emptyPlanForm,
  intervalEvery,
  planFormSchema,
  planToFormValues,
  toCreatePlanBody,
  toUpdatePlanBody,
  type PlanFormValues,
} from "@/lib/subscriptions/form";
import { formatNaira } from "@/lib/utils";

/** The plan's current values, serializable from a server component. */
export type EditablePlan = Parameters<typeof planToFormValues>[0] & { amount: string };

export type PlanFormProps = { merchantId: string } & ({ mode: "create" } | { mode: "edit"; planId: string; plan: EditablePlan });

const FIELDS: ReadonlyArray<Path<PlanFormValues>> = ["name", "description", "amount", "interval", "trialDays"];

export function PlanForm(props: PlanFormProps) {
  const { merchantId } = props;

  const { form, pageForm } = useResourceForm<PlanFormValues>({
    resolver: zodResolver(planFormSchema),
    defaultValues: props.mode === "edit" ? planToFormValues(props.plan) : emptyPlanForm,
    kind: "plan",
    collection: `/api/merchants/${encodeURIComponent(merchantId)}/plans`,
    edit: props.mode === "edit" ? { id: props.planId, method: "PUT" } : null,
    detailPath: "/dashboard/plans",
    toCreateBody: toCreatePlanBody,
    toUpdateBody: toUpdatePlanBody,
    text: { created: "Plan created", saved: "Plan saved", notCreated: "The plan was not created", notSaved: "The plan was not saved", create: "Create plan" },
    fields: FIELDS,
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  const [amount, interval, trialDays] = useWatch({ control, name: ["amount", "interval", "trialDays"] });
  const priceKobo = parseNairaInput(amount ?? "");
  const trial = /^\d+$/.test(trialDays?.trim() ?? "") ? Number(trialDays) : 0;

  const summary =
    priceKobo !== null && !errors.amount && interval
      ? `Customers pay ${formatNaira(Number(priceKobo))} every ${intervalEvery(interval)}${trial > 0 ? `, starting after a ${trial}-day free trial` : ""}.`
      : "At least ₦50.00 a period.";

  return (
    <PageForm {...pageForm}>
      <FormSection id="plan-details" title="Details">
        <FormField label="Name" error={errors.name?.message} description="Customers see this on the subscribe page and their receipts.">
          <Input autoComplete="off" placeholder="e.g. Gym membership" {...register("name")} />
        </FormField>
        <FormField label="Description" optional error={errors.description?.message}>
          <Textarea rows={3} placeholder="What subscribers get" {...register("description")} />
        </FormField>
      </FormSection>

      <FormSection id="plan-price" title="Price">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Amount (₦)" error={errors.amount?.message} description={summary}>
            <Input inputMode="decimal" autoComplete="off" placeholder="15,000.00" className="tabular-nums" {...register("amount")} />
          </FormField>
          {props.mode === "create" ? (
            <FormField label="Billed" error={errors.interval?.message} description="It cannot change later.">
              <NativeSelect options={INTERVAL_OPTIONS} {...register("interval")} />
            </FormField>
          ) : (
            <div className="grid content-start gap-2 text-sm">
              <span className="font-medium">Billed</span>
              <span>{INTERVAL_OPTIONS.find((o) => o.value === props.plan.interval)?.label}</span>
              <span className="text-muted-foreground">To bill on another schedule, create a new plan.</span>
            </div>
          )}
        </div>
        {props.mode === "edit" ? (
          <p className="text-sm text-muted-foreground">A new price applies to new subscribers only: current subscribers keep paying what they signed up for.</p>
        ) : null}
        <FormField
          label="Free trial (days)"
          optional
          error={errors.trialDays?.message}
          description="The card is checked with ₦50 (refunded at once) and first charged when the trial ends. Up to 365 days."
        >
          <Input inputMode="numeric" autoComplete="off" placeholder="0" className="tabular-nums sm:max-w-40" {...register("trialDays")} />
        </FormField>
      </FormSection>
    </PageForm>
  );
}
