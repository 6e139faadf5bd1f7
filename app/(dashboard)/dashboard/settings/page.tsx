import type { Metadata } from "next";

import { PageHeader } from "@/components/dashboard/page-header";
import { NameForm, PasswordForm, SignOutOthers } from "@/components/settings/account-forms";
import { BusinessProfileForm } from "@/components/settings/business-profile-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { roleAllows } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import type { MembershipRole } from "@/lib/db/generated/enums";
import { getMerchant } from "@/lib/merchants/service";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const { user, merchant: current, role } = await getDashboardContext();
  const merchant = await getMerchant(current.id);

  return (
    <>
      <PageHeader title="Settings" description="Your business profile and branding, and your own account." />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Business profile and branding</CardTitle>
            <CardDescription>Customers see these on your payment pages, invoices and receipts.</CardDescription>
          </CardHeader>
          <CardContent>
            <BusinessProfileForm
              merchantId={merchant.id}
              canEdit={roleAllows(role as MembershipRole, "merchant:update")}
              profile={{
                businessName: merchant.businessName,
                supportEmail: merchant.supportEmail,
                supportPhone: merchant.supportPhone,
                website: merchant.website,
                brandColor: merchant.brandColor,
                logoUrl: merchant.logoUrl,
              }}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Your account</CardTitle>
            <CardDescription>Signed in as {user.email}.</CardDescription>
          </CardHeader>
          <CardContent>
            <NameForm firstName={user.firstName} lastName={user.lastName} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Password</CardTitle>
            <CardDescription>Changing it signs you out of every other browser and device.</CardDescription>
          </CardHeader>
          <CardContent>
            <PasswordForm />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Sessions</CardTitle>
            <CardDescription>Lost a phone or used a shared computer? End every session but this one.</CardDescription>
          </CardHeader>
          <CardContent>
            <SignOutOthers />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
