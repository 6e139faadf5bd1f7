"use client";

import * as React from "react";

import { AuthCard, AuthForm, AuthLink } from "@/components/auth/auth-card";
import { CheckEmail } from "@/components/auth/check-email";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { apiErrorMessage, apiFieldErrors, messageFrom, postJson } from "@/lib/http/client";

const FIELDS = ["firstName", "lastName", "businessName", "email", "password"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const required = (value: string, message: string, max: number) => (!value ? message : value.length > max ? `Use at most ${max} characters` : undefined);

/** The values as sent: the password as typed; everything else without surrounding spaces. */
const trimmed = (values: Values): Values => ({
  ...values,
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  businessName: values.businessName.trim(),
  email: values.email.trim(),
});

/** Sign-up's checks on the trimmed values, written out: zod and react-hook-form would double the page's script. The API checks again. */
function checkFields(values: Values): Errors {
  const errors: Errors = {
    firstName: required(values.firstName, "Enter your first name", 100),
    lastName: required(values.lastName, "Enter your last name", 100),
    businessName: required(values.businessName, "Enter your business name", 200),
    email: !values.email ? "Enter your email address" : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email) ? undefined : "Enter a valid email address",
    password: values.password.length < 8 ? "Use at least 8 characters" : values.password.length > 200 ? "Use at most 200 characters" : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Errors;
}

/** `pricing`: the fees the merchant accepts by signing up, stated before they do (rendered on the server). */
export function SignupForm({ pricing }: { pricing?: React.ReactNode }) {
  const [values, setValues] = React.useState<Values>({ firstName: "", lastName: "", businessName: "", email: "", password: "" });
  const [errors, setErrors] = React.useState<Errors>({});
  const [isSubmitting, setSubmitting] = React.useState(false);
  const [serverError, setServerError] = React.useState<string | null>(null);
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const form = React.useRef<HTMLFormElement>(null);

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      // A field showing an error is checked again as it changes, so the error goes once it is fixed
      // (the server's errors too: the value they were about is gone). Fields without one stay quiet.
      if (errors[name]) setErrors((current) => ({ ...current, [name]: checkFields(trimmed(next))[name] }));
    },
  });
  /** Shows the errors and focuses the first field that has one. */
  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((name) => found[name]);
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    return Boolean(first);
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const body = trimmed(values);
    if (showErrors(checkFields(body))) return;
    setSubmitting(true);
    const res = await postJson("/api/auth/signup", body).finally(() => setSubmitting(false));
    if (res.ok) {
      setSentTo(body.email);
      return;
    }
    const message = messageFrom(res.data);
    if (res.status === 400) {
      const placed = Object.fromEntries(Object.entries(apiFieldErrors(res.data)).filter(([name]) => (FIELDS as readonly string[]).includes(name))) as Errors;
      if (!showErrors(placed)) setServerError(message ?? "Please check the form and try again.");
      return;
    }
    if (res.status === 409) {
      showErrors({ email: message ?? "An account with this email already exists." });
      return;
    }
    setServerError(apiErrorMessage(res.status, res.data));
  };

  if (sentTo) {
    return (
      <CheckEmail
        description={
          <>
            We&apos;ve sent a verification link to <strong className="break-all font-medium text-foreground">{sentTo}</strong>. Open it to activate your
            account, then log in.
          </>
        }
        next={<a href="/login">Go to log in</a>}
      >
        <p className="text-sm text-muted-foreground">Can&apos;t find it? Check your spam folder. You can request a new link from the log in page.</p>
      </CheckEmail>
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
      <AuthForm ref={form} onSubmit={onSubmit} error={serverError} busy={isSubmitting} submitLabel="Create account" busyLabel="Creating account…">
        <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
          <FormField label="First name" error={errors.firstName}>
            <Input autoComplete="given-name" autoCapitalize="words" {...field("firstName")} />
          </FormField>
          <FormField label="Last name" error={errors.lastName}>
            <Input autoComplete="family-name" autoCapitalize="words" {...field("lastName")} />
          </FormField>
        </div>

        <FormField label="Business name" error={errors.businessName}>
          <Input autoComplete="organization" {...field("businessName")} />
        </FormField>

        <FormField label="Email address" error={errors.email}>
          <Input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...field("email")} />
        </FormField>

        <FormField label="Password" description="At least 8 characters." error={errors.password}>
          <PasswordInput autoComplete="new-password" {...field("password")} />
        </FormField>

        {pricing}
      </AuthForm>
    </AuthCard>
  );
}
