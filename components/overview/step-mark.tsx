import { Check } from "lucide-react";

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
