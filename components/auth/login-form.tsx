"use client";

import * as React from "react";
import { useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";

import { AuthCard, AuthLink } from "@/components/auth/auth-card";
import { apiErrorMessage, GENERIC_ERROR, messageFrom, NETWORK_ERROR, postJson } from "@/lib/http/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { TwoFactorCodeStep } from "@/components/auth/two-factor-code-step";

type FieldErrors = { email?: string; password?: string };

/** The log-in page's only checks, written out: zod and react-hook-form would double its script. */
function checkFields(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email) errors.email = "Enter your email address";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = "Enter a valid email address";
  if (!password) errors.password = "Enter your password";
  return errors;
}

const INVALID_CREDENTIALS = "Invalid email or password";
/** The server's answer when the password was right and the account has two-factor sign-in. */
const CODE_REQUIRED = "Two-factor code required";

/** Human text for next-auth error codes that can arrive as `?error=` or as `signIn()`'s `error`. */
function describeAuthError(code: string): string {
  switch (code) {
    case "CredentialsSignin":
      return INVALID_CREDENTIALS;
    case "SessionRequired":
      return "Please log in to continue.";
    case "Configuration":
    case "Callback":
    case "Default":
      return GENERIC_ERROR;
    default:
      return code;
  }
}

function needsVerification(message: string): boolean {
  return /verif/i.test(message);
}

/** Only same-origin destinations are allowed after login (no open redirects). */
function safeCallbackUrl(raw: string | null): string {
  const fallback = "/dashboard";
  if (!raw) return fallback;
  try {
    const origin = window.location.origin;
    const url = new URL(raw, origin);
    if (url.origin !== origin) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/login")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

type ResendState = { status: "idle" | "sending" } | { status: "sent"; email: string } | { status: "error"; message: string };

export function LoginForm() {
  const searchParams = useSearchParams();
  const initialError = searchParams?.get("error") ?? null;

  const [serverError, setServerError] = React.useState<string | null>(initialError ? describeAuthError(initialError) : null);
  const [resend, setResend] = React.useState<ResendState>({ status: "idle" });
  const [redirecting, setRedirecting] = React.useState(false);
  // After the password: the account has two-factor sign-in and asks for a code.
  const [codeStep, setCodeStep] = React.useState(false);
  const [useRecoveryCode, setUseRecoveryCode] = React.useState(false);
  const [code, setCode] = React.useState("");
  const [codeError, setCodeError] = React.useState<string | null>(null);
  // Bumped to move focus to the code field (when it appears, and after a refused code).
  const [codeFocus, setCodeFocus] = React.useState(0);

  // Kept in state, not read from the inputs: the code step hides them and sends them again.
  const [email, setEmail] = React.useState("");
  const [password, setPassword] = React.useState("");
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = React.useState(false);
  const emailInput = React.useRef<HTMLInputElement>(null);
  const passwordInput = React.useRef<HTMLInputElement>(null);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!codeStep) {
      const found = checkFields(email.trim(), password);
      setErrors(found);
      if (found.email) return emailInput.current?.focus();
      if (found.password) return passwordInput.current?.focus();
    }
    setSubmitting(true);
    try {
      await logIn(email.trim());
    } finally {
      setSubmitting(false);
    }
  };

  const logIn = async (email: string) => {
    setServerError(null);
    setResend({ status: "idle" });
    setCodeError(null);
    const typed = code.trim();
    if (codeStep && !typed) {
      setCodeError(useRecoveryCode ? "Enter one of your recovery codes" : "Enter the 6-digit code from your authenticator app");
      setCodeFocus((n) => n + 1);
      return;
    }
    let res: Awaited<ReturnType<typeof signIn>>;
    try {
      res = await signIn("credentials", { email, password, ...(codeStep && { code: typed }), redirect: false });
    } catch {
      setServerError(NETWORK_ERROR);
      return;
    }

    if (res?.ok && !res.error) {
      setRedirecting(true);
      // A full page load, not router.push + refresh: the session cookie is new, and a client
      // navigation racing its own refresh could render the dashboard twice.
      window.location.assign(safeCallbackUrl(searchParams?.get("callbackUrl") ?? null));
      return;
    }
    const message = res?.error ? describeAuthError(res.error) : GENERIC_ERROR;
    if (message === CODE_REQUIRED) {
      setCodeStep(true);
      setCodeFocus((n) => n + 1);
      return;
    }
    // A wrong or used code: stay on the code step with the reason beside the field.
    if (codeStep && /code/i.test(message) && !/too many/i.test(message)) {
      setCodeError(message);
      setCode("");
      setCodeFocus((n) => n + 1);
      return;
    }
    setServerError(message);
  };

  const backToPassword = () => {
    setCodeStep(false);
    setUseRecoveryCode(false);
    setCode("");
    setCodeError(null);
    setServerError(null);
  };

  const resendVerification = async () => {
    setResend({ status: "sending" });
    const res = await postJson("/api/auth/resend-verification", { email: email.trim() });
    if (res.ok) {
      setServerError(null);
      setResend({ status: "sent", email: email.trim() });
    } else {
      const message = res.status >= 400 && res.status < 500 ? messageFrom(res.data) : undefined;
      setResend({ status: "error", message: message ?? apiErrorMessage(res.status, res.data) });
    }
  };

  // Keep the button busy while the dashboard loads after a successful login.
  const busy = isSubmitting || redirecting;
  const showResend = serverError !== null && needsVerification(serverError);

  return (
    <AuthCard
      title={codeStep ? "Two-factor sign-in" : "Log in to Paylink"}
      description={codeStep ? "Your password was right. Now enter a code to finish signing in." : "Welcome back. Enter your details to open your dashboard."}
      below={
        <>
          New to Paylink? <AuthLink href="/signup">Create an account</AuthLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {resend.status === "sent" ? (
          <Alert variant="success" title="Verification email sent">
            We&apos;ve sent a new link to <strong className="break-all">{resend.email}</strong>. Open it, then log in.
          </Alert>
        ) : null}

        {serverError ? (
          <Alert
            variant="error"
            action={
              showResend ? (
                <Button type="button" variant="outline" size="sm" className="bg-background" loading={resend.status === "sending"} onClick={resendVerification}>
                  Resend verification email
                </Button>
              ) : null
            }
          >
            {serverError}
          </Alert>
        ) : null}

        {resend.status === "error" ? <Alert variant="error">{resend.message}</Alert> : null}

        {codeStep ? (
          // The e-mail and password stay in the form's state and are sent again with the code.
          <TwoFactorCodeStep
            code={code}
            onCodeChange={setCode}
            error={codeError}
            useRecoveryCode={useRecoveryCode}
            onUseRecoveryCodeChange={setUseRecoveryCode}
            onBack={backToPassword}
            focusKey={codeFocus}
          />
        ) : (
          <>
            <FormField label="Email address" error={errors.email}>
              <Input
                ref={emailInput}
                name="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
              />
            </FormField>

            <FormField
              label="Password"
              error={errors.password}
              labelAction={
                <AuthLink href="/forgot-password" className="text-sm">
                  Forgot password?
                </AuthLink>
              }
            >
              <PasswordInput
                ref={passwordInput}
                name="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
              />
            </FormField>
          </>
        )}

        <Button type="submit" className="w-full" loading={busy}>
          {busy ? "Logging in…" : codeStep ? "Verify and log in" : "Log in"}
        </Button>
      </form>
    </AuthCard>
  );
}
