import * as React from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "@/lib/utils";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium leading-5 [&_svg]:size-3 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        outline: "border-border bg-background text-foreground",
        neutral: "border-border bg-muted text-muted-foreground",
        success: "border-success/20 bg-success-soft text-success-soft-foreground",
        warning: "border-warning/25 bg-warning-soft text-warning-soft-foreground",
        destructive: "border-destructive/20 bg-destructive-soft text-destructive-soft-foreground",
        info: "border-info/20 bg-info-soft text-info-soft-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export interface BadgeProps extends React.ComponentProps<"span">, VariantProps<typeof badgeVariants> {
  asChild?: boolean;
  /** Show a small leading status dot. */
  dot?: boolean;
}

function Badge({ className, variant, asChild = false, dot = false, children, ...props }: BadgeProps) {
  if (asChild) {
    return (
      <Slot.Root data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props}>
      {dot ? <span className="size-1.5 rounded-full bg-current" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

export { Badge };
