import type { Metadata } from "next";
import { KeyRound } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Developers" };

export default function DevelopersPage() {
  return (
    <>
      <PageHeader title="Developers" description="API keys and tools for accepting payments in your own app." />
      <EmptyState
        icon={<KeyRound />}
        title="No API keys to show yet"
        description="Your test and live secret keys will be managed here. A secret key is shown in full only once, when it is created or rolled."
      />
    </>
  );
}
