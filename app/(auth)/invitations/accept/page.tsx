import type { Metadata } from "next";
import { Suspense } from "react";

import { AcceptInvitation } from "@/components/auth/accept-invitation";
import { AuthFormSkeleton } from "@/components/auth/auth-form-skeleton";

export const metadata: Metadata = { title: "Accept invitation" };

export default function AcceptInvitationPage() {
  return (
    <Suspense fallback={<AuthFormSkeleton fields={3} />}>
      <AcceptInvitation />
    </Suspense>
  );
}
