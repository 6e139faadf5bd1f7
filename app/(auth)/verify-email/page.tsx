import type { Metadata } from "next";
import { CircleCheck, MailX } from "lucide-react";

import { AuthCard, AuthLink } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { verifyEmailToken } from "@/lib/auth/sign-up-and-log-in";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Verify your email" };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const result =
    typeof token === "string" && token.trim()
      ? await verifyEmailToken(token.trim())
      : ({ ok: false, message: "This verification link is incomplete." } as const);

  if (result.ok) {
    return (
      <AuthCard
        icon={<CircleCheck />}
        tone="success"
        title="Email verified"
        description="Thanks for confirming your email address. Your Paylink account is ready."
      >
        <Button asChild className="w-full">
          <a href="/login">Continue to log in</a>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<MailX />}
      tone="error"
      title="We couldn't verify your email"
      description={result.message}
      below={
        <>
          Need help? <AuthLink href="/signup">Create a new account</AuthLink>
        </>
      }
    >
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          Verification links can only be used once and expire after a while. Log in with your email and password and we&apos;ll offer to send you a fresh link.
        </p>
        <Button asChild className="w-full">
          <a href="/login">Go to log in</a>
        </Button>
      </div>
    </AuthCard>
  );
}
