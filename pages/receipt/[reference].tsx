import { withOutagePage } from "@/lib/api/page-outage";
import { CheckCircle2, Clock, Download, XCircle } from "lucide-react";
import { FormError } from "@/components/hosted/form-error";
import { DeadEndPage, HostedPage } from "@/components/hosted/hosted-page";
import { findReceipt, type ReceiptView } from "@/lib/payments/receipt";
import { clearFlashCookie, FLASH_COOKIE, readFlash } from "@/lib/payments/hosted-checkout";

// Where customers land after paying. No framework JavaScript: while the processor has not told us
// the outcome, /receipt-status.js reloads the page once it knows; without JavaScript, "Check again".
export const config = { unstable_runtimeJS: false };

/** `retryError`: why the last "Try again" could not open a new checkout (from its post, app/receipt/[reference]/retry). */
type Props = { receipt: ReceiptView | null; retryError: string | null };

export const getServerSideProps = withOutagePage<Props>(async ({ params, req, res }) => {
  res.setHeader("cache-control", "private, no-store");
  const receipt = await findReceipt(String(params?.reference ?? ""));
  if (!receipt) res.statusCode = 404;
  const flash = readFlash(req.cookies[FLASH_COOKIE]);
  if (flash && receipt) res.setHeader("set-cookie", clearFlashCookie(`/receipt/${encodeURIComponent(receipt.reference)}`));
  return { props: { receipt, retryError: flash?.errors[0]?.message ?? null } };
});

const HEADINGS: Record<ReceiptView["outcome"], string> = {
  paid: "Payment successful",
  pending: "Confirming your payment…",
  cancelled: "Payment cancelled",
  abandoned: "Checkout expired",
  failed: "Payment failed",
};

export default function ReceiptPage({ receipt, retryError }: Props) {
  if (!receipt) {
    return (
      <DeadEndPage title="Payment not found" merchant={null}>
        We could not find a payment with this reference.
      </DeadEndPage>
    );
  }
  const { outcome } = receipt;
  const merchant = { businessName: receipt.businessName, logoUrl: receipt.logoUrl, brandColor: receipt.brandColor, supportEmail: receipt.supportEmail };
  const paid = outcome === "paid";
  const support = [receipt.supportEmail, receipt.supportPhone].filter(Boolean).join(" · ");
  return (
    <HostedPage title={HEADINGS[outcome]} merchant={merchant} testMode={receipt.testMode}>
      <section className="space-y-6 rounded-lg border bg-background p-6 text-center shadow-sm">
        <div className="flex flex-col items-center gap-3" role="status" aria-live="polite">
          {paid ? (
            <CheckCircle2 aria-hidden className="size-12 text-success" />
          ) : outcome === "pending" ? (
            <Clock aria-hidden className="size-12 text-warning" />
          ) : (
            <XCircle aria-hidden className="size-12 text-destructive" />
          )}
          <h1 className="text-xl font-semibold">{HEADINGS[outcome]}</h1>
          <p className="text-sm text-muted-foreground">
            {paid
              ? `${receipt.businessName} has received your payment.`
              : outcome === "pending"
                ? "This usually takes a few seconds. Please don't pay again."
                : outcome === "abandoned"
                  ? "This checkout was not paid in time. No money was taken."
                  : (receipt.failureReason ?? "No money was taken.")}
          </p>
          {/* Said only when the e-mail queue really holds (or sent) this payment's receipt. */}
          {receipt.receiptEmail ? (
            <p className="text-sm" data-testid="receipt-email">
              {receipt.receiptEmail.state === "sent" ? "A receipt was sent to " : "A receipt is on its way to "}
              <span className="font-medium">{receipt.receiptEmail.to}</span>.
            </p>
          ) : null}
        </div>
        {receipt.paidTowards.length > 0 ? (
          <ul className="space-y-1 rounded-md bg-muted/60 p-3 text-left text-sm font-medium" data-testid="receipt-paid-towards">
            {receipt.paidTowards.map((sentence, index) => (
              <li key={index}>{sentence}.</li>
            ))}
          </ul>
        ) : null}
        {receipt.item.lines.length > 0 ? (
          <table className="w-full text-left text-sm">
            <caption className="pb-2 text-left font-medium">{receipt.item.title}</caption>
            <tbody>
              {receipt.item.lines.map((line, index) => (
                <tr key={index} className="border-b align-top last:border-0">
                  <td className="py-2 pr-3">
                    {line.description} <span className="text-muted-foreground">× {line.quantity}</span>
                  </td>
                  <td className="py-2 text-right tabular-nums">{line.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <dl className="divide-y rounded-md border text-left text-sm">
          {receipt.item.title ? <Row label={paid ? "Paid for" : "For"} value={receipt.item.title} /> : null}
          <Row label="Amount" value={receipt.amount} />
          {receipt.refunded ? <Row label="Refunded" value={receipt.refunded} /> : null}
          {/* Only a paid payment went to anyone; the header already names the business. */}
          {paid ? <Row label="Paid to" value={receipt.businessName} /> : null}
          <Row label="Reference" value={<span className="break-all font-mono text-xs">{receipt.reference}</span>} />
          {receipt.method ? <Row label="Method" value={receipt.method} /> : null}
          {receipt.paidAt ? <Row label="Date" value={receipt.paidAt} /> : null}
          {paid && support ? <Row label="Questions?" value={<span className="break-all">{support}</span>} /> : null}
        </dl>
        {receipt.pdfPath ? (
          <a
            href={receipt.pdfPath}
            download
            className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-md border bg-background px-4 font-medium hover:bg-muted"
          >
            <Download aria-hidden className="size-4" /> Download receipt (PDF)
          </a>
        ) : null}
        {receipt.redirectUrl ? (
          <a
            href={receipt.redirectUrl}
            className="inline-flex h-12 w-full items-center justify-center rounded-md bg-primary px-4 font-semibold text-primary-foreground hover:bg-primary-hover"
          >
            Continue to {receipt.businessName}
          </a>
        ) : null}
        {outcome === "pending" ? (
          <a
            href={`/receipt/${encodeURIComponent(receipt.reference)}`}
            className="inline-flex h-12 w-full items-center justify-center rounded-md bg-primary px-4 font-semibold text-primary-foreground hover:bg-primary-hover"
          >
            Check again
          </a>
        ) : null}
        {outcome === "pending" && receipt.retryAction ? (
          <form method="post" action={receipt.retryAction} className="space-y-3 border-t pt-4 text-left">
            <FormError message={retryError} />
            <p className="text-sm text-muted-foreground">
              Didn&apos;t finish paying, or did the payment page not load? Try again. We check your first payment before opening a new one, and if both ever go
              through, the extra one is refunded automatically.
            </p>
            <button
              type="submit"
              className="inline-flex h-12 w-full items-center justify-center rounded-md border bg-background px-4 font-medium hover:bg-muted"
            >
              Try again
            </button>
          </form>
        ) : null}
        {(outcome === "failed" || outcome === "cancelled" || outcome === "abandoned") && receipt.retryPath ? (
          <a
            href={receipt.retryPath}
            className="inline-flex h-12 w-full items-center justify-center rounded-md border bg-background px-4 font-medium hover:bg-muted"
          >
            Try again
          </a>
        ) : null}
      </section>
      {/* Reloads the page once the payment is settled (no timed refresh: the customer may be reading). */}
      {outcome === "pending" ? <script src="/receipt-status.js" data-status-url={`/receipt/${encodeURIComponent(receipt.reference)}/status`} defer /> : null}
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
