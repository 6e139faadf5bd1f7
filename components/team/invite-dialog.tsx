"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";
import { UserPlus } from "lucide-react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { ROLE_SUMMARIES } from "@/lib/auth/permissions";
import { postJson } from "@/lib/http/client";
import { NativeSelect } from "@/components/ui/native-select";
import { ASSIGNABLE_ROLES, failureMessage, roleName } from "./roles";

const inviteSchema = z.object({
  email: z.string().trim().min(1, "Enter an email address").pipe(z.email("Enter a valid email address")),
  role: z.enum(ASSIGNABLE_ROLES),
});
type InviteInput = z.input<typeof inviteSchema>;
type InviteValues = z.output<typeof inviteSchema>;

export function InviteDialog({ merchantId }: { merchantId: string }) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [serverError, setServerError] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput, unknown, InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: { email: "", role: "DEVELOPER" } });
  const role = useWatch({ control, name: "role" });

  function onOpenChange(next: boolean) {
    if (isSubmitting) return;
    setOpen(next);
    if (next) {
      reset({ email: "", role: "DEVELOPER" });
      setServerError(null);
    }
  }

  const onSubmit = async (values: InviteValues) => {
    setServerError(null);
    const res = await postJson(`/api/merchants/${merchantId}/invitations`, values);
    if (res.ok) {
      setOpen(false);
      toast.success(`Invitation sent to ${values.email}`, { description: "The link in the email works once and expires in 7 days." });
      router.refresh();
      return;
    }
    const emailError = Array.isArray(res.data?.errors) ? res.data.errors.find((e: { field?: string }) => e?.field === "email") : undefined;
    if (emailError) setError("email", { type: "server", message: String(emailError.message) }, { shouldFocus: true });
    else setServerError(failureMessage(res.status, res.data));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Invite member
        </Button>
      </DialogTrigger>
      <DialogContent onInteractOutside={(e) => isSubmitting && e.preventDefault()} onEscapeKeyDown={(e) => isSubmitting && e.preventDefault()}>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Invite a team member</DialogTitle>
            <DialogDescription>We&apos;ll email them a link to join. It works once and expires in 7 days.</DialogDescription>
          </DialogHeader>
          {serverError ? (
            <Alert variant="error" title="Invitation not sent">
              {serverError}
            </Alert>
          ) : null}
          <FormField label="Email address" error={errors.email?.message}>
            <Input type="email" inputMode="email" autoComplete="off" autoCapitalize="none" spellCheck={false} {...register("email")} />
          </FormField>
          <FormField label="Role" description={ROLE_SUMMARIES[role]}>
            <NativeSelect {...register("role")}>
              {ASSIGNABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <DialogActions busy={isSubmitting}>{isSubmitting ? "Sending…" : "Send invitation"}</DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
