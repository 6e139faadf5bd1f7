import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { CircleCheck, MailX } from "lucide-react";

import { AuthLink, AuthResult } from "@/components/auth/auth-card";
import { authOptions } from "@/lib/auth/next-auth";
import { VERIFY_EMAIL_FAILURES, type VerifyEmailFailure } from "@/lib/auth/sign-up-and-log-in";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Verify your email" };

type SearchParams = Promise<{ token?: string; status?: string }>;

// The outcome of GET /api/auth/verify-email, which verifies the link and signs the person in.
export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const { token, status } = await searchParams;
  // A link to this page itself (older e-mails' redirect) is verified where the session can be set.
  if (typeof token === "string" && token.trim()) redirect(`/api/auth/verify-email?token=${encodeURIComponent(token.trim())}`);

  if (status === "verified") {
    const email = (await getServerSession(authOptions))?.user?.email;
    return (
      <AuthResult
        icon={<CircleCheck />}
        tone="success"
        title="Email verified"
        description="Thanks for confirming your email address. Your Paylink account is ready."
        next={email ? <a href="/dashboard">Continue to your dashboard</a> : <a href="/login">Continue to log in</a>}
      >
        {email ? (
          <p className="text-sm text-muted-foreground">
            You&apos;re signed in as <strong className="break-all text-foreground">{email}</strong>.
          </p>
        ) : null}
      </AuthResult>
    );
  }

  const message =
    status && Object.hasOwn(VERIFY_EMAIL_FAILURES, status) ? VERIFY_EMAIL_FAILURES[status as VerifyEmailFailure] : "This verification link is incomplete.";
  return (
    <AuthResult
      icon={<MailX />}
      tone="error"
      title="We couldn't verify your email"
      description={message}
      below={
        <>
          Need help? <AuthLink href="/signup">Create a new account</AuthLink>
        </>
      }
      next={<a href="/login">Go to log in</a>}
    >
      <p className="text-sm text-muted-foreground">
        Verification links can only be used once and expire after a while. Log in with your email and password and we&apos;ll offer to send you a fresh link.
      </p>
    </AuthResult>
  );
}
