"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useFieldArray, useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Send, Trash2 } from "lucide-react";

import { applyServerErrors, sendJson, useIdempotentPost } from "@/lib/http/client";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { FormSection, PageForm } from "@/components/ui/form-section";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import {
  emptyInvoiceForm,
  emptyLineItem,
  formLineTotal,
  formTotal,
  invoiceFormSchema,
  toCreateInvoiceBody,
  toUpdateInvoiceBody,
  type InvoiceFormValues,
} from "@/lib/invoices/form";
import { formatNaira } from "@/lib/utils";

export type InvoiceFormProps = { merchantId: string } & ({ mode: "create" } | { mode: "edit"; invoiceId: string; initial: InvoiceFormValues });

type Action = "DRAFT" | "SENT";
const MAX_ITEMS = 100;

/** API field names ("lineItems.0.amount") -> form field names ("lineItems.0.unitPrice"). */
function toField(field: string): Path<InvoiceFormValues> | null {
  const item = /^lineItems\.(\d+)\.(description|amount|quantity)$/.exec(field);
  if (item) return `lineItems.${Number(item[1])}.${item[2] === "amount" ? "unitPrice" : item[2]}` as Path<InvoiceFormValues>;
  if (field === "lineItems") return "lineItems.root" as Path<InvoiceFormValues>;
  if (field === "minimumPaymentAmount") return "minimumPayment";
  return ["customerEmail", "customerName", "customerNote", "merchantNote", "dueDate", "allowPartialPayments"].includes(field)
    ? (field as Path<InvoiceFormValues>)
    : null;
}

