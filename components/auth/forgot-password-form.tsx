"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";
import { MailCheck } from "lucide-react";

import { AuthCard, AuthForm, AuthLink, AuthResult } from "@/components/auth/auth-card";
import { apiErrorMessage, apiFieldErrors, messageFrom, postJson } from "@/lib/http/client";
import { useFocusOnChange } from "@/components/auth/use-focus-on-change";
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
  const [serverError, setServerError] = React.useState<string | null>(null);
  const [sent, setSent] = React.useState(false);
  const successHeading = useFocusOnChange<HTMLHeadingElement>(sent);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, ForgotValues>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = async ({ email }: ForgotValues) => {
    setServerError(null);
    const res = await postJson("/api/auth/forgot-password", { email });
    if (res.ok) {
      setSent(true);
      return;
    }
    if (res.status === 400) {
      const emailError = apiFieldErrors(res.data).email;
      if (emailError) setError("email", { type: "server", message: emailError }, { shouldFocus: true });
      else setServerError(messageFrom(res.data) ?? "Please check your email address and try again.");
      return;
    }
    setServerError(apiErrorMessage(res.status, res.data));
  };

  if (sent) {
    return (
      <AuthResult
        icon={<MailCheck />}
        tone="success"
        title="Check your email"
        titleRef={successHeading}
        description="The link expires soon, so use it as soon as you can. Check your spam folder if it doesn't arrive."
        next={<a href="/login">Back to log in</a>}
        nextVariant="outline"
      >
        <Alert variant="success">{RESET_SENT_MESSAGE}</Alert>
      </AuthResult>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
      below={
        <>
          Remembered it? <AuthLink href="/login">Back to log in</AuthLink>
        </>
      }
    >
      <AuthForm onSubmit={handleSubmit(onSubmit)} error={serverError} busy={isSubmitting} submitLabel="Send reset link" busyLabel="Sending link…">
        <FormField label="Email address" error={errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register("email")} />
        </FormField>
      </AuthForm>
    </AuthCard>
  );
}
