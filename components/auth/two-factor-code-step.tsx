"use client";

import * as React from "react";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

export interface TwoFactorCodeStepProps {
  code: string;
  onCodeChange: (code: string) => void;
  error: string | null;
  useRecoveryCode: boolean;
  onUseRecoveryCodeChange: (value: boolean) => void;
  onBack: () => void;
  /** The field takes focus whenever this changes. */
  focusKey: number;
}

/** Log-in's second step: the authenticator app's code, or one of the recovery codes. */
export function TwoFactorCodeStep({ code, onCodeChange, error, useRecoveryCode, onUseRecoveryCodeChange, onBack, focusKey }: TwoFactorCodeStepProps) {
  const input = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    input.current?.focus();
  }, [focusKey, useRecoveryCode]);
  const switchKind = () => {
    onCodeChange("");
    onUseRecoveryCodeChange(!useRecoveryCode);
  };
  return (
    <div className="grid gap-3">
      <FormField
        label={useRecoveryCode ? "Recovery code" : "Authentication code"}
        description={
          useRecoveryCode
            ? "One of the codes you saved when you turned on two-factor sign-in. Each works once."
            : "The 6-digit code your authenticator app shows for Paylink."
        }
        error={error ?? undefined}
      >
        <Input
          ref={input}
          name="code"
          value={code}
          onChange={(e) => onCodeChange(e.target.value)}
          inputMode={useRecoveryCode ? "text" : "numeric"}
          autoComplete={useRecoveryCode ? "off" : "one-time-code"}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          className="font-mono tracking-widest"
        />
      </FormField>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" onClick={switchKind}>
          {useRecoveryCode ? "Use your authenticator app" : "Use a recovery code"}
        </Button>
        <Button type="button" variant="link" onClick={onBack}>
          Use a different account
        </Button>
      </div>
    </div>
  );
}
