import type { Metadata } from "next";
import { Users } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Team" };

export default function TeamPage() {
  return (
    <>
      <PageHeader title="Team" description="Invite colleagues and decide what each person can see and do." />
      <EmptyState
        icon={<Users />}
        title="It's just you for now"
        description="Teammates you invite will appear here with their roles. Invitations are sent by email."
      />
    </>
  );
}
