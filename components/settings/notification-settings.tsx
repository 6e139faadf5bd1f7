"use client";

import * as React from "react";

import { toast } from "@/components/ui/toast";
import { apiErrorMessage, sendJson } from "@/lib/http/client";

type Settings = { notifyPayments: boolean; dailySummary: boolean };

const OPTIONS: { key: keyof Settings; label: string; hint: string }[] = [
  {
    key: "notifyPayments",
    label: "E-mail me when I'm paid",
    hint: 'A "You\'ve been paid" e-mail for every completed payment, with the amount, the customer and what it was for.',
  },
  {
    key: "dailySummary",
    label: "Daily summary",
    hint: "At 8:00 am (Lagos time), yesterday's number of payments and total. Nothing is sent after a day without payments.",
  },
];

/** The signed-in member's own e-mail notifications for this business (PUT …/notifications). */
export function NotificationSettings({ merchantId, email, initial }: { merchantId: string; email: string; initial: Settings }) {
  const [settings, setSettings] = React.useState(initial);
  const [busy, setBusy] = React.useState<keyof Settings | null>(null);
  const id = React.useId();

  async function toggle(key: keyof Settings, next: boolean) {
    setBusy(key);
    const res = await sendJson("PUT", `/api/merchants/${merchantId}/notifications`, { [key]: next });
    setBusy(null);
    if (res.ok) {
      setSettings({ notifyPayments: res.data.notifications.notifyPayments, dailySummary: res.data.notifications.dailySummary });
      toast.success("Notification settings saved");
    } else toast.error(apiErrorMessage(res.status, res.data));
  }

  return (
    <fieldset className="grid gap-5">
      <legend className="sr-only">E-mail notifications to {email}</legend>
      {OPTIONS.map((option) => (
        <div key={option.key} className="grid gap-1.5">
          <div className="flex items-start gap-3">
            <input
              id={`${id}-${option.key}`}
              type="checkbox"
              role="switch"
              checked={settings[option.key]}
              disabled={busy !== null}
              aria-describedby={`${id}-${option.key}-hint`}
              onChange={(e) => void toggle(option.key, e.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-primary disabled:cursor-not-allowed"
            />
            <label htmlFor={`${id}-${option.key}`} className="text-sm font-medium leading-5">
              {option.label}
            </label>
          </div>
          <p id={`${id}-${option.key}-hint`} className="pl-8 text-sm text-muted-foreground">
            {option.hint}
          </p>
        </div>
      ))}
    </fieldset>
  );
}
