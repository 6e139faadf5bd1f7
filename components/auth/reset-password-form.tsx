"use client";

import * as React from "react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";
import { CircleCheck, Link2Off } from "lucide-react";

import { AuthCard, AuthForm, AuthLink, AuthResult } from "@/components/auth/auth-card";
import { AuthPromptLink } from "@/components/auth/auth-prompt-link";
import { authErrorMessage } from "@/components/auth/auth-error";
import { useApiForm } from "@/components/ui/use-api-form";
import { postJson } from "@/lib/http/client";
import { useFocusOnChange } from "@/components/auth/use-focus-on-change";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";

const resetSchema = z
  .object({
    password: z.string().min(8, "Use at least 8 characters").max(200, "Use at most 200 characters"),
    confirmPassword: z.string().min(1, "Type your new password again"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords don't match",
  });

type ResetInput = z.input<typeof resetSchema>;
type ResetValues = z.output<typeof resetSchema>;

export function ResetPasswordForm() {
  const searchParams = useSearchParams();
  const token = searchParams?.get("token")?.trim() ?? "";

  const [done, setDone] = React.useState(false);
  // Lost (or someone else's) authenticator: ask to remove two-factor sign-in, which waits 72 hours.
  const [removeTwoFactor, setRemoveTwoFactor] = React.useState(false);
  const [removalAt, setRemovalAt] = React.useState<string | null>(null);
  const successHeading = useFocusOnChange<HTMLHeadingElement>(done);

  const api = useApiForm<ResetInput, ResetValues>({ resolver: zodResolver(resetSchema), defaultValues: { password: "", confirmPassword: "" } });
  const { register, handleSubmit, formState } = api.form;
  const { errors, isSubmitting } = formState;

  const onSubmit = async ({ password }: ResetValues) => {
    api.setError(null);
    const res = await postJson("/api/auth/reset-password", { token, password, ...(removeTwoFactor && { removeTwoFactor }) });
    if (res.ok) {
      setRemovalAt(typeof res.data?.twoFactorRemovalAt === "string" ? res.data.twoFactorRemovalAt : null);
      setDone(true);
      return;
    }
    api.fail(res, ["password"], authErrorMessage(res, "This reset link is invalid or has expired."));
  };

  if (!token) {
    return (
      <AuthResult
        icon={<Link2Off />}
        tone="error"
        title="This reset link is incomplete"
        description="The link is missing its security code. Copy the whole link from the email, or request a new one."
        next={<Link href="/forgot-password">Request a new link</Link>}
      />
    );
  }

  if (done) {
    return (
      <AuthResult icon={<CircleCheck />} tone="success" title="Password updated" titleRef={successHeading} next={<a href="/login">Continue to log in</a>}>
        <Alert variant="success">Your password has been changed. You can now log in with your new password.</Alert>
        {removalAt ? (
          <Alert variant="info">
            Two-factor sign-in will be removed at your first log-in after {new Date(removalAt).toLocaleString()}. We&apos;ve e-mailed you about it. Until then,
            log in with a code (that cancels the removal).
          </Alert>
        ) : null}
      </AuthResult>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="Use at least 8 characters. Avoid passwords you use on other sites."
      below={<AuthPromptLink question="Link expired?" href="/forgot-password" label="Request a new one" />}
    >
      <AuthForm
        onSubmit={handleSubmit(onSubmit)}
        error={api.error}
        errorAction={
          <AuthLink href="/forgot-password" className="text-sm">
            Request a new reset link
          </AuthLink>
        }
        busy={isSubmitting}
        submitLabel="Set new password"
        busyLabel="Saving…"
      >
        <FormField label="New password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...register("password", { deps: "confirmPassword" })} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register("confirmPassword")} />
        </FormField>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={removeTwoFactor} onChange={(e) => setRemoveTwoFactor(e.target.checked)} />
          <span>I can&apos;t use my two-factor codes: remove two-factor sign-in from my account (takes effect after 72 hours; we e-mail you first).</span>
        </label>
      </AuthForm>
    </AuthCard>
  );
}
