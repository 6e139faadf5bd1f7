import { ChecklistStep } from "@/components/overview/step-mark";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const baseSteps = [
  {
    title: "Verify your email",
    description: "Done. Your email address is confirmed.",
    href: "/dashboard/settings",
    done: true,
  },
  {
    title: "Create a payment link",
    description: "Share a link on WhatsApp or social media and get paid in minutes.",
    href: "/dashboard/payment-links",
    done: false,
  },
  {
    title: "Send an invoice",
    description: "Bill a customer for goods or services with a due date.",
    href: "/dashboard/invoices",
    done: false,
  },
  {
    title: "Set up webhooks",
    description: "Let your systems know the moment a payment succeeds.",
    href: "/dashboard/webhooks",
    done: false,
  },
];

/** First steps for a merchant with no payments yet. */
export function GetStarted({
  hasLinks,
  hasInvoices,
  hasWebhooks,
  className,
}: {
  hasLinks: boolean;
  hasInvoices: boolean;
  hasWebhooks: boolean;
  className?: string;
}) {
  const done: Record<string, boolean> = { "/dashboard/payment-links": hasLinks, "/dashboard/invoices": hasInvoices, "/dashboard/webhooks": hasWebhooks };
  const steps = baseSteps.map((step) => (step.href in done ? { ...step, done: done[step.href]! } : step));
  const completed = steps.filter((s) => s.done).length;
  return (
    <Card className={className}>
      <CardHeader>
        <div className="flex items-start justify-between gap-4">
          <div>
            <CardTitle as="h2">Get started</CardTitle>
            <CardDescription className="mt-1">A few steps to start collecting payments.</CardDescription>
          </div>
          <span className="shrink-0 text-sm text-muted-foreground tabular-nums">
            {completed} of {steps.length} done
          </span>
        </div>
        <div
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={completed}
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${(completed / steps.length) * 100}%` }} />
        </div>
      </CardHeader>
      <CardContent className="px-2 sm:px-3">
        <ol className="grid gap-1">
          {steps.map((step) => (
            <li key={step.title}>
              <ChecklistStep
                done={step.done}
                title={step.title}
                status={step.done ? " (completed)" : " (to do)"}
                strikeDone
                description={step.description}
                href={step.href}
              />
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
