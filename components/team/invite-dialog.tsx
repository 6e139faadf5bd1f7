"use client";

import { useRouter } from "next/navigation";
import { useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";
import { UserPlus } from "lucide-react";

import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useDialogForm } from "@/components/ui/use-dialog-form";
import { ROLE_SUMMARIES } from "@/lib/auth/permissions";
import { postJson } from "@/lib/http/client";
import { NativeSelect } from "@/components/ui/native-select";
import { ASSIGNABLE_ROLES, failureMessage, ROLE_OPTIONS } from "./roles";

const inviteSchema = z.object({
  email: z.string().trim().min(1, "Enter an email address").pipe(z.email("Enter a valid email address")),
  role: z.enum(ASSIGNABLE_ROLES),
});
type InviteInput = z.input<typeof inviteSchema>;
type InviteValues = z.output<typeof inviteSchema>;

export function InviteDialog({ merchantId }: { merchantId: string }) {
  const router = useRouter();
  const dialog = useDialogForm<InviteInput, InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: { email: "", role: "DEVELOPER" } });
  const { register, handleSubmit, control, formState } = dialog.form;
  const { errors } = formState;
  const role = useWatch({ control, name: "role" });

  const onSubmit = async (values: InviteValues) => {
    dialog.setError(null);
    const res = await postJson(`/api/merchants/${merchantId}/invitations`, values);
    if (!res.ok) return dialog.fail(res, ["email"], failureMessage(res.status, res.data));
    dialog.setOpen(false);
    toast.success(`Invitation sent to ${values.email}`, { description: "The link in the email works once and expires in 7 days." });
    router.refresh();
  };

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Invite member
        </Button>
      </DialogTrigger>
      <DialogContent onInteractOutside={(e) => dialog.busy && e.preventDefault()} onEscapeKeyDown={(e) => dialog.busy && e.preventDefault()}>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Invite a team member</DialogTitle>
            <DialogDescription>We&apos;ll email them a link to join. It works once and expires in 7 days.</DialogDescription>
          </DialogHeader>
          <ErrorAlert title="Invitation not sent" message={dialog.error} />
          <FormField label="Email address" error={errors.email?.message}>
            <Input type="email" inputMode="email" autoComplete="off" autoCapitalize="none" spellCheck={false} {...register("email")} />
          </FormField>
          <FormField label="Role" description={ROLE_SUMMARIES[role]}>
            <NativeSelect {...register("role")} options={ROLE_OPTIONS} />
          </FormField>
          <DialogActions busy={dialog.busy}>{dialog.busy ? "Sending…" : "Send invitation"}</DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
