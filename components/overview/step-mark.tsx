import type * as React from "react";
import { ArrowRight, Check } from "lucide-react";

import { PageLink } from "@/components/ui/page-link";
import { cn } from "@/lib/utils";

/** A checklist step's circle (get started, go live): filled, with a tick, once the step is done. */
export function StepMark({ done }: { done: boolean }) {
  return (
    <span
      className={cn(
        "flex size-7 shrink-0 items-center justify-center rounded-full border-2",
        done ? "border-primary bg-primary text-primary-foreground" : "border-input/60 bg-background",
      )}
    >
      {done ? <Check className="size-4" aria-hidden="true" /> : null}
    </span>
  );
}

export interface ChecklistStepProps {
  done: boolean;
  title: string;
  /** What screen readers hear after the title, e.g. " (to do)". */
  status: string;
  /** Crossed out once done (the get-started list). */
  strikeDone?: boolean;
  /** The step's circle; StepMark unless given. */
  mark?: React.ReactNode;
  description?: React.ReactNode;
  /** Where the step is done: the row is then a link with an arrow. */
  href?: string | null;
}

/** One row of a checklist: its mark, its title and what to do next, linked to where it is done. */
export function ChecklistStep({ done, title, status, strikeDone = false, mark, description, href }: ChecklistStepProps) {
  const body = (
    <>
      {mark ?? <StepMark done={done} />}
      <span className="min-w-0 flex-1">
        <span className={cn("block text-sm font-medium", done && "text-muted-foreground", done && strikeDone && "line-through")}>
          {title}
          <span className="sr-only">{status}</span>
        </span>
        {description ? <span className="mt-0.5 block text-sm text-muted-foreground">{description}</span> : null}
      </span>
    </>
  );
  if (!href) return <div className="flex items-center gap-4 px-3 py-3 sm:px-4">{body}</div>;
  return (
    <PageLink
      href={href}
      className="group flex items-center gap-4 rounded-lg px-3 py-3 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:px-4"
    >
      {body}
      <ArrowRight
        className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-foreground"
        aria-hidden="true"
      />
    </PageLink>
  );
}
