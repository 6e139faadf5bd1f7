"use client";

// The dashboard's sections: a client island, as the shell stays mounted across pages while the active
// section follows the URL.
import { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { LoaderCircle } from "lucide-react";

import { IntentLink } from "@/components/ui/intent-link";
import { cn } from "@/lib/utils";
import { isNavItemActive, navForRole } from "@/components/dashboard/nav-items";

/** Shown in a section's link while it opens: the first screen comes from the server with its data. */
function OpeningMark() {
  const { pending } = useLinkStatus();
  return pending ? <LoaderCircle className="ml-auto size-4 animate-spin text-muted-foreground" aria-label="Opening" /> : null;
}

/** The sections, each fetched ahead only when pointed at or focused (IntentLink). */
export function SidebarNav({ role, onNavigate }: { role: string; onNavigate?: () => void }) {
  const pathname = usePathname() ?? "/dashboard";

  return (
    <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="grid gap-0.5">
        {navForRole(role).map(({ href, label, icon: Icon }) => {
          const active = isNavItemActive(pathname, href);
          return (
            <li key={href}>
              <IntentLink
                href={href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "group flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors lg:min-h-9",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  active ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
                )}
              >
                <Icon className={cn("size-4 shrink-0", active ? "text-primary" : "text-muted-foreground group-hover:text-foreground")} aria-hidden="true" />
                {label}
                <OpeningMark />
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
