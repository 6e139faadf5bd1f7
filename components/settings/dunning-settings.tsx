"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { ErrorAlert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { RadioCards } from "@/components/ui/radio-cards";
import { toast } from "@/components/ui/toast";
import { apiErrorMessage, apiFieldErrors, sendJson } from "@/lib/http/client";
import { SettingsSubmit } from "./settings-submit";

type EndState = "unpaid" | "canceled";
export type DunningValues = { retryDays: number[]; endState: EndState };

const END_STATES: { value: EndState; label: string; hint: string }[] = [
  { value: "canceled", label: "Cancel the subscription", hint: "It ends: nothing more is charged, and the customer would subscribe again." },
  {
    value: "unpaid",
    label: "Mark it unpaid",
    hint: "It stays, uncharged: the customer can still pay the missed period from their link, and it becomes active again.",
  },
];

/** "1, 3, 5, 7" -> [1, 3, 5, 7], or a sentence saying what is wrong (the API checks again). */
function parseDays(text: string): number[] | string {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return "Enter at least one day, e.g. 1, 3, 5, 7";
  if (parts.length > 8) return "Use at most 8 retries";
  if (!parts.every((p) => /^\d+$/.test(p) && Number(p) >= 1 && Number(p) <= 30)) return "Each day must be a whole number from 1 to 30";
  const days = parts.map(Number);
  if (!days.every((d, i) => i === 0 || d > days[i - 1]!)) return "List the days in increasing order, each once, e.g. 1, 3, 5, 7";
  return days;
}

/** The merchant's retry schedule for failed renewals (PUT …/dunning); read-only for roles that cannot change settings. */
export function DunningSettings({ merchantId, initial, canEdit }: { merchantId: string; initial: DunningValues; canEdit: boolean }) {
  const router = useRouter();
  const [daysText, setDaysText] = React.useState(initial.retryDays.join(", "));
  const [endState, setEndState] = React.useState<EndState>(initial.endState);
  const [daysError, setDaysError] = React.useState<string | undefined>();
  const [serverError, setServerError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setServerError(null);
    const days = parseDays(daysText);
    if (typeof days === "string") return setDaysError(days);
    setDaysError(undefined);
    setBusy(true);
    const res = await sendJson("PUT", `/api/merchants/${encodeURIComponent(merchantId)}/dunning`, { retryDays: days, endState });
    setBusy(false);
    if (res.ok) {
      setDaysText(res.data.dunning.retryDays.join(", "));
      toast.success("Retry settings saved");
      router.refresh();
      return;
    }
    const fields = apiFieldErrors(res.data);
    const dayProblem = Object.entries(fields).find(([field]) => field.startsWith("retryDays"))?.[1];
    if (dayProblem) setDaysError(dayProblem);
    else setServerError(apiErrorMessage(res.status, res.data, "The retry settings could not be saved."));
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <ErrorAlert title="Not saved" message={serverError} />
      <fieldset disabled={!canEdit || busy} className="grid gap-5">
        <FormField
          label="Retry on these days after a failed renewal"
          error={daysError}
          description="Up to 8 days from 1 to 30, in order. The customer is e-mailed a link to pay or update their card after the first failure. Expired cards are not retried."
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={daysText}
            onChange={(e) => setDaysText(e.target.value)}
            placeholder="1, 3, 5, 7"
            className="tabular-nums sm:max-w-60"
          />
        </FormField>
        <RadioCards legend="After the last retry fails" name="dunning-end-state" options={END_STATES} value={endState} onChange={setEndState} />
      </fieldset>
      <SettingsSubmit canEdit={canEdit} busy={busy} label="Save retry settings" readOnlyNote="Owners and admins can change these." />
    </form>
  );
}