export function InvoiceForm(props: InvoiceFormProps) {
  const router = useRouter();
  const [serverError, setServerError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState<Action | null>(null);
  const create = useIdempotentPost("invoice");

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<InvoiceFormValues>({
    resolver: zodResolver(invoiceFormSchema),
    mode: "onTouched",
    defaultValues: props.mode === "edit" ? props.initial : emptyInvoiceForm,
  });
  const { fields, append, remove } = useFieldArray({ control, name: "lineItems" });
  const items = useWatch({ control, name: "lineItems" }) ?? [];
  const inParts = useWatch({ control, name: "allowPartialPayments" });
  const total = formTotal(items);

  const base = `/api/merchants/${encodeURIComponent(props.merchantId)}/invoices`;

  async function save(values: InvoiceFormValues, action: Action) {
    setServerError(null);
    setPending(action);
    try {
      if (props.mode === "create") {
        const res = await create.post(base, toCreateInvoiceBody(values, action));
        if (!res.ok) return setServerError(applyServerErrors(res, setError, toField));
        done(res.data.invoice.id as string, action);
        return;
      }
      const url = `${base}/${encodeURIComponent(props.invoiceId)}`;
      const res = await sendJson("PATCH", url, toUpdateInvoiceBody(values));
      if (!res.ok) return setServerError(applyServerErrors(res, setError, toField));
      if (action === "SENT") {
        const sent = await sendJson("POST", `${url}/send`, {});
        if (!sent.ok) {
          toast.error("Saved, but not sent", { description: applyServerErrors(sent, setError, () => null) ?? undefined });
          router.push(`/dashboard/invoices/${props.invoiceId}`);
          router.refresh();
          return;
        }
      }
      done(props.invoiceId, action);
    } finally {
      setPending(null);
    }
  }

  function done(id: string, action: Action) {
    toast.success(action === "SENT" ? "Invoice sent" : "Draft saved", {
      description: action === "SENT" ? "We e-mailed your customer a link to pay." : "Send it when you are ready.",
    });
    router.push(`/dashboard/invoices/${id}`);
    router.refresh();
  }

  // Both buttons validate first; Enter in a field saves a draft (the safe choice).
  const submit = (action: Action) => () => void handleSubmit((values) => save(values, action))();
  const busy = pending !== null;
  const itemsError = (errors.lineItems as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <PageForm
      onSubmit={(event) => {
        event.preventDefault();
        submit("DRAFT")();
      }}
      error={serverError}
      errorTitle="The invoice was not saved"
      busy={busy}
      cancelVariant="ghost"
      actions={
        <>
          <Button type="submit" variant="outline" loading={pending === "DRAFT"} disabled={busy}>
            {props.mode === "create" ? "Save as draft" : "Save draft"}
          </Button>
          <Button type="button" onClick={submit("SENT")} loading={pending === "SENT"} disabled={busy}>
            <Send aria-hidden="true" />
            Save and send
          </Button>
        </>
      }
    >
      <FormSection id="invoice-customer" title="Customer">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Customer email" error={errors.customerEmail?.message}>
            <Input type="email" inputMode="email" autoComplete="off" {...register("customerEmail")} />
          </FormField>
          <FormField label="Customer name" optional error={errors.customerName?.message}>
            <Input autoComplete="off" {...register("customerName")} />
          </FormField>
        </div>
      </FormSection>

      <FormSection id="invoice-items" title="Items">
        <ol className="grid gap-4">
          {fields.map((field, index) => {
            const itemErrors = errors.lineItems?.[index];
            const line = items[index] ? formLineTotal(items[index]) : null;
            const n = index + 1;
            return (
              <li key={field.id} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_9rem_6rem] sm:items-start sm:border-0 sm:p-0">
                <FormField label={`Item ${n} description`} error={itemErrors?.description?.message}>
                  <Input autoComplete="off" {...register(`lineItems.${index}.description`)} />
                </FormField>
                <FormField label={`Item ${n} unit price (₦)`} error={itemErrors?.unitPrice?.message}>
                  <Input inputMode="decimal" autoComplete="off" className="tabular-nums" {...register(`lineItems.${index}.unitPrice`)} />
                </FormField>
                <FormField label={`Item ${n} quantity`} error={itemErrors?.quantity?.message}>
                  <Input inputMode="decimal" autoComplete="off" className="tabular-nums" {...register(`lineItems.${index}.quantity`)} />
                </FormField>
                <div className="flex items-center justify-between gap-3 sm:col-span-3">
                  <p className="text-sm text-muted-foreground">
                    Line total: <span className="font-medium tabular-nums text-foreground">{line === null ? "—" : formatNaira(Number(line))}</span>
                  </p>
                  {fields.length > 1 ? (
                    <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)} className="text-muted-foreground">
                      <Trash2 aria-hidden="true" />
                      Remove item {n}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
        {itemsError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {itemsError}
          </p>
        ) : null}
        <div className="flex flex-col gap-4 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <Button type="button" variant="outline" onClick={() => append({ ...emptyLineItem })} disabled={fields.length >= MAX_ITEMS}>
            <Plus aria-hidden="true" />
            Add item
          </Button>
          <p className="text-right">
            <span className="block text-sm text-muted-foreground">{total.kind === "incomplete" ? "Total so far" : "Total"}</span>
            <output data-testid="invoice-total" aria-live="polite" className="block text-2xl font-semibold tabular-nums">
              {total.kind === "fractional" ? "Not whole kobo" : formatNaira(Number(total.kobo))}
            </output>
          </p>
        </div>
      </FormSection>

      <FormSection id="invoice-details" title="Details">
        <FormField label="Due date" optional error={errors.dueDate?.message} className="sm:max-w-xs">
          <Input type="date" {...register("dueDate")} />
        </FormField>
        <div className="grid gap-3 rounded-lg border p-3">
          <div className="flex items-start gap-3">
            <input
              id="invoice-in-parts"
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              aria-describedby="invoice-in-parts-hint"
              {...register("allowPartialPayments")}
            />
            <div className="grid gap-1">
              <label htmlFor="invoice-in-parts" className="text-sm font-medium">
                Let the customer pay in parts
              </label>
              <p id="invoice-in-parts-hint" className="text-sm text-muted-foreground">
                They choose how much to pay each time, until nothing is due; each instalment gets its own receipt.
              </p>
            </div>
          </div>
          {inParts ? (
            <FormField
              label="Smallest instalment (₦)"
              optional
              error={errors.minimumPayment?.message}
              description="No payment is ever below ₦50. The last instalment may be less than this minimum."
              className="sm:max-w-xs"
            >
              <Input inputMode="decimal" autoComplete="off" className="tabular-nums" {...register("minimumPayment")} />
            </FormField>
          ) : null}
        </div>
        <FormField label="Note to customer" optional error={errors.customerNote?.message} description="Shown on the invoice and in the e-mail.">
          <Textarea rows={3} {...register("customerNote")} />
        </FormField>
        <FormField label="Internal note" optional error={errors.merchantNote?.message} description="Only your team sees this; never the customer.">
          <Textarea rows={2} {...register("merchantNote")} />
        </FormField>
      </FormSection>
    </PageForm>
  );
}
