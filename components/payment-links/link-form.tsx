"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm, useWatch, type Path, type UseFormRegisterReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";

import { applyServerErrors, sendJson, useIdempotentPost } from "@/lib/http/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { emptyLinkForm, formAmountKobo, linkFormSchema, linkToFormValues, toCreateLinkBody, toUpdateLinkBody, type LinkFormValues } from "@/lib/links/form";
import { cn, formatNaira } from "@/lib/utils";

export type LinkFormProps = {
  merchantId: string;
  /** e.g. "https://pay.example.com": shows where the link will live. */
  appUrl: string;
} & ({ mode: "create" } | { mode: "edit"; linkId: string; slug: string; link: EditableLink });

/** The link's current values, serializable from a server component. */
export type EditableLink = Parameters<typeof linkToFormValues>[0] & { amount: string | null; expiresAt: string | null };

const USES = [
  { reusable: true, label: "Reusable", hint: "Anyone with the link can pay, as often as they like: a product, a class, a tip jar." },
  { reusable: false, label: "Single payment", hint: "The link closes after one completed payment: one customer's order or a one-off bill." },
] as const;

const FIELDS: ReadonlyArray<Path<LinkFormValues>> = ["title", "description", "amount", "customSlug", "isReusable", "redirectUrl", "expiresAt", "maxPayments"];
const toField = (field: string) => ((FIELDS as string[]).includes(field) ? (field as Path<LinkFormValues>) : null);

export function LinkForm(props: LinkFormProps) {
  const { merchantId, appUrl } = props;
  const router = useRouter();
  const [serverError, setServerError] = React.useState<string | null>(null);
  const create = useIdempotentPost("link");

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LinkFormValues>({
    resolver: zodResolver(linkFormSchema),
    // Checked when a field is left, then on every keystroke: errors appear and clear as people type.
    mode: "onTouched",
    // The expiry is shown in the browser's time zone, so the edit values are worked out here, not on the server.
    defaultValues: props.mode === "edit" ? linkToFormValues(props.link) : emptyLinkForm,
  });
  const [pricing, amount, customSlug] = useWatch({ control, name: ["pricing", "amount", "customSlug"] });
  const priceKobo = formAmountKobo({ pricing: pricing ?? "fixed", amount: amount ?? "" });

  const base = `${appUrl}/pay/`;
  const slugPreview = props.mode === "edit" ? props.slug : customSlug?.trim() || "…";

  async function onSubmit(values: LinkFormValues) {
    setServerError(null);
    const collection = `/api/merchants/${encodeURIComponent(merchantId)}/payment-links`;
    const res =
      props.mode === "create"
        ? await create.post(collection, toCreateLinkBody(values))
        : await sendJson("PATCH", `${collection}/${encodeURIComponent(props.linkId)}`, toUpdateLinkBody(values));

    if (res.ok) {
      const id: string = res.data?.link?.id ?? (props.mode === "edit" ? props.linkId : "");
      toast.success(props.mode === "create" ? "Payment link created" : "Payment link saved");
      router.push(`/dashboard/payment-links/${id}`);
      router.refresh();
      return;
    }
    if (res.status === 409) {
      setError("customSlug", { type: "server", message: "This link address is taken. Try another one." }, { shouldFocus: true });
      return;
    }
    setServerError(applyServerErrors(res, setError, toField));
  }

  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate className="grid gap-6">
      {serverError ? (
        <Alert variant="error" title={props.mode === "create" ? "The link was not created" : "The link was not saved"}>
          {serverError}
        </Alert>
      ) : null}

      <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-card sm:p-6" aria-labelledby="link-details">
        <h2 id="link-details" className="text-base font-semibold">
          Details
        </h2>
        <FormField label="Title" error={errors.title?.message} description="Customers see this on the payment page.">
          <Input autoComplete="off" placeholder="e.g. Jollof rice tray" {...register("title")} />
        </FormField>
        <FormField label="Description" optional error={errors.description?.message}>
          <Textarea rows={3} {...register("description")} />
        </FormField>
      </section>

      <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-card sm:p-6" aria-labelledby="link-price">
        <h2 id="link-price" className="text-base font-semibold">
          Price
        </h2>
        <fieldset className="grid gap-2">
          <legend className="sr-only">Who sets the amount</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            <Choice value="fixed" label="Fixed price" hint="You set the amount." current={pricing} register={register("pricing")} />
            <Choice value="customer" label="Customer sets amount" hint="Donations, tips, top-ups." current={pricing} register={register("pricing")} />
          </div>
        </fieldset>
        {pricing === "fixed" ? (
          <FormField
            label="Amount (₦)"
            error={errors.amount?.message}
            description={priceKobo !== null && !errors.amount ? `Customers pay ${formatNaira(Number(priceKobo))}.` : "At least ₦50.00."}
          >
            <Input inputMode="decimal" autoComplete="off" placeholder="5,000.00" className="tabular-nums" {...register("amount")} />
          </FormField>
        ) : null}
      </section>

      <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-card sm:p-6" aria-labelledby="link-options">
        <h2 id="link-options" className="text-base font-semibold">
          Options
        </h2>
        {props.mode === "create" ? (
          <FormField
            label="Custom link address"
            optional
            error={errors.customSlug?.message}
            description={
              <>
                Letters and digits, up to 50. Leave empty for a random one.{" "}
                <span className="break-all font-mono text-xs">
                  {base}
                  {slugPreview}
                </span>
              </>
            }
          >
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={50} placeholder="jollofrice" {...register("customSlug")} />
          </FormField>
        ) : (
          <p className="text-sm text-muted-foreground">
            Link address: <span className="break-all font-mono text-xs text-foreground">{base + slugPreview}</span> (it never changes, so shared links and
            printed QR codes keep working).
          </p>
        )}

        <Controller
          control={control}
          name="isReusable"
          render={({ field }) => (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">How many payments</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {USES.map((use) => (
                  <label
                    key={use.label}
                    className={cn(
                      "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-muted/50",
                      field.value === use.reusable && "border-primary bg-accent/40",
                    )}
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={String(use.reusable)}
                      checked={field.value === use.reusable}
                      onChange={() => field.onChange(use.reusable)}
                      onBlur={field.onBlur}
                      className="mt-0.5 size-5 shrink-0 accent-primary md:size-4"
                    />
                    <span>
                      <span className="font-medium">{use.label}</span>
                      <span className="block text-muted-foreground">{use.hint}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Expires" optional error={errors.expiresAt?.message} description="Your local time.">
            <Input type="datetime-local" {...register("expiresAt")} />
          </FormField>
          <FormField label="Maximum payments" optional error={errors.maxPayments?.message} description="Closes after this many.">
            <Input inputMode="numeric" autoComplete="off" {...register("maxPayments")} />
          </FormField>
        </div>

        <FormField
          label="Redirect after payment"
          optional
          error={errors.redirectUrl?.message}
          description="Where customers go after paying. Our receipt page otherwise."
        >
          <Input type="url" inputMode="url" autoComplete="off" placeholder="https://example.com/thank-you" {...register("redirectUrl")} />
        </FormField>
      </section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => router.back()} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {props.mode === "create" ? "Create payment link" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}

function Choice({
  value,
  label,
  hint,
  current,
  register,
}: {
  value: LinkFormValues["pricing"];
  label: string;
  hint: string;
  current: LinkFormValues["pricing"] | undefined;
  register: UseFormRegisterReturn<"pricing">;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-muted/50",
        current === value && "border-primary bg-accent/40",
      )}
    >
      <input type="radio" value={value} className="mt-0.5 size-5 shrink-0 accent-primary md:size-4" {...register} />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
}
