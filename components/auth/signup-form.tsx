"use client";

import * as React from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";
import { MailCheck } from "lucide-react";

import { AuthCard, AuthLink } from "@/components/auth/auth-card";
import { useFocusOnChange } from "@/components/auth/use-focus-on-change";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { apiErrorMessage, messageFrom, postJson } from "@/lib/http/client";

const signupSchema = z.object({
  firstName: z.string().trim().min(1, "Enter your first name").max(100, "Use at most 100 characters"),
  lastName: z.string().trim().min(1, "Enter your last name").max(100, "Use at most 100 characters"),
  businessName: z.string().trim().min(1, "Enter your business name").max(200, "Use at most 200 characters"),
  email: z.string().trim().min(1, "Enter your email address").pipe(z.email("Enter a valid email address")),
  password: z.string().min(8, "Use at least 8 characters").max(200, "Use at most 200 characters"),
});

type SignupInput = z.input<typeof signupSchema>;
type SignupValues = z.output<typeof signupSchema>;
const fieldNames = Object.keys(signupSchema.shape) as Array<keyof SignupValues>;

function isSignupField(name: unknown): name is keyof SignupValues {
  return typeof name === "string" && (fieldNames as string[]).includes(name);
}

export function SignupForm() {
  const [serverError, setServerError] = React.useState<string | null>(null);
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const successHeading = useFocusOnChange<HTMLHeadingElement>(sentTo);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { firstName: "", lastName: "", businessName: "", email: "", password: "" },
  });

  const onSubmit = async (values: SignupValues) => {
    setServerError(null);
    const res = await postJson("/api/auth/signup", values);

    if (res.ok) {
      setSentTo(values.email);
      return;
    }

    const message = messageFrom(res.data);

    if (res.status === 400) {
      const list: unknown = res.data?.errors;
      let first = true;
      if (Array.isArray(list)) {
        for (const item of list as Array<{ field?: unknown; message?: unknown }>) {
          if (!isSignupField(item?.field)) continue;
          setError(
            item.field,
            { type: "server", message: typeof item.message === "string" ? item.message : "This value is not valid" },
            { shouldFocus: first },
          );
          first = false;
        }
      }
      if (first) setServerError(message ?? "Please check the form and try again.");
      return;
    }
    if (res.status === 409) {
      setError("email", { type: "server", message: message ?? "An account with this email already exists." }, { shouldFocus: true });
      return;
    }
    setServerError(apiErrorMessage(res.status, res.data));
  };

  if (sentTo) {
    return (
      <AuthCard
        icon={<MailCheck />}
        tone="success"
        title="Check your email"
        titleRef={successHeading}
        description={
          <>
            We&apos;ve sent a verification link to <strong className="break-all font-medium text-foreground">{sentTo}</strong>. Open it to activate your
            account, then log in.
          </>
        }
      >
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">Can&apos;t find it? Check your spam folder. You can request a new link from the log in page.</p>
          <Button asChild className="w-full">
            <Link href="/login">Go to log in</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your Paylink account"
      description="Start collecting payments in minutes. Test mode is ready as soon as you verify your email."
      below={
        <>
          Already have an account? <AuthLink href="/login">Log in</AuthLink>
        </>
      }
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-5">
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}

        <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
          <FormField label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" autoCapitalize="words" {...register("firstName")} />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" autoCapitalize="words" {...register("lastName")} />
          </FormField>
        </div>

        <FormField label="Business name" error={errors.businessName?.message}>
          <Input autoComplete="organization" {...register("businessName")} />
        </FormField>

        <FormField label="Email address" error={errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register("email")} />
        </FormField>

        <FormField label="Password" description="At least 8 characters." error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...register("password")} />
        </FormField>

        <Button type="submit" className="w-full" loading={isSubmitting}>
          {isSubmitting ? "Creating account…" : "Create account"}
        </Button>
      </form>
    </AuthCard>
  );
}
