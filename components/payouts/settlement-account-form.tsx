"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Search, TriangleAlert } from "lucide-react";

import { useFocusOnChange } from "@/components/auth/use-focus-on-change";
import { BankPicker, type BankOption } from "@/components/payouts/bank-picker";
import { MaskedAccountNumber } from "@/components/payouts/payout-display";
import { Alert, ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toast";
import { useTextField } from "@/components/ui/use-text-field";
import { apiErrorMessage, apiFieldErrors, type ApiResult, sendJson } from "@/lib/http/client";
import { cn } from "@/lib/utils";

/** What POST …/settlement-account/resolve answers: the processor's name for the account, never saved. */
type ResolvedAccount = { bankCode: string; bankName: string; accountNumber: string; accountName: string; nameMatchesBusiness: boolean };

type FieldErrors = { bankCode?: string; accountNumber?: string };

/** The NUBAN check the API makes (lib/payouts/schemas.ts), with a sentence a person can act on. */
function accountNumberProblem(value: string): string | undefined {
  if (value === "") return "Enter the 10-digit account number";
  if (!/^\d+$/.test(value)) return "Use digits only: a Nigerian account number (NUBAN) has 10 digits";
  if (value.length !== 10) return `Enter all 10 digits of the account number (${value.length} so far)`;
  return undefined;
}

export interface SettlementAccountFormProps {
  merchantId: string;
  banks: BankOption[];
  businessName: string;
  /** The signed-in user has two-factor sign-in on: they may confirm with a code instead of the password. */
  twoFactorEnabled: boolean;
  /** Changing an existing account (wording) rather than adding the first one. */
  replacing: boolean;
  /** Called after a successful save, or when the person cancels (only offered while replacing). */
  onDone?: () => void;
}

/**
 * Adding or changing the settlement account: pick a bank and type the account number, the processor
 * says whose account it is, the person checks the name and confirms with their password or a
 * two-factor code. A name unlike the business's is pointed out but does not block.
 */
export function SettlementAccountForm({ merchantId, banks, businessName, twoFactorEnabled, replacing, onDone }: SettlementAccountFormProps) {
  const router = useRouter();
  const id = React.useId();
  const [bankCode, setBankCode] = React.useState("");
  const [accountNumber, setAccountNumber] = React.useState("");
  const [fieldErrors, setFieldErrors] = React.useState<FieldErrors>({});
  const [lookupError, setLookupError] = React.useState<string | null>(null);
  const [looking, setLooking] = React.useState(false);
  const [resolved, setResolved] = React.useState<ResolvedAccount | null>(null);

  const [method, setMethod] = React.useState<"code" | "password">(twoFactorEnabled ? "code" : "password");
  const secretField = useTextField();
  const [saveError, setSaveError] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);

  const bankRef = React.useRef<HTMLInputElement>(null);
  const numberRef = React.useRef<HTMLInputElement>(null);
  const secretRef = React.useRef<HTMLInputElement>(null);
  const resultRef = useFocusOnChange<HTMLHeadingElement>(resolved);
  // Fields are disabled while a request runs: focus one only after the render that enables it again.
  const [focusRequest, setFocusRequest] = React.useState<{ target: React.RefObject<HTMLElement | null> } | null>(null);
  React.useEffect(() => {
    focusRequest?.target.current?.focus();
  }, [focusRequest]);
  const focusAfterRender = (target: React.RefObject<HTMLElement | null>) => setFocusRequest({ target });

  /** A change to the bank or the number makes the looked-up name stale. */
  function forgetLookup() {
    setResolved(null);
    setLookupError(null);
    setSaveError(null);
    secretField.reset();
  }

  // Switching between code and password starts the secret afresh.
  function chooseMethod(next: "code" | "password") {
    setMethod(next);
    secretField.reset();
  }

  function validate(): FieldErrors {
    const errors: FieldErrors = {};
    if (!bankCode) errors.bankCode = "Choose the bank";
    const problem = accountNumberProblem(accountNumber);
    if (problem) errors.accountNumber = problem;
    return errors;
  }

  /** 400 answers name their fields; put each on its control. */
  function placeFieldErrors(res: ApiResult): boolean {
    const errors = apiFieldErrors(res.data);
    const placed: FieldErrors = {};
    if (errors.bankCode) placed.bankCode = errors.bankCode;
    if (errors.accountNumber) placed.accountNumber = errors.accountNumber;
    if (!placed.bankCode && !placed.accountNumber) return false;
    setFieldErrors(placed);
    focusAfterRender(placed.bankCode ? bankRef : numberRef);
    return true;
  }

  async function lookUp(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    forgetLookup();
    const errors = validate();
    setFieldErrors(errors);
    if (errors.bankCode || errors.accountNumber) {
      (errors.bankCode ? bankRef : numberRef).current?.focus();
      return;
    }
    setLooking(true);
    const res = await sendJson("POST", `/api/merchants/${merchantId}/settlement-account/resolve`, { bankCode, accountNumber });
    setLooking(false);
    if (res.ok && res.data?.account) {
      setResolved(res.data.account as ResolvedAccount);
      return;
    }
    if (res.status === 400 && placeFieldErrors(res)) return;
    setLookupError(
      res.status === 422
        ? `${apiErrorMessage(res.status, res.data)}. Check the bank and the account number, then try again.`
        : apiErrorMessage(res.status, res.data, "The account could not be looked up."),
    );
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!resolved) return;
    setSaveError(null);
    const typed = secretField.value.trim();
    if (!typed) {
      secretField.setError(method === "code" ? "Enter the code from your authenticator app" : "Enter your password");
      secretRef.current?.focus();
      return;
    }
    secretField.setError(undefined);
    setSaving(true);
    const res = await sendJson("PUT", `/api/merchants/${merchantId}/settlement-account`, {
      bankCode,
      accountNumber,
      ...(method === "code" ? { code: typed } : { password: secretField.value }),
    });
    setSaving(false);
    if (res.ok) {
      toast.success("Settlement account saved", {
        description: `Payouts now go to ${resolved.bankName}, account ending ${resolved.accountNumber}. The owner has been e-mailed about the change.`,
      });
      setBankCode("");
      setAccountNumber("");
      forgetLookup();
      onDone?.();
      router.refresh();
      return;
    }
    if (res.status === 403) {
      secretField.setError(apiErrorMessage(res.status, res.data, method === "code" ? "That code is not valid" : "That password is not correct"));
      secretField.setValue("");
      focusAfterRender(secretRef);
      return;
    }
    if (res.status === 400) {
      const errors = apiFieldErrors(res.data);
      const own = errors.password ?? errors.code;
      if (own) {
        secretField.setError(own);
        focusAfterRender(secretRef);
        return;
      }
      if (placeFieldErrors(res)) {
        setResolved(null);
        return;
      }
    }
    setSaveError(apiErrorMessage(res.status, res.data, "The settlement account could not be saved."));
  }

  const noBanks = banks.length === 0;

  return (
    <div className="grid gap-6">
      <form onSubmit={lookUp} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          {replacing ? "New settlement account" : "Add your settlement account"}
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Bank" error={fieldErrors.bankCode}>
            <BankPicker
              ref={bankRef}
              banks={banks}
              value={bankCode}
              disabled={noBanks || looking || saving}
              onChange={(code) => {
                setBankCode(code);
                setFieldErrors((f) => ({ ...f, bankCode: undefined }));
                forgetLookup();
              }}
            />
          </FormField>
          <FormField
            label="Account number"
            error={fieldErrors.accountNumber}
            description={fieldErrors.accountNumber ? undefined : "The 10-digit NUBAN, as on a cheque or in your banking app."}
          >
            <Input
              ref={numberRef}
              name="accountNumber"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              maxLength={14}
              placeholder="0123456789"
              value={accountNumber}
              disabled={noBanks || looking || saving}
              className="font-mono tabular-nums"
              onChange={(e) => {
                // Spaces and dashes pasted from a bank app are not part of the number.
                const value = e.target.value.replace(/[\s-]/g, "");
                setAccountNumber(value);
                forgetLookup();
                if (fieldErrors.accountNumber) setFieldErrors((f) => ({ ...f, accountNumber: accountNumberProblem(value) }));
              }}
              onBlur={() => {
                if (accountNumber !== "") setFieldErrors((f) => ({ ...f, accountNumber: accountNumberProblem(accountNumber) }));
              }}
            />
          </FormField>
        </div>
        <ErrorAlert title="Account not found" message={lookupError} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" variant={resolved ? "outline" : "default"} loading={looking} disabled={noBanks || saving}>
            {looking ? null : <Search aria-hidden="true" />}
            {looking ? "Looking up…" : "Look up account"}
          </Button>
          {replacing && onDone ? (
            <Button type="button" variant="ghost" onClick={onDone} disabled={looking || saving}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>

      {resolved ? (
        <form onSubmit={save} noValidate aria-labelledby={`${id}-confirm`} className="grid gap-4 border-t pt-5">
          <h3 id={`${id}-confirm`} ref={resultRef} tabIndex={-1} className="text-sm font-semibold focus:outline-none">
            Is this the right account?
          </h3>
          <dl className="grid gap-3 rounded-lg border bg-muted/40 p-4 sm:grid-cols-3" data-testid="resolved-account">
            <div className="min-w-0">
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Account name</dt>
              <dd className="mt-1 break-words text-base font-semibold">{resolved.accountName}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Bank</dt>
              <dd className="mt-1 text-sm">{resolved.bankName}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Account number</dt>
              <dd className="mt-1 text-sm">
                <MaskedAccountNumber last4={resolved.accountNumber} />
              </dd>
            </div>
          </dl>
          {resolved.nameMatchesBusiness ? null : (
            <Alert variant="warning" title="The account name differs from your business name" role="status">
              The bank says this account belongs to <strong>{resolved.accountName}</strong>, not {businessName}. That does not block you: save it if it is the
              right account (a director&apos;s or a trading name, say).
            </Alert>
          )}

          <fieldset className="grid gap-3" disabled={saving}>
            <legend className="mb-1 text-sm font-medium">Confirm it&apos;s you</legend>
            {twoFactorEnabled ? (
              <div className="grid gap-2 sm:grid-cols-2">
                <MethodChoice name={`${id}-method`} value="code" current={method} label="Authentication code" onChange={chooseMethod} />
                <MethodChoice name={`${id}-method`} value="password" current={method} label="Password" onChange={chooseMethod} />
              </div>
            ) : null}
            {method === "code" ? (
              <FormField
                label="Authentication code"
                error={secretField.error}
                description="The 6-digit code from your authenticator app, or a recovery code."
                className="sm:max-w-sm"
              >
                <Input
                  ref={secretRef}
                  name="code"
                  inputMode="text"
                  autoComplete="one-time-code"
                  spellCheck={false}
                  maxLength={64}
                  value={secretField.value}
                  onChange={secretField.onChange}
                  className="font-mono tracking-widest"
                />
              </FormField>
            ) : (
              <FormField
                label="Your password"
                error={secretField.error}
                description="Where payouts go is yours to decide, so we check it is you."
                className="sm:max-w-sm"
              >
                <PasswordInput
                  ref={secretRef}
                  name="password"
                  autoComplete="current-password"
                  maxLength={200}
                  value={secretField.value}
                  onChange={secretField.onChange}
                />
              </FormField>
            )}
          </fieldset>

          <ErrorAlert title="Not saved" message={saveError} />

          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" loading={saving}>
              Save settlement account
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={saving}
              onClick={() => {
                forgetLookup();
                numberRef.current?.focus();
              }}
            >
              Change details
            </Button>
          </div>
          <p className="flex gap-2 text-xs text-muted-foreground">
            <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            Saving changes where every future payout goes. The business owner gets an e-mail about it.
          </p>
        </form>
      ) : null}
    </div>
  );
}

function MethodChoice({
  name,
  value,
  current,
  label,
  onChange,
}: {
  name: string;
  value: "code" | "password";
  current: "code" | "password";
  label: string;
  onChange: (value: "code" | "password") => void;
}) {
  return (
    <label
      className={cn(
        "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-muted/50",
        current === value && "border-primary bg-accent/40",
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={current === value}
        onChange={() => onChange(value)}
        className="size-5 shrink-0 accent-primary md:size-4"
      />
      <span className="font-medium">{label}</span>
    </label>
  );
}
