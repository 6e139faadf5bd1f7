"use client";

import * as React from "react";
import { usePathname, useRouter } from "next/navigation";
import { Lock } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { toast } from "@/components/ui/toast";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import { apiErrorMessage, sendJson } from "@/lib/http/client";
import { cn } from "@/lib/utils";

type Mode = "test" | "live";

// The "live is locked" explanation loads when first needed: Radix Dialog stays out of every page's first load.
const LiveLockedDialog = React.lazy(() => import("@/components/dashboard/live-locked-dialog").then((m) => ({ default: m.LiveLockedDialog })));
const preloadDialog = () => void import("@/components/dashboard/live-locked-dialog");

/**
 * One object's page (a transaction, a link…) belongs to one mode: after switching, its section's
 * list is shown instead of a "not found". Lists, forms for new objects and settings stay put.
 */
export function pathAfterSwitch(pathname: string): string {
  const [, dashboard, section, object] = pathname.split("/");
  if (dashboard !== "dashboard" || !section || !object || object === "new" || section === "settings") return pathname;
  return `/${dashboard}/${section}`;
}

/**
 * The top bar's Test/Live badge and switch: the member's own view (PUT …/environment), never the
 * team's. While the business has not unlocked live mode, the switch explains why instead of failing.
 */
export function ModeToggle({ merchantId, environment, liveUnlocked }: { merchantId: string; environment: Mode; liveUnlocked: boolean }) {
  const router = useRouter();
  const pathname = usePathname() ?? "/dashboard";
  const [busy, setBusy] = React.useState(false);
  const [refreshing, startRefresh] = React.useTransition();
  const [lockedOpen, setLockedOpen] = React.useState(false);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const live = environment === "live";
  const locked = !live && !liveUnlocked;

  async function toggle() {
    if (busy || refreshing) return;
    if (locked) {
      setRefusal(null);
      setLockedOpen(true);
      return;
    }
    const target: Mode = live ? "test" : "live";
    setBusy(true);
    const res = await sendJson("PUT", `/api/merchants/${merchantId}/environment`, { environment: target });
    setBusy(false);
    // Locked meanwhile (a step undone, the platform's live processor gone): the API says which.
    if (res.status === 409) {
      setRefusal(apiErrorMessage(res.status, res.data));
      setLockedOpen(true);
      return;
    }
    if (!res.ok) {
      toast.error(apiErrorMessage(res.status, res.data, "Your view could not be switched."));
      return;
    }
    toast.success(target === "live" ? "Showing live data: real payments and real money." : "Showing test data: test cards, no real money.");
    const next = pathAfterSwitch(pathname);
    startRefresh(() => {
      // A navigation keeps the cached layout (the top bar): the refresh re-renders it in the new mode too.
      if (next !== pathname) router.push(next);
      router.refresh();
    });
  }

  return (
    <div className="flex shrink-0 items-center gap-2" data-testid="mode-toggle">
      <Badge variant={live ? "success" : "warning"} dot data-testid="mode-badge">
        {live ? "Live" : "Test"}
        <span className="sr-only"> mode</span>
      </Badge>
      <button
        type="button"
        role="switch"
        aria-checked={live}
        aria-labelledby="mode-toggle-label"
        aria-describedby="mode-toggle-hint"
        // Busy, not disabled: a disabled button would drop the keyboard focus while the page refreshes.
        aria-busy={busy || refreshing}
        onPointerEnter={locked ? preloadDialog : undefined}
        onFocus={locked ? preloadDialog : undefined}
        onClick={() => void toggle()}
        className={cn(
          "relative inline-flex h-6 w-10 shrink-0 items-center rounded-full border-2 border-transparent transition-colors",
          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-busy:cursor-wait aria-busy:opacity-70",
          // A 44 px tap target around the small track on touch screens.
          "before:absolute before:-inset-x-1 before:-inset-y-2.5 before:content-['']",
          live ? "bg-primary" : "bg-input",
        )}
      >
        <span
          className={cn(
            "flex size-5 items-center justify-center rounded-full bg-background shadow transition-transform",
            live ? "translate-x-4" : "translate-x-0",
          )}
        >
          {locked ? <Lock className="size-3 text-muted-foreground" aria-hidden="true" /> : null}
        </span>
      </button>
      <span id="mode-toggle-label" className="text-sm font-medium">
        Live
      </span>
      <span id="mode-toggle-hint" className="sr-only">
        {locked
          ? "Live mode unlocks when the go-live checklist is done."
          : "Switches only your own view between test and live data; your teammates keep theirs."}
      </span>
      <LazyDialog open={lockedOpen}>
        <LiveLockedDialog open={lockedOpen} onOpenChange={setLockedOpen} reason={refusal} />
      </LazyDialog>
    </div>
  );
}
