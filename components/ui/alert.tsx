import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint } from "lucide-react";

import { cn } from "@/lib/utils";

export const alertVariants = cva("relative flex w-full gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0", {
  variants: {
    variant: {
      error: "border-destructive/25 bg-destructive-soft text-destructive-soft-foreground",
      success: "border-success/25 bg-success-soft text-success-soft-foreground",
      warning: "border-warning/30 bg-warning-soft text-warning-soft-foreground",
      info: "border-info/25 bg-info-soft text-info-soft-foreground",
    },
  },
  defaultVariants: { variant: "info" },
});

const icons = {
  error: CircleExclamationPoint,
  success: CircleCheck,
  warning: TriangleExclamationPoint,
  info: Info,
} as const;

export interface AlertProps extends Omit<React.ComponentProps<"div">, "title">, VariantProps<typeof alertVariants> {
  /** Bold first line. */
  title?: React.ReactNode;
  /** Extra content under the message, e.g. a button or link. */
  action?: React.ReactNode;
}

/**
 * Inline message box. Errors and warnings use role="alert" (announced immediately);
 * success and info use role="status" (announced politely). Override with `role`.
 */
function Alert({ className, variant, title, action, children, role, ...props }: AlertProps) {
  const v = variant ?? "info";
  const Icon = icons[v];
  return (
    <div
      data-slot="alert"
      role={role ?? (v === "error" || v === "warning" ? "alert" : "status")}
      className={cn(alertVariants({ variant: v }), className)}
      {...props}
    >
      <Icon aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-1">
        {title ? <p className="font-semibold leading-5">{title}</p> : null}
        {children ? <div className="leading-5 [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2">{children}</div> : null}
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
    </div>
  );
}

export { Alert };

/** A form's or dialog's failure message under a bold title; renders nothing while there is none. */
function ErrorAlert({ title, message }: { title?: React.ReactNode; message: string | null | undefined }) {
  return message ? (
    <Alert variant="error" title={title}>
      {message}
    </Alert>
  ) : null;
}

export { ErrorAlert };
