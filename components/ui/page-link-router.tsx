"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

/** The PageLink (page-link.tsx) an event happened in, if it leads to a page of this app in this tab. */
function pageLinkOf(event: Event): HTMLAnchorElement | null {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-page-link]") : null;
  if (!link || link.origin !== window.location.origin || link.target || link.hasAttribute("download")) return null;
  return link;
}

/** Turns PageLinks into client-side navigations, with one set of document listeners; render once per layout. */
export function PageLinkRouter() {
  const router = useRouter();
  React.useEffect(() => {
    let pointedAt: HTMLAnchorElement | null = null;
    const prefetch = (event: Event) => {
      const link = pageLinkOf(event);
      // pointerover fires for each child crossed: fetch once per link entered.
      if (!link || link === pointedAt) return;
      pointedAt = link;
      router.prefetch(link.pathname + link.search);
    };
    const navigate = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = pageLinkOf(event);
      if (!link) return;
      event.preventDefault();
      router.push(link.pathname + link.search + link.hash);
    };
    document.addEventListener("pointerover", prefetch);
    document.addEventListener("focusin", prefetch);
    document.addEventListener("click", navigate);
    return () => {
      document.removeEventListener("pointerover", prefetch);
      document.removeEventListener("focusin", prefetch);
      document.removeEventListener("click", navigate);
    };
  }, [router]);
  return null;
}
