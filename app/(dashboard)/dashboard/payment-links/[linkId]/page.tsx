import type { Metadata } from "next";
import type * as React from "react";
import { ExternalLink } from "lucide-react";

import { BackLink } from "@/components/dashboard/back-link";
import { findOrNotFound } from "@/components/dashboard/find-or-not-found";
import { QrCodeCard } from "@/components/dashboard/qr-code-card";
import { LinkActions } from "@/components/payment-links/link-actions";
import { ShareActions } from "@/components/payment-links/share-actions";
import { AVAILABILITY_NOTE, LinkStatusBadge, linkAmountLabel, payUrl } from "@/components/payment-links/link-display";
import { CopyButton } from "@/components/ui/copy-button";
import { PaymentsCard } from "@/components/transactions/payments-card";
import { LagosTime } from "@/components/transactions/transaction-display";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FitText } from "@/components/ui/fit-text";
import { roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import { config } from "@/lib/config";
import { availabilityOf, getLink } from "@/lib/links/service";
import { listTransactions } from "@/lib/payments/queries";
import { formatNaira } from "@/lib/utils";

export const metadata: Metadata = { title: "Payment link" };

const PAYMENTS_SHOWN = 10;

export default async function PaymentLinkPage({ params }: { params: Promise<{ linkId: string }> }) {
  const { linkId } = await params;
  const { merchant, role } = await getDashboardContext();
  const scope = { merchantId: merchant.id, environment: merchant.environment };
  const { link, stats } = await findOrNotFound(linkId, (id) => getLink(scope, id));
  const payments = await listTransactions({ merchantId: merchant.id, environment: merchant.environment }, { paymentLinkId: link.id, limit: PAYMENTS_SHOWN });
  const url = payUrl(config().appUrl, link.slug);
  const availability = availabilityOf(link);
  const canWrite = roleCan(role, "links:write");

  return (
    <>
      <BackLink href="/dashboard/payment-links">Payment links</BackLink>

      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight">
            <span className="break-words">{link.title}</span>
            <LinkStatusBadge availability={availability} />
          </h1>
          <p className="mt-1 text-lg tabular-nums text-muted-foreground">{linkAmountLabel(link.amount)}</p>
        </div>
        {canWrite ? (
          <LinkActions merchantId={merchant.id} linkId={link.id} title={link.title} isActive={link.isActive} canDelete={payments.data.length === 0} />
        ) : null}
      </div>

      {availability !== "available" ? (
        <Alert variant={availability === "expired" ? "warning" : "info"} title="Not accepting payments" className="mb-6">
          {AVAILABILITY_NOTE[availability]}
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 self-start lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Share</CardTitle>
              <CardDescription>Send this link by WhatsApp, SMS or e-mail, or put it in your bio.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="flex min-w-0 items-center gap-1 rounded-lg border bg-muted/50 py-1 pl-3 pr-1">
                <span data-testid="share-url" className="min-w-0 flex-1 break-all font-mono text-sm">
                  {url}
                </span>
                <CopyButton value={url} label="payment link" />
              </div>
              <div className="flex flex-wrap gap-2">
                <ShareActions url={url} title={link.title} className="contents" />
                <Button asChild variant="outline" size="sm">
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    Open payment page
                  </a>
                </Button>
              </div>
            </CardContent>
          </Card>

          <section aria-labelledby="link-stats" className="grid grid-cols-3 gap-3">
            <h2 id="link-stats" className="sr-only">
              Statistics
            </h2>
            <Stat label="Visits" value={String(stats.visits)} />
            <Stat label="Payments" value={String(stats.payments)} />
            <Stat label="Collected" value={formatNaira(Number(stats.collected))} />
          </section>

          <PaymentsCard
            payments={payments.data}
            show="email"
            description={payments.data.length === 0 ? "No one has paid through this link yet." : "The latest payments through this link."}
            footer={
              payments.nextCursor ? (
                <p className="px-5 pt-3 text-sm text-muted-foreground sm:px-6">Showing the latest {PAYMENTS_SHOWN}. All of them are in Transactions.</p>
              ) : null
            }
          />
        </div>

        <div className="grid gap-6 self-start">
          <QrCodeCard url={url} fileName={`paylink-${link.slug}`} description="Print it on a flyer or a shop counter: customers scan and pay." />

          <Card>
            <CardHeader>
              <CardTitle as="h2">Settings</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm">
                <Row label="Type">{link.isReusable ? "Reusable" : "Single payment"}</Row>
                <Row label="Expires">{link.expiresAt ? <LagosTime value={link.expiresAt} /> : "Never"}</Row>
                <Row label="Payment limit">{link.maxPayments === null ? "None" : `${link.completedPayments} of ${link.maxPayments}`}</Row>
                <Row label="After payment">{link.redirectUrl ? <span className="break-all">{link.redirectUrl}</span> : "Receipt page"}</Row>
                {link.description ? <Row label="Description">{link.description}</Row> : null}
                <Row label="Created">
                  <LagosTime value={link.createdAt} />
                </Row>
              </dl>
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-3 shadow-card sm:p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
      <FitText text={value} max="1.25rem" className="mt-1 font-semibold" />
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
