import * as React from "react";

import { cn } from "@/lib/utils";

export interface EmptyStateProps extends Omit<React.ComponentProps<"div">, "title"> {
  /** An icon element, e.g. `<Receipt />`; sized automatically. */
  icon?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Optional call to action, e.g. a `<Button>`. */
  action?: React.ReactNode;
  /** Heading element for the title (default h2). */
  headingLevel?: "h2" | "h3";
}

function EmptyState({ icon, title, description, action, headingLevel: Heading = "h2", className, children, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn("flex flex-col items-center justify-center rounded-xl border border-dashed bg-card px-6 py-12 text-center sm:py-16", className)}
      {...props}
    >
      {icon ? (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-6" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="text-base font-semibold tracking-tight">{title}</Heading>
      {description ? <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {children}
      {action ? <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{action}</div> : null}
    </div>
  );
}

export { EmptyState };
