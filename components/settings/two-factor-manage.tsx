"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";

import { RecoveryCodes } from "@/components/settings/recovery-codes";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toast";
import { apiErrorMessage, apiFieldErrors, postJson } from "@/lib/http/client";

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
  const [open, setOpen] = React.useState(false);
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<RegenerateValues>({
    resolver: zodResolver(regenerateSchema),
    defaultValues: { code: "" },
  });

  function onOpenChange(next: boolean) {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) {
      // Shown once: forget them as soon as the dialog closes.
      if (codes) router.refresh();
      setCodes(null);
      setError(null);
      reset();
    }
  }

  const submit = async (values: RegenerateValues) => {
    setError(null);
    const res = await postJson("/api/account/two-factor/recovery-codes", values);
    if (res.ok) {
      setCodes(res.data.recoveryCodes as string[]);
      return;
    }
    const field = apiFieldErrors(res.data).code;
    if (field) setFieldError("code", { message: field }, { shouldFocus: true });
    else setError(apiErrorMessage(res.status, res.data));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">Get new recovery codes</Button>
      </DialogTrigger>
      <DialogContent onInteractOutside={(e) => (isSubmitting || codes) && e.preventDefault()}>
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
            {error ? <Alert variant="error">{error}</Alert> : null}
            <FormField label="Authentication code" description={CODE_HINT} error={errors.code?.message}>
              <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...register("code")} />
            </FormField>
            <DialogActions busy={isSubmitting}>Make new codes</DialogActions>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DisableDialog({ requiredBy }: { requiredBy: string | null }) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<DisableValues>({
    resolver: zodResolver(disableSchema),
    defaultValues: { password: "", code: "" },
  });

  function onOpenChange(next: boolean) {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) {
      setError(null);
      reset();
    }
  }

  const submit = async (values: DisableValues) => {
    setError(null);
    const res = await postJson("/api/account/two-factor/disable", values);
    if (res.ok) {
      setOpen(false);
      reset();
      toast.success("Two-factor sign-in is off");
      router.refresh();
      return;
    }
    const fields = apiFieldErrors(res.data);
    if (fields.password) setFieldError("password", { message: fields.password }, { shouldFocus: true });
    else if (fields.code) setFieldError("code", { message: fields.code }, { shouldFocus: true });
    else setError(apiErrorMessage(res.status, res.data));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
          {error ? (
            <Alert variant="error" title="Still on">
              {error}
            </Alert>
          ) : null}
          <FormField label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...register("password")} />
          </FormField>
          <FormField label="Authentication code" description={CODE_HINT} error={errors.code?.message}>
            <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...register("code")} />
          </FormField>
          <DialogActions busy={isSubmitting} variant="destructive">
            Turn off two-factor sign-in
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
