import type { Metadata } from "next";

import { DetailPage, DetailHeading, SettingsCard, ShareCard, StatTiles } from "@/components/dashboard/detail-parts";
import { findOrNotFound } from "@/components/dashboard/find-or-not-found";
import { QrCodeCard } from "@/components/dashboard/qr-code-card";
import { LinkActions } from "@/components/payment-links/link-actions";
import { AVAILABILITY_NOTE, LinkStatusBadge, linkAmountLabel, payUrl } from "@/components/payment-links/link-display";
import { PaymentsCard } from "@/components/transactions/payments-card";
import { LagosTime } from "@/components/transactions/transaction-display";
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
  const payments = await listTransactions(scope, { paymentLinkId: link.id, limit: PAYMENTS_SHOWN });
  const url = payUrl(config().appUrl, link.slug);
  const availability = availabilityOf(link);
  const canWrite = roleCan(role, "links:write");

  return (
    <DetailPage
      back={{ href: "/dashboard/payment-links", label: "Payment links" }}
      heading={
        <DetailHeading
          title={link.title}
          badge={<LinkStatusBadge availability={availability} />}
          subtitle={linkAmountLabel(link.amount)}
          actions={
            canWrite ? (
              <LinkActions merchantId={merchant.id} linkId={link.id} title={link.title} isActive={link.isActive} canDelete={payments.data.length === 0} />
            ) : null
          }
        />
      }
      notices={[
        availability !== "available"
          ? { variant: availability === "expired" ? "warning" : "info", title: "Not accepting payments", body: AVAILABILITY_NOTE[availability] }
          : null,
      ]}
      main={
        <>
          <ShareCard
            url={url}
            title={link.title}
            description="Send this link by WhatsApp, SMS or e-mail, or put it in your bio."
            copyLabel="payment link"
            openLabel="Open payment page"
          />

          <StatTiles
            id="link-stats"
            heading="Statistics"
            className="grid-cols-3"
            stats={[
              ["Visits", String(stats.visits)],
              ["Payments", String(stats.payments)],
              ["Collected", formatNaira(Number(stats.collected))],
            ]}
          />

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
        </>
      }
      side={
        <>
          <QrCodeCard url={url} fileName={`paylink-${link.slug}`} description="Print it on a flyer or a shop counter: customers scan and pay." />

          <SettingsCard
            rows={[
              ["Type", link.isReusable ? "Reusable" : "Single payment"],
              ["Expires", link.expiresAt ? <LagosTime value={link.expiresAt} /> : "Never"],
              ["Payment limit", link.maxPayments === null ? "None" : `${link.completedPayments} of ${link.maxPayments}`],
              ["After payment", link.redirectUrl ? <span className="break-all">{link.redirectUrl}</span> : "Receipt page"],
              link.description ? ["Description", link.description] : null,
              ["Created", <LagosTime key="created" value={link.createdAt} />],
            ]}
          />
        </>
      }
    />
  );
}
