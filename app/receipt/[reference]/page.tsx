import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { db } from "@/lib/db/client";
import { formatNaira } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Payment receipt", robots: { index: false } };

type Props = { params: Promise<{ reference: string }> };

/** Where customers land after paying: the outcome by reference, refreshed until the processor has told us. */
export default async function ReceiptPage({ params }: Props) {
  const { reference } = await params;
  const t = await db.transaction.findUnique({
    where: { reference: decodeURIComponent(reference) },
    include: { merchant: { select: { businessName: true, brandColor: true } }, paymentLink: { select: { slug: true, redirectUrl: true } } },
  });
  if (!t) notFound();
  const pending = t.status === "PENDING";
  const paid = t.status === "COMPLETED" || t.status === "REFUNDED";

  return (
    <main className="min-h-dvh bg-muted/40 px-4 py-10">
      {/* Works without JavaScript: the browser reloads while we wait for the processor. */}
      {pending ? <meta httpEquiv="refresh" content="3" /> : null}
      <Card className="mx-auto w-full max-w-md">
        <CardContent className="space-y-6 pt-6 text-center">
          <div className="flex flex-col items-center gap-3" role="status" aria-live="polite">
            {paid ? <CheckCircle2 aria-hidden className="size-12 text-success" /> : pending ? <Clock aria-hidden className="size-12 text-warning" /> : <XCircle aria-hidden className="size-12 text-destructive" />}
            <h1 className="text-xl font-semibold">
              {paid ? "Payment successful" : pending ? "Confirming your payment…" : t.status === "CANCELLED" ? "Payment cancelled" : "Payment failed"}
            </h1>
            <p className="text-sm text-muted-foreground">
              {paid ? `${t.merchant.businessName} has received your payment.` : pending ? "This usually takes a few seconds. Please don't pay again." : (t.failureReason ?? "No money was taken.")}
            </p>
          </div>
          <dl className="divide-y rounded-md border text-left text-sm">
            <Row label="Amount" value={formatNaira(Number(t.amount))} />
            <Row label="Paid to" value={t.merchant.businessName} />
            <Row label="Reference" value={<span className="break-all font-mono text-xs">{t.reference}</span>} />
            {t.paymentMethod ? <Row label="Method" value={t.paymentMethod.replace("_", " ").toLowerCase()} /> : null}
            {t.completedAt ? <Row label="Date" value={t.completedAt.toLocaleString("en-NG", { timeZone: "Africa/Lagos", dateStyle: "medium", timeStyle: "short" })} /> : null}
          </dl>
          {paid && t.paymentLink?.redirectUrl ? (
            <Button asChild className="w-full"><a href={t.paymentLink.redirectUrl}>Continue to {t.merchant.businessName}</a></Button>
          ) : null}
          {!paid && !pending && t.paymentLink ? (
            <Button asChild variant="outline" className="w-full"><a href={`/pay/${t.paymentLink.slug}`}>Try again</a></Button>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 px-4 py-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium capitalize-first">{value}</dd>
    </div>
  );
}
