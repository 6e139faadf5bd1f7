import Head from "next/head";
import type { GetServerSideProps } from "next";
import { Eye, EyeOff } from "lucide-react";

import { AuthCard, AuthLink } from "@/components/auth/auth-card";
import { AuthFrame } from "@/components/auth/auth-frame";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { GENERIC_ERROR } from "@/lib/http/client";
import { cn } from "@/lib/utils";

// Log-in ships no framework JavaScript (production builds), like the hosted pay pages: it is the first
// page a merchant on mobile data opens. The server renders both steps (password, then the two-factor
// code); /login.js runs them against next-auth's endpoints. Everything it says is in this file.
export const config = { unstable_runtimeJS: false };

type Props = { error: string | null; callbackUrl: string };

/** Human text for the next-auth error codes that arrive as `?error=`; our own messages pass through. */
function describeAuthError(code: string): string {
  switch (code) {
    case "CredentialsSignin":
      return "Invalid email or password";
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

/** Only a same-origin path is a destination after log-in (no open redirects), and never log-in itself. */
function safeCallbackUrl(raw: unknown): string {
  const fallback = "/dashboard";
  if (typeof raw !== "string" || !raw) return fallback;
  try {
    const url = new URL(raw, "http://paylink.invalid");
    if (url.origin !== "http://paylink.invalid") return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("//") || path.startsWith("/login") ? fallback : path;
  } catch {
    return fallback;
  }
}

export const getServerSideProps: GetServerSideProps<Props> = async ({ query, res }) => {
  res.setHeader("cache-control", "private, no-store");
  const error =
    typeof query.error === "string" && query.error
      ? describeAuthError(query.error)
      : query.csrf
        ? "Logging in needs JavaScript. Turn it on in your browser, then try again."
        : null;
  return { props: { error, callbackUrl: safeCallbackUrl(query.callbackUrl) } };
};

/** Label, control and an error line the script fills in; fixed ids, so /login.js finds them. */
function Field({
  id,
  label,
  action,
  description,
  children,
}: {
  id: string;
  label: string;
  action?: React.ReactNode;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex min-h-5 items-center justify-between gap-3">
        <label htmlFor={id} id={`${id}-label`} className="text-sm font-medium leading-none">
          {label}
        </label>
        {action}
      </div>
      {children}
      {description ? (
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <p id={`${id}-error`} className="text-sm font-medium text-destructive" hidden />
    </div>
  );
}

const linkButton =
  "h-auto rounded-sm px-0 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export default function LoginPage({ error, callbackUrl }: Props) {
  return (
    <>
      <Head>
        <title>Log in · Paylink</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, follow" />
        <meta name="theme-color" content="#0b6b4f" />
      </Head>
      <AuthFrame>
        <AuthCard
          title={<span id="login-title">Log in to Paylink</span>}
          description={<span id="login-description">Welcome back. Enter your details to open your dashboard.</span>}
          below={
            <>
              New to Paylink? <AuthLink href="/signup">Create an account</AuthLink>
            </>
          }
        >
          <form method="post" action="/api/auth/callback/credentials" noValidate className="grid gap-5" data-login-form data-callback-url={callbackUrl}>
            <noscript>
              <Alert variant="warning">Logging in needs JavaScript. Turn it on in your browser, then try again.</Alert>
            </noscript>
            <Alert variant="success" title="Verification email sent" hidden data-login-sent>
              We&apos;ve sent a new link to <strong className="break-all" data-login-sent-to />. Open it, then log in.
            </Alert>
            <Alert
              variant="error"
              hidden={!error}
              data-login-error
              action={
                <Button type="button" variant="outline" size="sm" className="bg-background" hidden data-login-resend>
                  Resend verification email
                </Button>
              }
            >
              <span data-login-error-text>{error}</span>
            </Alert>

            <div className="grid gap-5" data-step="password">
              <Field id="email" label="Email address">
                <Input id="email" name="email" type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
              </Field>
              <Field
                id="password"
                label="Password"
                action={
                  <AuthLink href="/forgot-password" className="text-sm">
                    Forgot password?
                  </AuthLink>
                }
              >
                <div className="relative">
                  <Input
                    id="password"
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    autoCapitalize="none"
                    spellCheck={false}
                    className="pr-12"
                  />
                  <button
                    type="button"
                    aria-label="Show password"
                    aria-pressed="false"
                    aria-controls="password"
                    data-password-toggle
                    className={cn(
                      "absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground md:w-10",
                      "hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
                    )}
                  >
                    <Eye className="size-4" aria-hidden="true" data-when="hidden" />
                    <EyeOff className="size-4" aria-hidden="true" data-when="shown" style={{ display: "none" }} />
                  </button>
                </div>
              </Field>
            </div>

            {/* Two-factor sign-in: the e-mail and password above stay in the form and are sent again with the code. */}
            <div className="grid gap-3" data-step="code" hidden>
              <Field id="code" label="Authentication code" description="The 6-digit code your authenticator app shows for Paylink.">
                <Input
                  id="code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={64}
                  className="font-mono tracking-widest"
                />
              </Field>
              <div className="flex flex-wrap justify-between gap-2">
                <button type="button" className={linkButton} data-code-kind>
                  Use a recovery code
                </button>
                <button type="button" className={linkButton} data-code-back>
                  Use a different account
                </button>
              </div>
            </div>

            <Button type="submit" className="w-full" data-login-submit>
              Log in
            </Button>
          </form>
        </AuthCard>
      </AuthFrame>
      <script src="/login.js" defer />
    </>
  );
}
