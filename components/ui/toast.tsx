"use client";

import * as React from "react";
import type { ExternalToast, ToasterProps } from "sonner";

// sonner loads with the first toast, not with every dashboard page. The outlet (<Toaster />, once in
// the dashboard layout) mounts then, and a toast is raised only after it is listening, so none is lost.
type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | null = null;
let outletReady: Promise<void> | null = null;
let openOutlet: (() => void) | null = null;
let markReady: (() => void) | null = null;

function ready(): Promise<Sonner> {
  sonner ??= import("sonner");
  outletReady ??= new Promise<void>((resolve) => {
    markReady = resolve;
    openOutlet?.();
  });
  return outletReady.then(() => sonner!);
}

/** `toast.success("Saved")` anywhere on the client, as sonner's. */
const toast = {
  success: (message: React.ReactNode, data?: ExternalToast) => void ready().then((s) => s.toast.success(message, data)),
  error: (message: React.ReactNode, data?: ExternalToast) => void ready().then((s) => s.toast.error(message, data)),
};

/** The toast outlet; render once, in the dashboard layout. */
function Toaster(props: ToasterProps) {
  const [Outlet, setOutlet] = React.useState<Sonner["Toaster"] | null>(null);
  React.useEffect(() => {
    openOutlet = () => void sonner!.then((s) => setOutlet(() => s.Toaster));
    if (outletReady) openOutlet();
    return () => {
      openOutlet = null;
    };
  }, []);
  // sonner's Toaster subscribes in its own effect, which runs before this one: it is listening now.
  React.useEffect(() => {
    if (Outlet) markReady?.();
  }, [Outlet]);
  if (!Outlet) return null;
  return (
    <Outlet
      position="top-center"
      closeButton
      richColors
      duration={5000}
      toastOptions={{
        classNames: {
          toast: "rounded-lg! border! shadow-popover! font-sans!",
          title: "font-medium!",
          description: "text-muted-foreground!",
        },
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--success-bg": "var(--success-soft)",
          "--success-text": "var(--success-soft-foreground)",
          "--success-border": "color-mix(in srgb, var(--success) 25%, transparent)",
          "--error-bg": "var(--destructive-soft)",
          "--error-text": "var(--destructive-soft-foreground)",
          "--error-border": "color-mix(in srgb, var(--destructive) 25%, transparent)",
          "--warning-bg": "var(--warning-soft)",
          "--warning-text": "var(--warning-soft-foreground)",
          "--info-bg": "var(--info-soft)",
          "--info-text": "var(--info-soft-foreground)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster, toast };
