"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";

import { applyServerErrors, sendJson, useIdempotentPost } from "@/lib/http/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
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
const toField = (field: string) => ((FIELDS as string[]).includes(field) ? (field as Path<PlanFormValues>) : null);

export function PlanForm(props: PlanFormProps) {
  const { merchantId } = props;
  const router = useRouter();
  const [serverError, setServerError] = React.useState<string | null>(null);
  const create = useIdempotentPost("plan");

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PlanFormValues>({
    resolver: zodResolver(planFormSchema),
    // Checked when a field is left, then on every keystroke: errors appear and clear as people type.
    mode: "onTouched",
    defaultValues: props.mode === "edit" ? planToFormValues(props.plan) : emptyPlanForm,
  });
  const [amount, interval, trialDays] = useWatch({ control, name: ["amount", "interval", "trialDays"] });
  const priceKobo = parseNairaInput(amount ?? "");
  const trial = /^\d+$/.test(trialDays?.trim() ?? "") ? Number(trialDays) : 0;

  async function onSubmit(values: PlanFormValues) {
    setServerError(null);
    const collection = `/api/merchants/${encodeURIComponent(merchantId)}/plans`;
    const res =
      props.mode === "create"
        ? await create.post(collection, toCreatePlanBody(values))
        : await sendJson("PUT", `${collection}/${encodeURIComponent(props.planId)}`, toUpdatePlanBody(values));

    if (res.ok) {
      const id: string = res.data?.plan?.id ?? (props.mode === "edit" ? props.planId : "");
      toast.success(props.mode === "create" ? "Plan created" : "Plan saved");
      router.push(`/dashboard/plans/${id}`);
      router.refresh();
      return;
    }
    setServerError(applyServerErrors(res, setError, toField));
  }

  const summary =
    priceKobo !== null && !errors.amount && interval
      ? `Customers pay ${formatNaira(Number(priceKobo))} every ${intervalEvery(interval)}${trial > 0 ? `, starting after a ${trial}-day free trial` : ""}.`
      : "At least ₦50.00 a period.";

  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate className="grid gap-6">
      {serverError ? (
        <Alert variant="error" title={props.mode === "create" ? "The plan was not created" : "The plan was not saved"}>
          {serverError}
        </Alert>
      ) : null}

      <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-card sm:p-6" aria-labelledby="plan-details">
        <h2 id="plan-details" className="text-base font-semibold">
          Details
        </h2>
        <FormField label="Name" error={errors.name?.message} description="Customers see this on the subscribe page and their receipts.">
          <Input autoComplete="off" placeholder="e.g. Gym membership" {...register("name")} />
        </FormField>
        <FormField label="Description" optional error={errors.description?.message}>
          <Textarea rows={3} placeholder="What subscribers get" {...register("description")} />
        </FormField>
      </section>

      <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-card sm:p-6" aria-labelledby="plan-price">
        <h2 id="plan-price" className="text-base font-semibold">
          Price
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Amount (₦)" error={errors.amount?.message} description={summary}>
            <Input inputMode="decimal" autoComplete="off" placeholder="15,000.00" className="tabular-nums" {...register("amount")} />
          </FormField>
          {props.mode === "create" ? (
            <FormField label="Billed" error={errors.interval?.message} description="It cannot change later.">
              <NativeSelect {...register("interval")}>
                {INTERVAL_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
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
      </section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => router.back()} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {props.mode === "create" ? "Create plan" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
