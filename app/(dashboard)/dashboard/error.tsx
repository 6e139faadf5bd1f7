"use client";

import { CloudOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

// A section that fails to render (the database briefly unreachable, say) shows this inside the
// dashboard's frame instead of Next's bare error page; the navigation keeps working.
export default function DashboardError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div>
      <h1 className="sr-only">Something went wrong</h1>
      <EmptyState
        icon={<CloudOff />}
        title="We couldn't load this page"
        description="This is usually brief and nothing you did. Your data is safe. Try again in a moment."
        action={<Button onClick={reset}>Try again</Button>}
        role="alert"
      />
    </div>
  );
}
