"use client";

// What the top bar's Test/Live switch says while live mode is locked (mode-toggle.tsx loads it on first use).
import Link from "next/link";
import { ArrowRight } from "lucide-react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** `reason`: the API's own answer when a switch was refused (409), naming what is missing. */
export function LiveLockedDialog({ open, onOpenChange, reason }: { open: boolean; onOpenChange: (open: boolean) => void; reason: string | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Live mode is locked</DialogTitle>
          <DialogDescription>
            Live data, live payments and live API keys unlock once your business has finished the go-live checklist. Until then you see test data: test cards,
            no real money.
          </DialogDescription>
        </DialogHeader>
        {reason ? (
          <Alert variant="warning" title="Not unlocked">
            {reason}
          </Alert>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button asChild>
            <Link href="/dashboard#go-live" onClick={() => onOpenChange(false)}>
              Open the go-live checklist
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
