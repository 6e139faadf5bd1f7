"use client";

import { useRouter } from "next/navigation";
import { useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";

import { ErrorAlert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useApiForm } from "@/components/ui/use-api-form";
import { apiErrorMessage, postJson } from "@/lib/http/client";
import { SettingsSubmit } from "./settings-submit";

// The browser's first check; the API (lib/merchants/schemas.ts) has the final word and its field errors show here too.
const optionalText = (check: z.ZodString) => z.union([z.literal(""), check]);
const profileSchema = z.object({
  businessName: z.string().trim().min(1, "Business name is required").max(120, "Use at most 120 characters"),
  supportEmail: optionalText(z.string().trim().email("Enter a valid email address")),
  supportPhone: optionalText(
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, "Enter a valid phone number, e.g. +234 803 123 4567"),
  ),
  website: optionalText(
    z
      .string()
      .trim()
      .regex(/^https:\/\/\S+$/, "Use a full https:// address"),
  ),
  brandColor: optionalText(z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a hex colour like #0F766E")),
});
type ProfileValues = z.infer<typeof profileSchema>;
const FIELDS = Object.keys(profileSchema.shape) as (keyof ProfileValues)[];

export type BusinessProfile = { [K in keyof ProfileValues]: string | null };

export function BusinessProfileForm({ merchantId, profile, canEdit }: { merchantId: string; profile: BusinessProfile; canEdit: boolean }) {
  const router = useRouter();
  const defaults = Object.fromEntries(FIELDS.map((f) => [f, profile[f] ?? ""])) as ProfileValues;
  const api = useApiForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: defaults });
  const { register, handleSubmit, control, setValue, formState } = api.form;
  const { errors, isSubmitting } = formState;
  const color = useWatch({ control, name: "brandColor" });

  const onSubmit = async (values: ProfileValues) => {
    api.setError(null);
    // Cleared fields are sent as null, which removes them.
    const body = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim() === "" ? null : values[f].trim()]));
    const res = await postJson(`/api/merchants/${merchantId}`, body, { method: "PUT" });
    if (res.ok) {
      toast.success("Business profile saved");
      router.refresh();
      return;
    }
    api.fail(res, FIELDS, apiErrorMessage(res.status, res.data, "The profile could not be saved."));
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
      <ErrorAlert title="Not saved" message={api.error} />
      <fieldset disabled={!canEdit || isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <FormField label="Business name" error={errors.businessName?.message} className="sm:col-span-2">
          <Input autoComplete="organization" {...register("businessName")} />
        </FormField>
        <FormField label="Support email" optional error={errors.supportEmail?.message} description="Shown to customers on your payment pages.">
          <Input type="email" autoComplete="email" {...register("supportEmail")} />
        </FormField>
        <FormField label="Support phone" optional error={errors.supportPhone?.message}>
          <Input type="tel" autoComplete="tel" placeholder="+234 803 123 4567" {...register("supportPhone")} />
        </FormField>
        <FormField label="Website" optional error={errors.website?.message}>
          <Input type="url" placeholder="https://" {...register("website")} />
        </FormField>
        <FormField label="Brand colour" optional error={errors.brandColor?.message} description="Buttons and accents on your payment pages and e-mails.">
          <Input placeholder="#0F766E" maxLength={7} spellCheck={false} {...register("brandColor")} />
        </FormField>
        <div className="flex items-end gap-3 pb-1">
          <input
            type="color"
            aria-label="Pick brand colour"
            value={/^#[0-9a-fA-F]{6}$/.test(color) ? color : "#0b6b4f"}
            onChange={(e) => setValue("brandColor", e.target.value, { shouldDirty: true, shouldValidate: true })}
            className="h-10 w-14 cursor-pointer rounded-md border border-input bg-background p-1"
          />
          <span className="text-sm text-muted-foreground">Pick a colour, or type its hex code.</span>
        </div>
      </fieldset>
      <SettingsSubmit
        canEdit={canEdit}
        busy={isSubmitting}
        label="Save business profile"
        readOnlyNote="Only owners and admins can change the business profile."
      />
    </form>
  );
}
