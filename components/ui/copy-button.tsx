"use client";

import * as React from "react";
import { Check, Copy } from "lucide-react";

import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { cn } from "@/lib/utils";

export interface CopyButtonProps {
  value: string;
  /** What is being copied, for the accessible name and the toast, e.g. "reference". */
  label: string;
  className?: string;
}

/** An icon button that copies `value` to the clipboard and confirms with a tick and a toast. */
export function CopyButton({ value, label, className }: CopyButtonProps) {
  const [copied, setCopied] = React.useState(false);

  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(`Copied ${label}`);
    } catch {
      toast.error(`Couldn't copy the ${label}. Select it and copy it by hand.`);
    }
  }

  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      onClick={copy}
      aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
      className={cn("size-9 text-muted-foreground md:size-8", className)}
    >
      {copied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}

/** A value to copy (a secret, a setup key) in a boxed monospace line, with its copy button. */
export function CopyableCode({
  value,
  label,
  testId,
  className,
  children,
}: {
  value: string;
  label: string;
  testId: string;
  /** The code's wrapping (break-all unless given). */
  className?: string;
  /** How to show the value, when not as is (e.g. in groups of four). */
  children?: React.ReactNode;
}) {
  return (
    <div className="flex items-center gap-2 rounded-lg border bg-muted px-3 py-2">
      <code data-testid={testId} className={cn("min-w-0 flex-1 font-mono text-sm", className ?? "break-all")}>
        {children ?? value}
      </code>
      <CopyButton value={value} label={label} />
    </div>
  );
}
