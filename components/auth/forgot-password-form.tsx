"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";
import { MailCheck } from "lucide-react";

import { AuthCard, AuthLink } from "@/components/auth/auth-card";
import { apiErrorMessage, messageFrom, postJson } from "@/lib/http/client";
import { useFocusOnChange } from "@/components/auth/use-focus-on-change";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
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
      const errs: unknown = res.data?.errors;
      const emailError = Array.isArray(errs) ? (errs as Array<{ field?: unknown; message?: unknown }>).find((e) => e?.field === "email") : undefined;
      if (emailError && typeof emailError.message === "string") {
        setError("email", { type: "server", message: emailError.message }, { shouldFocus: true });
      } else {
        setServerError(messageFrom(res.data) ?? "Please check your email address and try again.");
      }
      return;
    }
    setServerError(apiErrorMessage(res.status, res.data));
  };

  if (sent) {
    return (
      <AuthCard
        icon={<MailCheck />}
        tone="success"
        title="Check your email"
        titleRef={successHeading}
        description="The link expires soon, so use it as soon as you can. Check your spam folder if it doesn't arrive."
      >
        <div className="grid gap-4">
          <Alert variant="success">{RESET_SENT_MESSAGE}</Alert>
          <Button asChild variant="outline" className="w-full">
            <a href="/login">Back to log in</a>
          </Button>
        </div>
      </AuthCard>
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
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-5">
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}
        <FormField label="Email address" error={errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register("email")} />
        </FormField>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          {isSubmitting ? "Sending link…" : "Send reset link"}
        </Button>
      </form>
    </AuthCard>
  );
}
