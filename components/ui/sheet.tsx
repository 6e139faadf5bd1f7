"use client";

import * as React from "react";
import { Dialog as SheetPrimitive } from "radix-ui";

import { CornerCloseButton } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

/** A side drawer built on Radix Dialog (focus trap, Escape, scroll lock). Used for the mobile navigation. */
function Sheet(props: React.ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />;
}

export interface SheetContentProps extends React.ComponentProps<typeof SheetPrimitive.Content> {
  side?: "left" | "right";
  showCloseButton?: boolean;
}

function SheetContent({ className, children, side = "left", showCloseButton = true, ...props }: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay
        data-slot="sheet-overlay"
        className="fixed inset-0 z-50 bg-foreground/40 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out"
      />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          "fixed inset-y-0 z-50 flex h-full w-[min(20rem,calc(100%-3rem))] flex-col bg-background shadow-popover focus:outline-none",
          side === "left"
            ? "left-0 border-r data-[state=open]:animate-sheet-in-left data-[state=closed]:animate-sheet-out-left"
            : "right-0 border-l data-[state=open]:animate-sheet-in-right data-[state=closed]:animate-sheet-out-right",
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton ? <CornerCloseButton label="Close menu" iconClassName="size-5" /> : null}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

function SheetTitle({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title data-slot="sheet-title" className={cn("text-base font-semibold", className)} {...props} />;
}

export { Sheet, SheetContent, SheetTitle };
