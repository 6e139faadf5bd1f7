"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Smartphone } from "lucide-react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";

import { RecoveryCodes } from "@/components/settings/recovery-codes";
import { CopyableCode } from "@/components/ui/copy-button";
import { Alert, ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useTextField } from "@/components/ui/use-text-field";
import { apiErrorMessage, apiFieldErrors, postJson } from "@/lib/http/client";

const codeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code your authenticator app shows")),
});
type CodeInput = z.input<typeof codeSchema>;
type CodeValues = z.output<typeof codeSchema>;

type Offer = { secret: string; otpauthUri: string; qrCode: string };
type Step = { name: "start" } | { name: "scan"; offer: Offer } | { name: "codes"; codes: string[] };

/** "ABCD EFGH …": easier to read and type; authenticator apps ignore the spaces. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Turning on two-factor sign-in: a QR code, a link that opens the authenticator app on this device
 * (a phone cannot scan its own screen) and the key as text, confirmed with a code; then the
 * recovery codes, once. `doneHref` is where "Done" goes (the page reloads either way, as the
 * confirmation signed out other sessions and refreshed this one's cookie).
 */
export function TwoFactorSetup({ doneHref }: { doneHref?: string }) {
  const router = useRouter();
  const [step, setStep] = React.useState<Step>({ name: "start" });
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const password = useTextField();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: "" },
  });

  async function start(event: React.FormEvent) {
    event.preventDefault();
    if (!password.value) {
      password.setError("Enter your password");
      return;
    }
    setBusy(true);
    setError(null);
    password.setError(undefined);
    // The password proves it is the account holder, not just someone holding this session.
    const res = await postJson("/api/account/two-factor/setup", { password: password.value });
    if (!res.ok) {
      setBusy(false);
      const field = apiFieldErrors(res.data).password;
      if (field) password.setError(field);
      else setError(apiErrorMessage(res.status, res.data, "Two-factor set-up could not start."));
      return;
    }
    password.setValue("");
    // Loaded only when someone sets up: the rest of the dashboard never needs it.
    const QRCode = (await import("qrcode")).default;
    const otpauthUri = String(res.data.otpauthUri);
    const svg = await QRCode.toString(otpauthUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    setBusy(false);
    setStep({ name: "scan", offer: { secret: String(res.data.secret), otpauthUri, qrCode: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` } });
  }

  React.useEffect(() => {
    if (step.name === "scan") setFocus("code");
  }, [step.name, setFocus]);

  const confirm = async ({ code }: CodeValues) => {
    setError(null);
    const res = await postJson("/api/account/two-factor/confirm", { code });
    if (res.ok) {
      setStep({ name: "codes", codes: res.data.recoveryCodes as string[] });
      return;
    }
    const field = apiFieldErrors(res.data).code;
    if (field) setFieldError("code", { message: field }, { shouldFocus: true });
    else setError(apiErrorMessage(res.status, res.data, "Two-factor sign-in could not be turned on."));
  };

  function done() {
    if (doneHref) window.location.assign(doneHref);
    else router.refresh();
  }

  if (step.name === "codes") {
    return (
      <div className="grid gap-4">
        <Alert variant="success" title="Two-factor sign-in is on">
          From now on you&apos;ll enter a code from your authenticator app after your password. Your other sessions have been signed out.
        </Alert>
        <RecoveryCodes codes={step.codes} />
        <div>
          <Button onClick={done}>I&apos;ve saved my recovery codes</Button>
        </div>
      </div>
    );
  }

  if (step.name === "start") {
    return (
      <form onSubmit={start} noValidate className="grid max-w-xl gap-4">
        <ErrorAlert message={error} />
        <p className="text-sm text-muted-foreground">
          After your password, you&apos;ll also enter a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password, Authy…).
        </p>
        <FormField label="Your password" error={password.error}>
          <Input type="password" autoComplete="current-password" className="max-w-72" value={password.value} onChange={password.onChange} />
        </FormField>
        <div>
          <Button type="submit" loading={busy}>
            Set up two-factor sign-in
          </Button>
        </div>
      </form>
    );
  }

  const { offer } = step;
  return (
    <form onSubmit={handleSubmit(confirm)} noValidate className="grid max-w-xl gap-5">
      <ErrorAlert title="Not turned on" message={error} />
      <section aria-labelledby="two-factor-scan" className="grid gap-3">
        <h3 id="two-factor-scan" className="text-sm font-semibold">
          1. Add Paylink to your authenticator app
        </h3>
        <p className="text-sm text-muted-foreground">On a computer, scan the QR code with your phone. On a phone, tap “Open in authenticator app”.</p>
        {/* A phone can't scan its own screen: there the link comes first; on a wider screen the QR code does. */}
        <div className="flex flex-col items-start gap-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- a generated data: URL, nothing to optimise */}
          <img
            src={offer.qrCode}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="order-2 rounded-lg border bg-white p-2 sm:order-1"
          />
          <Button asChild variant="outline" size="sm" className="order-1 sm:order-2">
            <a href={offer.otpauthUri} data-testid="two-factor-otpauth">
              <Smartphone aria-hidden="true" />
              Open in authenticator app
            </a>
          </Button>
        </div>
      </section>
      <section aria-labelledby="two-factor-key" className="grid gap-2">
        <h3 id="two-factor-key" className="text-sm font-semibold">
          2. Or type this setup key into the app
        </h3>
        <CopyableCode value={offer.secret} label="setup key" testId="two-factor-secret" className="break-words tracking-wide">
          {grouped(offer.secret)}
        </CopyableCode>
      </section>
      <FormField label="3. Enter the 6-digit code the app shows" error={errors.code?.message}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={9} className="max-w-48 font-mono tracking-widest" {...register("code")} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={isSubmitting}>
          Turn on two-factor sign-in
        </Button>
        <Button type="button" variant="outline" onClick={() => setStep({ name: "start" })} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
