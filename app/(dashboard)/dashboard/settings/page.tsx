import type { Metadata } from "next";
import { Settings } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Manage your business profile, your account and payment preferences." />
      <EmptyState
        icon={<Settings />}
        title="Nothing to configure yet"
        description="Your business details, profile and notification preferences will be editable here."
      />
    </>
  );
}
