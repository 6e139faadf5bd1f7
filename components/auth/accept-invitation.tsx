"use client";

import * as React from "react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";
import { CircleCheck, Link2Off } from "lucide-react";

import { AuthCard, AuthForm, AuthResult } from "@/components/auth/auth-card";
import { AuthFormSkeleton } from "@/components/auth/auth-form-skeleton";
import { NameFields } from "@/components/auth/name-fields";
import { apiErrorMessage, messageFrom, NETWORK_ERROR, postJson } from "@/lib/http/client";
import { useFocusOnChange } from "@/components/auth/use-focus-on-change";
import { roleName } from "@/components/team/roles";
import { useApiForm } from "@/components/ui/use-api-form";
import { Alert, ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { CURRENT_MERCHANT_COOKIE } from "@/lib/auth/cookies";

// userExists: a verified account joins with one click. Otherwise the person chooses a name and password;
// replacesUnverifiedAccount: an unconfirmed sign-up with this address exists and is replaced on accepting.
type Invitation = {
  email: string;
  role: string;
  merchant: { id: string; businessName: string };
  invitedBy: string | null;
  userExists: boolean;
  replacesUnverifiedAccount?: boolean;
};
type State =
  | { status: "loading" }
  | { status: "invalid"; message: string }
  | { status: "ready"; invitation: Invitation }
  | { status: "joined"; invitation: Invitation; signedIn: boolean };

const newUserSchema = z.object({
  firstName: z.string().trim().min(1, "Enter your first name").max(60, "Use at most 60 characters"),
  lastName: z.string().trim().min(1, "Enter your last name").max(60, "Use at most 60 characters"),
  password: z.string().min(8, "Use at least 8 characters").max(128, "Use at most 128 characters"),
});
type NewUserInput = z.input<typeof newUserSchema>;
type NewUserValues = z.output<typeof newUserSchema>;

/** After joining, the dashboard opens on the business that invited them. */
function chooseMerchant(merchantId: string) {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${CURRENT_MERCHANT_COOKIE}=${encodeURIComponent(merchantId)}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * The page an invitation e-mail links to. Someone with an account joins with one click (the token
 * proves the address) and then logs in as usual, two-factor step included; someone new picks a name
 * and password first and is signed in by the answer (lib/auth/session-cookie.ts).
 */
export function AcceptInvitation() {
  const token = useSearchParams()?.get("token")?.trim() ?? "";
  const [state, setState] = React.useState<State>(
    token ? { status: "loading" } : { status: "invalid", message: "The link is missing its security code. Copy the whole link from the email." },
  );

  React.useEffect(() => {
    if (!token) return;
    let cancelled = false;
    fetch(`/api/invitations/${encodeURIComponent(token)}`, { headers: { Accept: "application/json" } })
      .then(async (res) => {
        const data: unknown = await res.json().catch(() => null);
        if (cancelled) return;
        if (res.ok) setState({ status: "ready", invitation: (data as { invitation: Invitation }).invitation });
        else setState({ status: "invalid", message: (res.status === 400 && messageFrom(data)) || apiErrorMessage(res.status, data) });
      })
      .catch(() => !cancelled && setState({ status: "invalid", message: NETWORK_ERROR }));
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (state.status === "loading") return <AuthFormSkeleton fields={3} />;
  if (state.status === "invalid") {
    return (
      <AuthCard icon={<Link2Off />} tone="error" title="This invitation can't be used" description={state.message}>
        <p className="text-sm text-muted-foreground">Ask the person who invited you to send a new invitation.</p>
      </AuthCard>
    );
  }
  if (state.status === "joined") return <Joined invitation={state.invitation} signedIn={state.signedIn} />;
  const onJoined = (signedIn: boolean) => {
    chooseMerchant(state.invitation.merchant.id);
    setState({ status: "joined", invitation: state.invitation, signedIn });
  };
  return state.invitation.userExists ? (
    <ExistingUser token={token} invitation={state.invitation} onJoined={onJoined} />
  ) : (
    <NewUser token={token} invitation={state.invitation} onJoined={onJoined} />
  );
}

function intro(invitation: Invitation) {
  return (
    <>
      {invitation.invitedBy ?? "A team member"} invited <strong className="break-all text-foreground">{invitation.email}</strong> to join{" "}
      <strong className="text-foreground">{invitation.merchant.businessName}</strong> with the{" "}
      <strong className="text-foreground">{roleName(invitation.role)}</strong> role.
    </>
  );
}

type StepProps = { token: string; invitation: Invitation; onJoined: (signedIn: boolean) => void };

function ExistingUser({ token, invitation, onJoined }: StepProps) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  async function accept() {
    setBusy(true);
    setError(null);
    const res = await postJson("/api/invitations/accept", { token });
    setBusy(false);
    if (res.ok) return onJoined(false);
    setError(apiErrorMessage(res.status, res.data));
  }
  return (
    <AuthCard title={`Join ${invitation.merchant.businessName}`} description={intro(invitation)}>
      <div className="grid gap-4">
        <ErrorAlert message={error} />
        <p className="text-sm text-muted-foreground">You already have a Paylink account with this email. After accepting, log in with your usual password.</p>
        <Button className="w-full" loading={busy} onClick={accept}>
          {busy ? "Joining…" : "Accept invitation"}
        </Button>
      </div>
    </AuthCard>
  );
}

function NewUser({ token, invitation, onJoined }: StepProps) {
  const api = useApiForm<NewUserInput, NewUserValues>({ resolver: zodResolver(newUserSchema), defaultValues: { firstName: "", lastName: "", password: "" } });
  const { register, handleSubmit, formState } = api.form;
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: NewUserValues) => {
    api.setError(null);
    const res = await postJson("/api/invitations/accept", { token, ...values });
    if (res.ok) return onJoined(true);
    api.fail(res, ["firstName", "lastName", "password"]);
  };

  return (
    <AuthCard title={`Join ${invitation.merchant.businessName}`} description={intro(invitation)}>
      <AuthForm
        onSubmit={handleSubmit(onSubmit)}
        error={api.error}
        busy={isSubmitting}
        submitLabel="Create account and join"
        busyLabel="Creating your account…"
      >
        {invitation.replacesUnverifiedAccount ? (
          <Alert>
            Someone signed up with this address but never confirmed it. Accepting replaces that sign-up: choose your own password below, and anything set up
            under it is removed.
          </Alert>
        ) : null}
        <FormField label="Email address" description="You'll log in with this address.">
          <Input type="email" value={invitation.email} readOnly className="bg-muted text-muted-foreground" />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <NameFields register={register} errors={errors} />
        </div>
        <FormField label="Password" error={errors.password?.message} description={errors.password ? undefined : "At least 8 characters."}>
          <PasswordInput autoComplete="new-password" {...register("password")} />
        </FormField>
      </AuthForm>
    </AuthCard>
  );
}

function Joined({ invitation, signedIn }: { invitation: Invitation; signedIn: boolean }) {
  const heading = useFocusOnChange<HTMLHeadingElement>(true);
  return (
    <AuthResult
      icon={<CircleCheck />}
      tone="success"
      title={`You've joined ${invitation.merchant.businessName}`}
      titleRef={heading}
      next={<Link href="/dashboard">{signedIn ? "Continue to your dashboard" : "Continue to log in"}</Link>}
    >
      <Alert variant="success">
        You&apos;re on the team with the {roleName(invitation.role)} role.{" "}
        {signedIn ? (
          <>
            You&apos;re signed in as <strong className="break-all">{invitation.email}</strong>.
          </>
        ) : (
          <>
            Log in as <strong className="break-all">{invitation.email}</strong> to get started.
          </>
        )}
      </Alert>
    </AuthResult>
  );
}
