import type { Metadata } from "next";
import Link from "next/link";
import { Landmark } from "lucide-react";

import { BackLink } from "@/components/dashboard/back-link";
import { DetailField } from "@/components/dashboard/detail-field";
import { PageHeader } from "@/components/dashboard/page-header";
import { FeeTermsList } from "@/components/payouts/fee-terms";
import { MaskedAccountNumber } from "@/components/payouts/payout-display";
import { SettlementAccountEditor } from "@/components/payouts/settlement-account-editor";
import type { BankOption } from "@/components/payouts/bank-picker";
import { LagosTime } from "@/components/transactions/transaction-display";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ApiError } from "@/lib/api/errors";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { listBanks } from "@/lib/payouts/banks";
import { getSettlementAccount } from "@/lib/payouts/settlement-account";
import { feeTerms } from "@/lib/payouts/fee-quote";

export const metadata: Metadata = { title: "Payout settings" };

/** The processor's bank list (cached daily), or why it could not be had: the form then waits. */
async function loadBanks(): Promise<{ banks: BankOption[]; error: string | null }> {
  try {
    return { banks: (await listBanks()).map(({ code, name }) => ({ code, name })), error: null };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) return { banks: [], error: error.message };
    throw error;
  }
}

export default async function PayoutSettingsPage() {
  const { user, merchant, role } = await getDashboardContext();
  const canEdit = roleCan(role, "merchant:update");
  const [account, bankList] = await Promise.all([getSettlementAccount(merchant.id), canEdit ? loadBanks() : null]);
  // The mode this member views: its payments start at that mode's route's first processor.
  const { processor, platform, example } = feeTerms(merchant.environment);

  return (
    <>
      <BackLink href="/dashboard/settings">Settings</BackLink>
      <PageHeader title="Payout settings" description="The bank account your money is settled to, and how payouts work." />

      <div className="grid gap-6">
        <Card id="settlement-account">
          <CardHeader>
            <CardTitle as="h2">Settlement account</CardTitle>
            <CardDescription>Payouts for {merchant.businessName} are paid into this Nigerian bank account.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {account ? (
              <dl className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="settlement-account">
                <DetailField label="Bank">{account.bankName}</DetailField>
                <DetailField label="Account name">
                  <span className="break-words font-medium">{account.accountName}</span>
                </DetailField>
                <DetailField label="Account number">
                  <MaskedAccountNumber last4={account.accountNumber} />
                </DetailField>
                <DetailField label="Updated">
                  <span className="flex flex-wrap items-center gap-2">
                    <LagosTime value={account.updatedAt} />
                    {account.status === "verified" ? <Badge variant="success">Verified</Badge> : <Badge variant="neutral">{account.status}</Badge>}
                  </span>
                </DetailField>
              </dl>
            ) : (
              <div className="flex items-start gap-3 rounded-lg border border-dashed p-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden="true">
                  <Landmark className="size-5" />
                </span>
                <div>
                  <p className="text-sm font-medium">No settlement account yet</p>
                  <p className="mt-0.5 text-sm text-muted-foreground">Payouts need a bank account to go to, and live mode stays locked until there is one.</p>
                </div>
              </div>
            )}

            {canEdit && bankList ? (
              bankList.error ? (
                <Alert variant="error" title="The list of banks could not be loaded">
                  {bankList.error}. Try again in a moment: reload this page.
                </Alert>
              ) : (
                <SettlementAccountEditor
                  hasAccount={account !== null}
                  merchantId={merchant.id}
                  banks={bankList.banks}
                  businessName={merchant.businessName}
                  twoFactorEnabled={user.twoFactorEnabled}
                />
              )
            ) : (
              <p className="text-sm text-muted-foreground">Only owners and admins can add or change the settlement account.</p>
            )}
          </CardContent>
        </Card>

        <Card id="fees">
          <CardHeader>
            <CardTitle as="h2">Fees</CardTitle>
            <CardDescription>What each payment costs, taken before it is paid out.</CardDescription>
          </CardHeader>
          <CardContent>
            <FeeTermsList terms={{ processor, platform, example }} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">How payouts work</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
              <li>Every completed payment is split when it is made: your share is settled to the account above by the payment processor.</li>
              <li>
                Completed payments are paid out the next business day (Lagos time; weekends and public holidays skipped), less the fees below and refunds. Each
                transaction shows its own fees and net amount. Payments made before this account was added are not split, so no payout includes them.
              </li>
              <li>
                In test mode the sandbox does the same with test payments, and no real money moves. See them under{" "}
                <Link href="/dashboard/payouts" className="font-medium text-primary underline underline-offset-4">
                  Payouts
                </Link>
                .
              </li>
            </ul>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
