import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { MaskedAccountNumber } from "@/components/payouts/payout-display";
import { NameForm, PasswordForm, SignOutOthers } from "@/components/settings/account-forms";
import { BusinessProfileForm } from "@/components/settings/business-profile-form";
import { LogoSettings } from "@/components/settings/logo-settings";
import { DunningSettings } from "@/components/settings/dunning-settings";
import { NotificationSettings } from "@/components/settings/notification-settings";
import { RequireTwoFactorSwitch } from "@/components/settings/require-two-factor";
import { TwoFactorSection } from "@/components/settings/two-factor-section";
import { VirtualAccountsSetting } from "@/components/settings/virtual-accounts-setting";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { getMerchant } from "@/lib/merchants/service";
import { getSettlementAccount } from "@/lib/payouts/settlement-account";
import { getNotificationSettings } from "@/lib/notifications/service";
import { getDunningSettings } from "@/lib/subscriptions/dunning-settings";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const { user, merchant: current, role } = await getDashboardContext();
  const [merchant, account, notifications, dunning] = await Promise.all([
    getMerchant({ merchantId: current.id, environment: current.environment }),
    getSettlementAccount(current.id),
    getNotificationSettings(user.id, current.id),
    getDunningSettings(current.id),
  ]);

  return (
    <>
      <PageHeader title="Settings" description="Your business profile, branding, payouts, bank transfers and subscription retries, and your own account." />
      <div className="grid gap-6">
        <Card id="business-profile" className="scroll-mt-20">
          <CardHeader>
            <CardTitle as="h2">Business profile and branding</CardTitle>
            <CardDescription>Customers see these on your payment pages, invoices and receipts.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <LogoSettings merchantId={merchant.id} logoUrl={merchant.logoUrl} businessName={merchant.businessName} canEdit={roleCan(role, "merchant:update")} />
            <BusinessProfileForm
              merchantId={merchant.id}
              canEdit={roleCan(role, "merchant:update")}
              profile={{
                businessName: merchant.businessName,
                supportEmail: merchant.supportEmail,
                supportPhone: merchant.supportPhone,
                website: merchant.website,
                brandColor: merchant.brandColor,
              }}
            />
          </CardContent>
        </Card>

        <Card id="payouts" className="scroll-mt-20">
          <CardHeader>
            <CardTitle as="h2">Payouts</CardTitle>
            <CardDescription>The bank account your money is settled to, and the fees each payment pays.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            {account ? (
              <p className="text-sm">
                <span className="font-medium">{account.accountName}</span>
                <span className="text-muted-foreground">
                  {" "}
                  · {account.bankName} <MaskedAccountNumber last4={account.accountNumber} />
                </span>
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">No settlement account yet: payouts and live mode need one.</p>
            )}
            <Button asChild variant="outline" className="shrink-0">
              <Link href="/dashboard/settings/payouts">
                {account || !roleCan(role, "merchant:update") ? "Payout settings" : "Add a settlement account"}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardContent>
        </Card>

        <Card id="bank-transfers" className="scroll-mt-20">
          <CardHeader>
            <CardTitle as="h2">Invoices paid by bank transfer</CardTitle>
            <CardDescription>
              An account number of their own lets a customer pay by transfer from any bank app, and you see who paid without matching references.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <VirtualAccountsSetting merchantId={current.id} enabled={merchant.assignVirtualAccounts} canEdit={roleCan(role, "merchant:update")} />
          </CardContent>
        </Card>

        <Card id="failed-renewals" className="scroll-mt-20">
          <CardHeader>
            <CardTitle as="h2">Failed subscription renewals</CardTitle>
            <CardDescription>
              When a subscriber&apos;s card is declined, when to try it again and what happens if it never goes through. For test and live mode alike.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <DunningSettings merchantId={current.id} initial={dunning} canEdit={roleCan(role, "merchant:update")} />
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

        <Card id="notifications" className="scroll-mt-20">
          <CardHeader>
            <CardTitle as="h2">Notifications</CardTitle>
            <CardDescription>
              E-mails to <span className="break-all">{user.email}</span> about {merchant.businessName}. Each member chooses their own.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <NotificationSettings
              merchantId={current.id}
              email={user.email}
              initial={{ notifyPayments: notifications.notifyPayments, dailySummary: notifications.dailySummary }}
            />
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

        <Card id="two-factor" className="scroll-mt-20">
          <CardHeader>
            <CardTitle as="h2">Two-factor sign-in</CardTitle>
            <CardDescription>A code from an authenticator app on your phone, asked for after your password.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <TwoFactorSection userId={user.id} />
            {roleCan(role, "merchant:security") ? (
              <div className="border-t pt-5">
                <RequireTwoFactorSwitch merchantId={current.id} required={current.requireTwoFactor} ownerHasTwoFactor={user.twoFactorEnabled} />
              </div>
            ) : null}
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
