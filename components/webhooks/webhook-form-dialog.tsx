"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Pencil, Plus } from "lucide-react";

import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { CopyButton } from "@/components/ui/copy-button";
import { apiErrorMessage, postJson } from "@/lib/http/client";
import { EVENT_TYPES } from "@/lib/webhooks/outbox";

export type EditableWebhook = { id: string; url: string; events: string[]; description: string; active: boolean };

/** Create (no `webhook`) or edit an endpoint; after creation the signing secret is shown once. */
export function WebhookFormDialog({ merchantId, webhook }: { merchantId: string; webhook?: EditableWebhook }) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [url, setUrl] = React.useState(webhook?.url ?? "");
  const [description, setDescription] = React.useState(webhook?.description ?? "");
  const [events, setEvents] = React.useState<string[]>(webhook?.events ?? ["transaction.completed"]);
  const [error, setError] = React.useState<string>();
  const [submitting, setSubmitting] = React.useState(false);
  const [secret, setSecret] = React.useState<string>();

  function toggle(type: string, on: boolean) {
    setEvents((current) => (on ? [...current, type] : current.filter((e) => e !== type)));
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    setError(undefined);
    const base = `/api/merchants/${merchantId}/webhooks`;
    const body = { url: url.trim(), events: EVENT_TYPES.filter((t) => events.includes(t)), description: description.trim() };
    const res = webhook ? await postJson(`${base}/${webhook.id}`, body, { method: "PUT" }) : await postJson(base, body);
    setSubmitting(false);
    if (!res.ok) return setError(apiErrorMessage(res.status, res.data, "The endpoint could not be saved."));
    if (webhook) {
      toast.success("Endpoint updated");
      setOpen(false);
      router.refresh();
    } else {
      // Refresh only when the dialog closes: a re-render now could unmount it and lose the secret.
      setSecret(String(res.data.webhook.secretKey));
    }
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next && !webhook) {
      if (secret) router.refresh();
      setSecret(undefined);
      setUrl("");
      setDescription("");
      setEvents(["transaction.completed"]);
      setError(undefined);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {webhook ? (
          <Button variant="outline" size="sm">
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : (
          <Button>
            <Plus aria-hidden="true" />
            Add endpoint
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        {secret ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Endpoint added</DialogTitle>
              <DialogDescription>Copy the signing secret now. It is shown only once; you can roll a new one later.</DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-2 rounded-md border bg-muted p-3">
              <code data-testid="webhook-secret" className="min-w-0 flex-1 break-all font-mono text-xs">
                {secret}
              </code>
              <CopyButton value={secret} label="Copy signing secret" />
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{webhook ? "Edit endpoint" : "Add a webhook endpoint"}</DialogTitle>
              <DialogDescription>We POST signed events (Standard Webhooks) to this HTTPS URL.</DialogDescription>
            </DialogHeader>
            <ErrorAlert title="Not saved" message={error} />
            <FormField label="Endpoint URL">
              <Input
                name="url"
                type="url"
                inputMode="url"
                placeholder="https://example.com/webhooks/paylink"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                required
              />
            </FormField>
            <FormField label="Description" optional>
              <Input name="description" maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
            </FormField>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Events to send</legend>
              {EVENT_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-primary" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                  <span className="font-mono text-xs">{type}</span>
                </label>
              ))}
            </fieldset>
            <DialogActions busy={submitting}>{webhook ? "Save changes" : "Add endpoint"}</DialogActions>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
