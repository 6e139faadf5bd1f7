"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";

import { NameFields } from "@/components/auth/name-fields";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toast";
import { useApiForm } from "@/components/ui/use-api-form";
import { apiErrorMessage, apiFieldErrors, postJson } from "@/lib/http/client";

const nameSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(60, "Use at most 60 characters"),
  lastName: z.string().trim().min(1, "Last name is required").max(60, "Use at most 60 characters"),
});
type NameValues = z.infer<typeof nameSchema>;

export function NameForm({ firstName, lastName }: NameValues) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NameValues>({
    resolver: zodResolver(nameSchema),
    defaultValues: { firstName, lastName },
  });
  const onSubmit = async (values: NameValues) => {
    const res = await postJson("/api/account", values, { method: "PATCH" });
    if (res.ok) {
      toast.success("Name saved");
      router.refresh();
      return;
    }
    const fieldErrors = apiFieldErrors(res.data);
    if (fieldErrors.firstName) setError("firstName", { message: fieldErrors.firstName });
    if (fieldErrors.lastName) setError("lastName", { message: fieldErrors.lastName });
    if (!fieldErrors.firstName && !fieldErrors.lastName) toast.error(apiErrorMessage(res.status, res.data));
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-2">
      <NameFields register={register} errors={errors} />
      <div className="sm:col-span-2">
        <Button type="submit" loading={isSubmitting}>
          Save name
        </Button>
      </div>
    </form>
  );
}

const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password"),
    newPassword: z.string().min(8, "Use at least 8 characters").max(128, "Use at most 128 characters"),
    confirmPassword: z.string().min(1, "Type your new password again"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords don't match" });
type PasswordValues = z.infer<typeof passwordSchema>;

export function PasswordForm() {
  const api = useApiForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { register, handleSubmit, reset, formState } = api.form;
  const { errors, isSubmitting } = formState;
  const onSubmit = async ({ currentPassword, newPassword }: PasswordValues) => {
    api.setError(null);
    const res = await postJson("/api/account/password", { currentPassword, newPassword });
    if (!res.ok) return api.fail(res, ["currentPassword", "newPassword"], apiErrorMessage(res.status, res.data, "The password could not be changed."));
    reset();
    toast.success("Password changed", { description: "You've been signed out everywhere else." });
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid max-w-md gap-4">
      <ErrorAlert title="Password not changed" message={api.error} />
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <PasswordInput autoComplete="current-password" {...register("currentPassword")} />
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message} description="At least 8 characters.">
        <PasswordInput autoComplete="new-password" {...register("newPassword", { deps: "confirmPassword" })} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register("confirmPassword")} />
      </FormField>
      <div>
        <Button type="submit" loading={isSubmitting}>
          Change password
        </Button>
      </div>
    </form>
  );
}

export function SignOutOthers() {
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  async function confirm() {
    setBusy(true);
    const res = await postJson("/api/account/sign-out-others", {});
    setBusy(false);
    setOpen(false);
    if (res.ok) toast.success("Signed out of all other sessions");
    else toast.error(apiErrorMessage(res.status, res.data));
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline">Sign out of other sessions</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign out everywhere else?</DialogTitle>
          <DialogDescription>
            Every other browser and device signed in to your account is signed out, and login tokens issued to scripts stop working. You stay signed in here.
          </DialogDescription>
        </DialogHeader>
        <DialogActions busy={busy} onConfirm={confirm}>
          Sign out other sessions
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
