import { PageLink } from "@/components/ui/page-link";

import { cn } from "@/lib/utils";

export interface StatusTab {
  label: string;
  href: string;
  current: boolean;
}

/** Filter tabs as plain links (work without JavaScript); scroll sideways on phones. */
export function StatusTabs({ label, tabs }: { label: string; tabs: StatusTab[] }) {
  return (
    <nav aria-label={label} className="-mx-4 mb-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-1 rounded-lg border bg-muted/60 p-1">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <PageLink
              href={tab.href}
              aria-current={tab.current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors md:min-h-8",
                "hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                tab.current && "bg-background text-foreground shadow-sm",
              )}
            >
              {tab.label}
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
