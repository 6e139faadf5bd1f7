import * as React from "react";

import { cn } from "@/lib/utils";

/** The Paylink mark: a rounded square with a stylised link/naira stroke. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn("size-8", className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--primary)" />
      <path d="M10 22V10l12 12V10" fill="none" stroke="var(--primary-foreground)" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M7.5 14.5h17M7.5 17.5h17" stroke="var(--primary-foreground)" strokeWidth="1.6" strokeLinecap="round" opacity="0.75" />
    </svg>
  );
}

/** Mark + "Paylink" wordmark. Decorative text is exposed once as the accessible name. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-lg font-semibold tracking-tight text-foreground", className)}>
      <LogoMark className={markClassName} />
      <span>Paylink</span>
    </span>
  );
}
