"use client";

import * as React from "react";
import { KeyRound } from "lucide-react";

import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { KEY_PRESETS, type Permission } from "@/lib/auth/permissions";
import { postJson } from "@/lib/http/client";
import { KEY_PERMISSION_GROUPS } from "./key-permissions";
import { SecretDialog, type SecretRequest } from "./secret-dialog";

type Props = {
  merchantId: string;
  environment: "test" | "live";
  /** The permissions the signed-in member holds: only these can be given. */
  grantable: Permission[];
};

const PRESETS = [
  { label: "Read only", permissions: KEY_PRESETS.readOnly },
  { label: "Links and invoices", permissions: KEY_PRESETS.linksAndInvoices },
] as const;

/**
 * Creates a restricted key: a name, permissions (grouped, with presets), then the secret shown once.
 * The server checks the role again; here a permission the member lacks is simply not offered.
 */
export function CreateRestrictedKey({ merchantId, environment, grantable }: Props) {
  const id = React.useId();
  const [name, setName] = React.useState("");
  const [chosen, setChosen] = React.useState<Set<Permission>>(new Set());

  function toggle(permission: Permission, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
  }

  function submit(event: React.FormEvent, { setError, run }: SecretRequest) {
    event.preventDefault();
    if (!name.trim()) return setError("Give the key a name, e.g. the server or job that will use it.");
    if (chosen.size === 0) return setError("Choose at least one permission.");
    void run(() => postJson(`/api/merchants/${merchantId}/restricted-keys`, { name, permissions: [...chosen] }), "The key could not be created.");
  }

  return (
    <SecretDialog
      trigger={
        <Button size="sm">
          <KeyRound aria-hidden="true" />
          Create restricted key
        </Button>
      }
      contentClassName="max-h-[90dvh] overflow-y-auto"
      onClosed={() => {
        setName("");
        setChosen(new Set());
      }}
      shown={{
        title: "Your new restricted key",
        description: "Copy it now and keep it on your server. For your security it will not be shown again.",
        testId: "new-restricted-key",
        copyLabel: "restricted key",
      }}
    >
      {(request) => (
        <form className="grid gap-4" onSubmit={(event) => submit(event, request)} noValidate>
          <DialogHeader>
            <DialogTitle>Create a {environment} restricted key</DialogTitle>
            <DialogDescription>A secret key that can do only what you choose. You can give only permissions your own role has.</DialogDescription>
          </DialogHeader>
          <FormField label="Name" description="Who or what uses it, e.g. “Invoicing server”.">
            <Input value={name} maxLength={100} autoComplete="off" onChange={(e) => setName(e.target.value)} />
          </FormField>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground">Presets:</span>
            {PRESETS.map((preset) => (
              <Button
                key={preset.label}
                type="button"
                variant="outline"
                size="sm"
                disabled={!preset.permissions.every((p) => grantable.includes(p))}
                onClick={() => setChosen(new Set(preset.permissions))}
              >
                {preset.label}
              </Button>
            ))}
          </div>
          {KEY_PERMISSION_GROUPS.map((group) => (
            <fieldset key={group.title} className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold">{group.title}</legend>
              {group.permissions.map((p) => {
                const allowed = grantable.includes(p.value);
                const inputId = `${id}-${p.value}`;
                return (
                  <div key={p.value} className="flex items-start gap-3">
                    <input
                      id={inputId}
                      type="checkbox"
                      checked={chosen.has(p.value)}
                      disabled={!allowed}
                      onChange={(e) => toggle(p.value, e.target.checked)}
                      className="mt-0.5 size-5 shrink-0 accent-primary disabled:cursor-not-allowed"
                    />
                    <label htmlFor={inputId} className="text-sm leading-5">
                      {p.label} <code className="text-xs text-muted-foreground">{p.value}</code>
                      {allowed ? null : <span className="block text-xs text-muted-foreground">Your role can&apos;t give this.</span>}
                    </label>
                  </div>
                );
              })}
            </fieldset>
          ))}
          <ErrorAlert title="Not created" message={request.error} />
          <DialogActions busy={request.busy}>Create key</DialogActions>
        </form>
      )}
    </SecretDialog>
  );
}
