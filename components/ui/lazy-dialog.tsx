"use client";

import * as React from "react";

import { useOpenedOnce } from "@/components/ui/use-opened-once";

/**
 * Where a dialog whose code loads on first use (React.lazy) is rendered: from the first time `open`
 * is true, and then kept mounted (useOpenedOnce). Nothing shows while its code loads.
 */
export function LazyDialog({ open, children }: { open: boolean; children: React.ReactNode }) {
  const opened = useOpenedOnce(open);
  return opened ? <React.Suspense fallback={null}>{children}</React.Suspense> : null;
}
