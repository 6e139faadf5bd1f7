import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { PageHeader } from "@/components/dashboard/page-header";
import { TwoFactorSection } from "@/components/settings/two-factor-section";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getDashboardSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Set up two-factor sign-in" };

/** Where members are sent while their business requires two-factor sign-in and they have not turned it on. */
export default async function TwoFactorRequiredPage() {
  const { user, merchant, twoFactorSetupRequired } = await getDashboardSession();
  if (!twoFactorSetupRequired) redirect("/dashboard");

  return (
    <>
      <PageHeader title="Set up two-factor sign-in" description={`${merchant.businessName} requires it of every member.`} />
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle as="h2">Protect your account with a code</CardTitle>
          <CardDescription>
            You&apos;ll enter a code from an authenticator app after your password. Until it&apos;s on, the rest of this business&apos;s dashboard stays closed
            to you.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorSection userId={user.id} doneHref="/dashboard" />
        </CardContent>
      </Card>
    </>
  );
}
