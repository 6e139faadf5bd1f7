"use client";

import * as React from "react";
import { Toaster as Sonner, toast, type ToasterProps } from "sonner";

/** App-wide toast outlet; render once in the root layout. Call `toast.success("Saved")` anywhere on the client. */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
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
