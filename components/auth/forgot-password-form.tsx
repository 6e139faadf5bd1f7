"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";

import { AuthCard, AuthForm } from "@/components/auth/auth-card";
import { AuthPromptLink } from "@/components/auth/auth-prompt-link";
import { authErrorMessage } from "@/components/auth/auth-error";
import { useApiForm } from "@/components/ui/use-api-form";
import { postJson } from "@/lib/http/client";
import { CheckEmail } from "@/components/auth/check-email";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

const forgotSchema = z.object({
  email: z.string().trim().min(1, "Enter your email address").pipe(z.email("Enter a valid email address")),
});

type ForgotInput = z.input<typeof forgotSchema>;
type ForgotValues = z.output<typeof forgotSchema>;

export const RESET_SENT_MESSAGE = "If an account exists for that email, we've sent a reset link.";

export function ForgotPasswordForm() {
  const [sent, setSent] = React.useState(false);

  const api = useApiForm<ForgotInput, ForgotValues>({ resolver: zodResolver(forgotSchema), defaultValues: { email: "" } });
  const { register, handleSubmit, formState } = api.form;
  const { errors, isSubmitting } = formState;

  const onSubmit = async ({ email }: ForgotValues) => {
    api.setError(null);
    const res = await postJson("/api/auth/forgot-password", { email });
    if (res.ok) return setSent(true);
    api.fail(res, ["email"], authErrorMessage(res, "Please check your email address and try again."));
  };

  if (sent) {
    return (
      <CheckEmail
        description="The link expires soon, so use it as soon as you can. Check your spam folder if it doesn't arrive."
        next={<a href="/login">Back to log in</a>}
        nextVariant="outline"
      >
        <Alert variant="success">{RESET_SENT_MESSAGE}</Alert>
      </CheckEmail>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
      below={<AuthPromptLink question="Remembered it?" href="/login" label="Back to log in" />}
    >
      <AuthForm onSubmit={handleSubmit(onSubmit)} error={api.error} busy={isSubmitting} submitLabel="Send reset link" busyLabel="Sending link…">
        <FormField label="Email address" error={errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register("email")} />
        </FormField>
      </AuthForm>
    </AuthCard>
  );
}
