"use client";

import * as React from "react";
import { Share2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { cn } from "@/lib/utils";

export interface ShareActionsProps {
  url: string;
  /** What the link is, for the message: "Jollof party tray", "Invoice INV-000012 from Ada's Kitchen". */
  title: string;
  className?: string;
}

const subscribeNever = () => () => {};

/** "https://wa.me/?text=…": WhatsApp's own share link (app on phones, web elsewhere). */
export function whatsAppShareUrl(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title}: ${url}`)}`;
}

/**
 * Beside the copy button: a WhatsApp link (a plain link, so it works before JavaScript loads) and, on
 * devices that have one, the phone's own share sheet (navigator.share; the button only appears where
 * it works).
 */
export function ShareActions({ url, title, className }: ShareActionsProps) {
  // False on the server and in the first render; true after hydration where the browser can share.
  const canShare = React.useSyncExternalStore(
    subscribeNever,
    () => typeof navigator.share === "function",
    () => false,
  );

  async function share() {
    try {
      await navigator.share({ title, text: title, url });
    } catch (error) {
      // Closing the sheet is not an error.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast.error("Couldn't open the share menu. Copy the link instead.");
    }
  }

  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Button asChild variant="outline" size="sm">
        <a href={whatsAppShareUrl(title, url)} target="_blank" rel="noopener noreferrer">
          <WhatsAppIcon />
          Share on WhatsApp
        </a>
      </Button>
      {canShare ? (
        <Button type="button" variant="outline" size="sm" onClick={share}>
          <Share2 aria-hidden="true" />
          Share…
        </Button>
      ) : null}
    </div>
  );
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor" className="text-[#128c4b]">
      <path d="M12.04 2a9.9 9.9 0 0 0-8.5 14.98L2 22l5.16-1.5A9.9 9.9 0 1 0 12.04 2Zm0 18.1a8.2 8.2 0 0 1-4.18-1.15l-.3-.18-3.06.89.9-2.98-.2-.31a8.2 8.2 0 1 1 6.84 3.73Zm4.5-6.14c-.25-.12-1.46-.72-1.69-.8-.23-.08-.39-.12-.56.12-.16.25-.64.8-.79.97-.14.16-.29.18-.54.06a6.7 6.7 0 0 1-1.98-1.22 7.4 7.4 0 0 1-1.37-1.7c-.14-.25 0-.38.11-.5l.37-.43c.12-.15.16-.25.25-.41.08-.17.04-.31-.02-.43-.06-.13-.56-1.34-.76-1.84-.2-.48-.4-.41-.56-.42h-.48a.92.92 0 0 0-.66.31 2.78 2.78 0 0 0-.87 2.07 4.83 4.83 0 0 0 1.01 2.56 11.05 11.05 0 0 0 4.23 3.74c.59.26 1.05.41 1.41.52.59.19 1.13.16 1.56.1.48-.07 1.46-.6 1.67-1.18.2-.58.2-1.07.14-1.18-.06-.1-.22-.16-.47-.28Z" />
    </svg>
  );
}
