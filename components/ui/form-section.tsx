"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { ErrorAlert } from "@/components/ui/alert";
import { Button, type ButtonProps } from "@/components/ui/button";

/** One titled card of a full-page form (e.g. "Details", "Price"); the heading names the section for assistive tech. */
export function FormSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-card sm:p-6" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface PageFormProps {
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  /** Why the last save failed, under `errorTitle` at the top (null: nothing to say). */
  error: string | null;
  errorTitle: string;
  busy: boolean;
  /** The sections (FormSection). */
  children: React.ReactNode;
  /** The main buttons right of Cancel: a submit button labelled `submitLabel` unless `actions` are given. */
  submitLabel?: string;
  actions?: React.ReactNode;
  cancelVariant?: ButtonProps["variant"];
}

/** A full-page create/edit form: the save error on top, titled sections, then Cancel (back) and the main action. */
export function PageForm({ onSubmit, error, errorTitle, busy, children, submitLabel, actions, cancelVariant = "outline" }: PageFormProps) {
  const router = useRouter();
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <ErrorAlert title={errorTitle} message={error} />
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant={cancelVariant} onClick={() => router.back()} disabled={busy}>
          Cancel
        </Button>
        {actions ?? (
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
