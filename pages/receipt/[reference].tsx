import { withOutagePage } from "@/lib/api/page-outage";
import Head from "next/head";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { HostedPage, Unavailable } from "@/components/hosted/hosted-page";
import { findReceipt, type ReceiptView } from "@/lib/payments/receipt";

// Where customers land after paying. No framework JavaScript: while the processor has not told us
// the outcome, the page reloads itself every few seconds (a meta refresh works everywhere).
export const config = { unstable_runtimeJS: false };

type Props = { receipt: ReceiptView | null };

export const getServerSideProps = withOutagePage<Props>(async ({ params, res }) => {
  res.setHeader("cache-control", "private, no-store");
  const receipt = await findReceipt(String(params?.reference ?? ""));
  if (!receipt) res.statusCode = 404;
  return { props: { receipt } };
});

const HEADINGS: Record<ReceiptView["outcome"], string> = {
  paid: "Payment successful",
  pending: "Confirming your payment…",
  cancelled: "Payment cancelled",
  failed: "Payment failed",
};

export default function ReceiptPage({ receipt }: Props) {
  if (!receipt) {
    return (
      <HostedPage title="Payment not found" merchant={null}>
        <Unavailable heading="Payment not found">
          <p>We could not find a payment with this reference.</p>
        </Unavailable>
      </HostedPage>
    );
  }
  const { outcome } = receipt;
  const merchant = { businessName: receipt.businessName, logoUrl: receipt.logoUrl, brandColor: receipt.brandColor, supportEmail: receipt.supportEmail };
  return (
    <HostedPage title={HEADINGS[outcome]} merchant={merchant} testMode={receipt.testMode}>
      {outcome === "pending" ? (
        <Head>
          <meta httpEquiv="refresh" content="3" />
        </Head>
      ) : null}
      <section className="space-y-6 rounded-lg border bg-background p-6 text-center shadow-sm">
        <div className="flex flex-col items-center gap-3" role="status" aria-live="polite">
          {outcome === "paid" ? <CheckCircle2 aria-hidden className="size-12 text-success" /> : outcome === "pending" ? <Clock aria-hidden className="size-12 text-warning" /> : <XCircle aria-hidden className="size-12 text-destructive" />}
          <h1 className="text-xl font-semibold">{HEADINGS[outcome]}</h1>
          <p className="text-sm text-muted-foreground">
            {outcome === "paid" ? `${receipt.businessName} has received your payment.` : outcome === "pending" ? "This usually takes a few seconds. Please don't pay again." : (receipt.failureReason ?? "No money was taken.")}
          </p>
        </div>
        <dl className="divide-y rounded-md border text-left text-sm">
          <Row label="Amount" value={receipt.amount} />
          <Row label="Paid to" value={receipt.businessName} />
          <Row label="Reference" value={<span className="break-all font-mono text-xs">{receipt.reference}</span>} />
          {receipt.method ? <Row label="Method" value={receipt.method} /> : null}
          {receipt.paidAt ? <Row label="Date" value={receipt.paidAt} /> : null}
        </dl>
        {receipt.redirectUrl ? (
          <a href={receipt.redirectUrl} className="inline-flex h-12 w-full items-center justify-center rounded-md bg-primary px-4 font-semibold text-primary-foreground hover:bg-primary-hover">
            Continue to {receipt.businessName}
          </a>
        ) : null}
        {(outcome === "failed" || outcome === "cancelled") && receipt.retryPath ? (
          <a href={receipt.retryPath} className="inline-flex h-12 w-full items-center justify-center rounded-md border bg-background px-4 font-medium hover:bg-muted">
            Try again
          </a>
        ) : null}
      </section>
    </HostedPage>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 px-4 py-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  );
}
