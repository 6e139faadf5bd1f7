"use client";

import { Controller, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";

import { FormField } from "@/components/ui/form-field";
import { FormSection, PageForm } from "@/components/ui/form-section";
import { Input } from "@/components/ui/input";
import { RadioCards } from "@/components/ui/radio-cards";
import { Textarea } from "@/components/ui/textarea";
import { useResourceForm } from "@/components/ui/use-resource-form";
import { emptyLinkForm, formAmountKobo, linkFormSchema, linkToFormValues, toCreateLinkBody, toUpdateLinkBody, type LinkFormValues } from "@/lib/links/form";
import { formatNaira } from "@/lib/utils";

export type LinkFormProps = {
  merchantId: string;
  /** e.g. "https://pay.example.com": shows where the link will live. */
  appUrl: string;
} & ({ mode: "create" } | { mode: "edit"; linkId: string; slug: string; link: EditableLink });

/** The link's current values, serializable from a server component. */
export type EditableLink = Parameters<typeof linkToFormValues>[0] & { amount: string | null; expiresAt: string | null };

const PRICINGS = [
  { value: "fixed", label: "Fixed price", hint: "You set the amount." },
  { value: "customer", label: "Customer sets amount", hint: "Donations, tips, top-ups." },
] as const;

const USES = [
  { value: true, label: "Reusable", hint: "Anyone with the link can pay, as often as they like: a product, a class, a tip jar." },
  { value: false, label: "Single payment", hint: "The link closes after one completed payment: one customer's order or a one-off bill." },
] as const;

const FIELDS: ReadonlyArray<Path<LinkFormValues>> = ["title", "description", "amount", "customSlug", "isReusable", "redirectUrl", "expiresAt", "maxPayments"];

export function LinkForm(props: LinkFormProps) {
  const { merchantId, appUrl } = props;

  const { form, pageForm } = useResourceForm<LinkFormValues>({
    resolver: zodResolver(linkFormSchema),
    // The expiry is shown in the browser's time zone, so the edit values are worked out here, not on the server.
    defaultValues: props.mode === "edit" ? linkToFormValues(props.link) : emptyLinkForm,
    kind: "link",
    collection: `/api/merchants/${encodeURIComponent(merchantId)}/payment-links`,
    edit: props.mode === "edit" ? { id: props.linkId, method: "PATCH" } : null,
    detailPath: "/dashboard/payment-links",
    toCreateBody: toCreateLinkBody,
    toUpdateBody: toUpdateLinkBody,
    text: {
      created: "Payment link created",
      saved: "Payment link saved",
      notCreated: "The link was not created",
      notSaved: "The link was not saved",
      create: "Create payment link",
    },
    fields: FIELDS,
    onFailure: (res, setError) => {
      if (res.status !== 409) return false;
      setError("customSlug", { type: "server", message: "This link address is taken. Try another one." }, { shouldFocus: true });
      return true;
    },
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  const [pricing, amount, customSlug] = useWatch({ control, name: ["pricing", "amount", "customSlug"] });
  const priceKobo = formAmountKobo({ pricing: pricing ?? "fixed", amount: amount ?? "" });

  const base = `${appUrl}/pay/`;
  const slugPreview = props.mode === "edit" ? props.slug : customSlug?.trim() || "…";

  return (
    <PageForm {...pageForm}>
      <FormSection id="link-details" title="Details">
        <FormField label="Title" error={errors.title?.message} description="Customers see this on the payment page.">
          <Input autoComplete="off" placeholder="e.g. Jollof rice tray" {...register("title")} />
        </FormField>
        <FormField label="Description" optional error={errors.description?.message}>
          <Textarea rows={3} {...register("description")} />
        </FormField>
      </FormSection>

      <FormSection id="link-price" title="Price">
        <Controller
          control={control}
          name="pricing"
          render={({ field }) => (
            <RadioCards
              legend="Who sets the amount"
              hideLegend
              name={field.name}
              options={PRICINGS}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        {pricing === "fixed" ? (
          <FormField
            label="Amount (₦)"
            error={errors.amount?.message}
            description={priceKobo !== null && !errors.amount ? `Customers pay ${formatNaira(Number(priceKobo))}.` : "At least ₦50.00."}
          >
            <Input inputMode="decimal" autoComplete="off" placeholder="5,000.00" className="tabular-nums" {...register("amount")} />
          </FormField>
        ) : null}
      </FormSection>

      <FormSection id="link-options" title="Options">
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
            <RadioCards legend="How many payments" name={field.name} options={USES} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
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
      </FormSection>
    </PageForm>
  );
}
