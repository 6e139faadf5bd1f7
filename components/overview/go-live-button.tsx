"use client";

import * as React from "react";
import { Rocket } from "lucide-react";

import { Button } from "@/components/ui/button";
import { LazyDialog } from "@/components/ui/lazy-dialog";

// The confirmation's code (Radix Dialog) loads when the button is first pointed at or focused.
const GoLiveDialog = React.lazy(() => import("@/components/overview/go-live-dialog").then((m) => ({ default: m.GoLiveDialog })));
const preloadDialog = () => void import("@/components/overview/go-live-dialog");

/** The go-live checklist's "Go live": switches the member's own view to live, after asking. */
export function GoLiveButton({ merchantId, className }: { merchantId: string; className?: string }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button onPointerEnter={preloadDialog} onFocus={preloadDialog} onClick={() => setOpen(true)} aria-haspopup="dialog" className={className}>
        <Rocket aria-hidden="true" />
        Go live
      </Button>
      <LazyDialog open={open}>
        <GoLiveDialog merchantId={merchantId} open={open} onOpenChange={setOpen} />
      </LazyDialog>
    </>
  );
}
