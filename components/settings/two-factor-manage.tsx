"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import type { UseFormRegisterReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";

import { RecoveryCodes } from "@/components/settings/recovery-codes";
import { Alert, ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toast";
import { useDialogForm } from "@/components/ui/use-dialog-form";
import { postJson } from "@/lib/http/client";

const CODE_HINT = "The 6-digit code from your authenticator app, or a recovery code.";
const code = z.string().trim().min(1, "Enter a code from your authenticator app, or a recovery code");
const regenerateSchema = z.object({ code });
const disableSchema = z.object({ password: z.string().min(1, "Enter your password"), code });
type RegenerateValues = z.infer<typeof regenerateSchema>;
type DisableValues = z.infer<typeof disableSchema>;

/** Two-factor sign-in is on: how many recovery codes are left, new codes, turning it off. */
export function TwoFactorManage({ recoveryCodesRemaining, requiredBy }: { recoveryCodesRemaining: number; requiredBy: string | null }) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant="success" dot>
          On
        </Badge>
        <p className="text-sm text-muted-foreground">{recoveryCodesRemaining} of 10 recovery codes left.</p>
      </div>
      {recoveryCodesRemaining <= 3 ? (
        <Alert variant="warning" title="You're running out of recovery codes">
          Get new ones so you can still sign in if you lose your phone.
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <RegenerateDialog />
        <DisableDialog requiredBy={requiredBy} />
      </div>
    </div>
  );
}

function RegenerateDialog() {
  const router = useRouter();
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const dialog = useDialogForm<RegenerateValues>({ resolver: zodResolver(regenerateSchema), defaultValues: { code: "" } }, () => {
    // Shown once: forget them as soon as the dialog closes.
    if (codes) router.refresh();
    setCodes(null);
  });
  const { register, handleSubmit, formState } = dialog.form;
  const { errors } = formState;

  const submit = async (values: RegenerateValues) => {
    dialog.setError(null);
    const res = await postJson("/api/account/two-factor/recovery-codes", values);
    if (res.ok) return setCodes(res.data.recoveryCodes as string[]);
    dialog.fail(res, ["code"]);
  };

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">Get new recovery codes</Button>
      </DialogTrigger>
      <DialogContent onInteractOutside={(e) => (dialog.busy || codes) && e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>New recovery codes</DialogTitle>
          <DialogDescription>Your current recovery codes stop working as soon as the new ones are made.</DialogDescription>
        </DialogHeader>
        {codes ? (
          <>
            <RecoveryCodes codes={codes} />
            <DialogFooter>
              <DialogClose asChild>
                <Button>I&apos;ve saved my recovery codes</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={handleSubmit(submit)} noValidate className="grid gap-4">
            <ErrorAlert message={dialog.error} />
            <CodeField error={errors.code?.message} register={register("code")} />
            <DialogActions busy={dialog.busy}>Make new codes</DialogActions>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DisableDialog({ requiredBy }: { requiredBy: string | null }) {
  const router = useRouter();
  const dialog = useDialogForm<DisableValues>({ resolver: zodResolver(disableSchema), defaultValues: { password: "", code: "" } });
  const { register, handleSubmit, reset, formState } = dialog.form;
  const { errors } = formState;

  const submit = async (values: DisableValues) => {
    dialog.setError(null);
    const res = await postJson("/api/account/two-factor/disable", values);
    if (!res.ok) return dialog.fail(res, ["password", "code"]);
    dialog.setOpen(false);
    reset();
    toast.success("Two-factor sign-in is off");
    router.refresh();
  };

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">Turn off</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn off two-factor sign-in?</DialogTitle>
          <DialogDescription>Anyone with your password could then sign in. Your recovery codes stop working.</DialogDescription>
        </DialogHeader>
        {requiredBy ? (
          <Alert variant="warning">
            {requiredBy} requires two-factor sign-in: you won&apos;t be able to use it until you set it up again (with a new phone, for example).
          </Alert>
        ) : null}
        <form onSubmit={handleSubmit(submit)} noValidate className="grid gap-4">
          <ErrorAlert title="Still on" message={dialog.error} />
          <FormField label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...register("password")} />
          </FormField>
          <CodeField error={errors.code?.message} register={register("code")} />
          <DialogActions busy={dialog.busy} variant="destructive">
            Turn off two-factor sign-in
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CodeField({ error, register }: { error: string | undefined; register: UseFormRegisterReturn<"code"> }) {
  return (
    <FormField label="Authentication code" description={CODE_HINT} error={error}>
      <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...register} />
    </FormField>
  );
}
