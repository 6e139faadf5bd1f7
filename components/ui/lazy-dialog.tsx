"use client";

import * as React from "react";

import { useOpenedOnce } from "@/components/ui/use-opened-once";

/**
 * Where a dialog whose code loads on first use (React.lazy) is rendered: from the first time `open`
 * is true, and then kept mounted (useOpenedOnce). `fallback` shows while its code loads (nothing by default).
 */
export function LazyDialog({ open, fallback = null, children }: { open: boolean; fallback?: React.ReactNode; children: React.ReactNode }) {
  const opened = useOpenedOnce(open);
  return opened ? <React.Suspense fallback={fallback}>{children}</React.Suspense> : null;
}
