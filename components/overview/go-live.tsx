import { Hourglass } from "lucide-react";

import { GoLiveButton } from "@/components/overview/go-live-button";
import { activationStep, platformStep } from "@/components/payouts/activation-steps";
import { ChecklistStep } from "@/components/overview/step-mark";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export interface GoLiveChecklistProps {
  merchantId: string;
  /** `by: "platform"`: the operator's step (a live processor), shown as waiting on Paylink, never as a task. */
  steps: Array<{ key: string; label: string; done: boolean; by: "merchant" | "platform" }>;
  ready: boolean;
  /** Only the owner can turn on the owner's two-factor sign-in; others are told to ask. */
  isOwner: boolean;
  className?: string;
}

/** The overview's "Go live" checklist (lib/merchants/activation.ts), each open step linked to where it is done. */
export function GoLiveChecklist({ merchantId, steps, ready, isOwner, className }: GoLiveChecklistProps) {
  const completed = steps.filter((s) => s.done).length;
  const merchantDone = steps.every((s) => s.done || s.by === "platform");
  return (
    <Card id="go-live" className={cn("scroll-mt-20", className)} data-testid="go-live-checklist">
      <CardHeader>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <CardTitle as="h2">Go live</CardTitle>
            <CardDescription className="mt-1">
              {ready
                ? "Everything is in place: go live to see live data and take real payments. Each member switches their own view."
                : merchantDone
                  ? "Your part is done. Live mode unlocks as soon as Paylink is ready to take live payments."
                  : "Live mode unlocks when these are done, so real payments reach your bank account safely."}
            </CardDescription>
          </div>
          {ready ? (
            <GoLiveButton merchantId={merchantId} className="sm:shrink-0" />
          ) : (
            <span className="shrink-0 text-sm text-muted-foreground tabular-nums">
              {completed} of {steps.length} done
            </span>
          )}
        </div>
      </CardHeader>
      <CardContent className="px-2 sm:px-3">
        <ol className="grid gap-1">
          {steps.map((step) => {
            const platform = step.by === "platform" ? platformStep(step.key) : null;
            if (platform) {
              return (
                <li key={step.key} data-testid="platform-step">
                  <ChecklistStep
                    done={step.done}
                    title={platform.title}
                    status={step.done ? " (done)" : " (waiting on Paylink)"}
                    mark={
                      step.done ? undefined : (
                        <span className="flex size-7 shrink-0 items-center justify-center rounded-full border-2 border-dashed border-input/60 bg-background text-muted-foreground">
                          <Hourglass className="size-3.5" aria-hidden="true" />
                        </span>
                      )
                    }
                    description={
                      step.done ? null : (
                        <>
                          <span className="mr-1.5 inline-flex rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground">Waiting on Paylink</span>
                          {platform.waiting}
                        </>
                      )
                    }
                  />
                </li>
              );
            }
            const where = activationStep(step.key);
            const ownerOnly = step.key === "owner_two_factor" && !isOwner;
            return (
              <li key={step.key}>
                <ChecklistStep
                  done={step.done}
                  title={step.label}
                  status={step.done ? " (done)" : " (to do)"}
                  description={step.done || !where ? null : ownerOnly ? "Only the owner can do this: ask them to turn it on in Settings." : where.action}
                  href={step.done || !where || ownerOnly ? null : where.href}
                />
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
