"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

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

/** The button row under a full-page form: Cancel (back to the previous page), then the form's own buttons on the right. */
export function FormFooter({
  busy,
  cancelVariant = "outline",
  children,
}: {
  busy: boolean;
  cancelVariant?: ButtonProps["variant"];
  children: React.ReactNode;
}) {
  const router = useRouter();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant={cancelVariant} onClick={() => router.back()} disabled={busy}>
        Cancel
      </Button>
      {children}
    </div>
  );
}
