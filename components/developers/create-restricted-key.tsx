"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { KeyRound } from "lucide-react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { KEY_PRESETS, type Permission } from "@/lib/auth/permissions";
import { apiErrorMessage, postJson } from "@/lib/http/client";
import { KEY_PERMISSION_GROUPS } from "./key-permissions";

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
  const router = useRouter();
  const id = React.useId();
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [name, setName] = React.useState("");
  const [chosen, setChosen] = React.useState<Set<Permission>>(new Set());
  const [secret, setSecret] = React.useState<string | null>(null);

  function onOpenChange(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) {
      // Forget the secret as soon as the dialog closes.
      if (secret) router.refresh();
      setSecret(null);
      setError(null);
      setName("");
      setChosen(new Set());
    }
  }

  function toggle(permission: Permission, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError("Give the key a name, e.g. the server or job that will use it.");
    if (chosen.size === 0) return setError("Choose at least one permission.");
    setBusy(true);
    setError(null);
    const res = await postJson(`/api/merchants/${merchantId}/restricted-keys`, { name, permissions: [...chosen] });
    setBusy(false);
    if (!res.ok) return setError(apiErrorMessage(res.status, res.data, "The key could not be created."));
    setSecret(String(res.data.key.secretKey));
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <KeyRound aria-hidden="true" />
          Create restricted key
        </Button>
      </DialogTrigger>
      <DialogContent onInteractOutside={(e) => (busy || secret) && e.preventDefault()} className="max-h-[90dvh] overflow-y-auto">
        {secret ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Your new restricted key</DialogTitle>
              <DialogDescription>Copy it now and keep it on your server. For your security it will not be shown again.</DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-2 rounded-lg border bg-muted px-3 py-2">
              <code className="min-w-0 flex-1 break-all font-mono text-sm" data-testid="new-restricted-key">
                {secret}
              </code>
              <CopyButton value={secret} label="restricted key" />
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button>I&apos;ve copied it</Button>
              </DialogClose>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
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
            {error ? (
              <Alert variant="error" title="Not created">
                {error}
              </Alert>
            ) : null}
            <DialogActions busy={busy}>Create key</DialogActions>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
