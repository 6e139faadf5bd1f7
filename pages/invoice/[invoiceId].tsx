import { withOutagePage } from "@/lib/api/page-outage";
import { openHostedPage } from "@/lib/api/hosted-page";
import { DeadEndPage, HostedPage, Unavailable, type CheckoutPageProps } from "@/components/hosted/hosted-page";
import { PayForm } from "@/components/hosted/pay-form";
import { PayByTransfer } from "@/components/hosted/pay-by-transfer";
import { findCustomerInvoice } from "@/lib/invoices/public";
import { lineTotal } from "@/lib/invoices/totals";
import { cannotTakePaymentsMessage, initialFormValues, paymentsPaused } from "@/lib/payments/hosted-checkout";
import { formatNaira } from "@/lib/utils";
import { koboToNairaInput } from "@/lib/payments/money";
import { instalmentRange } from "@/lib/invoices/instalments";
import { PAYABLE } from "@/lib/invoices/state";

// Like /pay/{slug}: server-rendered, no framework JavaScript, a form that posts to the server.
export const config = { unstable_runtimeJS: false };

type Line = { description: string; quantity: number; unit: string; total: string };
type View = {
  id: string;
  number: string;
  status: "SENT" | "PARTIALLY_PAID" | "OVERDUE" | "PAID" | "VOID";
  customerName: string | null;
  customerEmail: string;
  note: string | null;
  dueDate: string | null;
  paidAt: string | null;
  /** The paying payment's receipt e-mail, only if one is on its way or sent. */
  receiptEmail: "queued" | "sent" | null;
  /** "Pay by bank transfer to …": the customer's own account number, while the invoice is open. */
  payByTransfer: string | null;
  total: string;
  /** Set once something was paid: so far, and what is left. */
  paid: { soFar: string; due: string } | null;
  /** What the pay button asks for: the amount due, or (instalments allowed) a choice between limits. */
  pay: { due: string; choice: { min: string; max: string; start: string } | null };
  lines: Line[];
};
type Props = CheckoutPageProps & { invoice: View | null };

const longDate = (date: Date) => date.toLocaleDateString("en-NG", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

export const getServerSideProps = withOutagePage<Props>(async (context) => {
  const { query, res } = context;
  const { key: id, flash } = openHostedPage(context, "invoice", "invoiceId");
  const found = await findCustomerInvoice(id);
  if (!found) {
    res.statusCode = 404;
    return { props: { invoice: null, merchant: null, testMode: false, pausedMessage: null, errors: [], values: {} } };
  }
  const { invoice, merchant, receiptEmail, payByTransfer } = found;
  const open = PAYABLE.includes(invoice.status);
  const range = instalmentRange({ ...invoice, amount: BigInt(invoice.amount), amountPaid: BigInt(invoice.amountPaid) });
  const due = BigInt(invoice.amountDue);
  return {
    props: {
      invoice: {
        id: invoice.id,
        number: invoice.invoiceNumber,
        status: invoice.status as View["status"],
        customerName: invoice.customerName,
        customerEmail: invoice.customerEmail,
        note: invoice.customerNote,
        dueDate: invoice.dueDate ? longDate(invoice.dueDate) : null,
        paidAt: invoice.paidAt ? longDate(invoice.paidAt) : null,
        receiptEmail: receiptEmail?.state ?? null,
        payByTransfer,
        total: formatNaira(Number(invoice.amount)),
        paid: invoice.amountPaid > 0 ? { soFar: formatNaira(Number(invoice.amountPaid)), due: formatNaira(Number(due)) } : null,
        pay: {
          due: formatNaira(Number(due)),
          choice: invoice.allowPartialPayments
            ? { min: formatNaira(Number(range.min)), max: formatNaira(Number(range.max)), start: koboToNairaInput(due) }
            : null,
        },
        lines: invoice.lineItems.map((item) => ({
          description: item.description,
          quantity: item.quantity,
          unit: formatNaira(Number(item.amount)),
          total: formatNaira(Number(lineTotal(item.amount, item.quantity) ?? 0n)),
        })),
      },
      merchant: { businessName: merchant.businessName, logoUrl: merchant.logoUrl, brandColor: merchant.brandColor, supportEmail: merchant.supportEmail },
      testMode: invoice.environment === "test",
      pausedMessage: open && paymentsPaused(invoice.environment, invoice.merchantId) ? cannotTakePaymentsMessage(merchant.supportEmail) : null,
      errors: flash?.errors ?? [],
      values: await initialFormValues(query, flash, { invoiceId: invoice.id, environment: invoice.environment }),
    },
  };
});

const STATUS_LABEL: Record<View["status"], { text: string; className: string }> = {
  SENT: { text: "Due", className: "bg-primary/10 text-primary" },
  PARTIALLY_PAID: { text: "Partly paid", className: "bg-primary/10 text-primary" },
  OVERDUE: { text: "Overdue", className: "bg-destructive/10 text-destructive" },
  PAID: { text: "Paid", className: "bg-success/15 text-success" },
  VOID: { text: "Cancelled", className: "bg-muted text-muted-foreground" },
};

export default function InvoicePage({ invoice, merchant, testMode, pausedMessage, errors, values }: Props) {
  if (!invoice) {
    return (
      <DeadEndPage title="Invoice not found" merchant={null}>
        Check the link in your e-mail, or contact the business that sent it.
      </DeadEndPage>
    );
  }
  const status = STATUS_LABEL[invoice.status];
  const payable = (invoice.status === "SENT" || invoice.status === "PARTIALLY_PAID" || invoice.status === "OVERDUE") && !pausedMessage;
  const choice = invoice.pay.choice;
  return (
    <HostedPage title={`Invoice ${invoice.number}`} merchant={merchant} testMode={testMode}>
      <article className="space-y-5 rounded-lg border bg-background p-5 shadow-sm" aria-labelledby="invoice-title">
        <header className="flex items-start justify-between gap-3">
          <div>
            <h1 id="invoice-title" className="text-xl font-semibold">
              Invoice {invoice.number}
            </h1>
            <p className="text-sm text-muted-foreground">
              For {invoice.customerName ?? invoice.customerEmail}
              {invoice.dueDate ? ` · Due ${invoice.dueDate}` : ""}
            </p>
          </div>
          <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${status.className}`} data-testid="invoice-status">
            {status.text}
          </span>
        </header>

        <table className="w-full text-sm">
          <caption className="sr-only">Items</caption>
          <thead>
            <tr className="border-b text-left text-xs uppercase text-muted-foreground">
              <th scope="col" className="py-2 font-medium">
                Item
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <tr key={index} className="border-b align-top last:border-0">
                <td className="py-3 pr-3">
                  <span className="block font-medium">{line.description}</span>
                  <span className="text-xs text-muted-foreground">
                    {line.quantity} × {line.unit}
                  </span>
                </td>
                <td className="py-3 text-right tabular-nums">{line.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-3 text-left font-semibold">
                Total
              </th>
              <td className="pt-3 text-right text-lg font-bold tabular-nums" data-testid="invoice-total">
                {invoice.total}
              </td>
            </tr>
            {invoice.paid && invoice.status !== "PAID" ? (
              <>
                <tr>
                  <th scope="row" className="pt-1 text-left font-normal text-muted-foreground">
                    Paid so far
                  </th>
                  <td className="pt-1 text-right tabular-nums text-muted-foreground" data-testid="invoice-paid">
                    {invoice.paid.soFar}
                  </td>
                </tr>
                <tr>
                  <th scope="row" className="pt-1 text-left font-semibold">
                    Amount due
                  </th>
                  <td className="pt-1 text-right text-lg font-bold tabular-nums" data-testid="invoice-due">
                    {invoice.paid.due}
                  </td>
                </tr>
              </>
            ) : null}
          </tfoot>
        </table>

        {invoice.note ? <p className="whitespace-pre-line rounded-md bg-muted/60 p-3 text-sm">{invoice.note}</p> : null}

        {payable ? (
          <PayForm
            action={`/invoice/${invoice.id}/pay`}
            values={values}
            errors={errors}
            askAmount={choice !== null}
            amountHint={choice ? `You may pay in parts: from ${choice.min} up to ${choice.max}, the amount due` : undefined}
            amountDefault={choice?.start}
            askEmail={false}
            askName={invoice.customerName ? false : "required"}
            submitLabel={choice ? "Pay this amount" : `Pay ${invoice.pay.due}`}
          />
        ) : pausedMessage ? (
          <Unavailable heading="Payments are paused">
            <p>{pausedMessage}</p>
          </Unavailable>
        ) : invoice.status === "PAID" ? (
          <Unavailable heading="This invoice has been paid">
            <p>
              {invoice.paidAt ? `Paid on ${invoice.paidAt}. ` : ""}Thank you!
              {/* Only what the e-mail outbox holds: a suppressed or failed receipt is never promised. */}
              {invoice.receiptEmail === "sent" ? ` A receipt was sent to ${invoice.customerEmail}.` : null}
              {invoice.receiptEmail === "queued" ? ` A receipt is on its way to ${invoice.customerEmail}.` : null}
            </p>
          </Unavailable>
        ) : (
          <Unavailable heading="This invoice has been cancelled">
            <p>{merchant?.businessName} cancelled this invoice; there is nothing to pay.</p>
          </Unavailable>
        )}
        {invoice.payByTransfer ? <PayByTransfer text={invoice.payByTransfer} /> : null}
        <a href={`/invoice/${invoice.id}/pdf`} className="block text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          Download PDF
        </a>
      </article>
      {payable ? <script src="/pay.js" defer /> : null}
    </HostedPage>
  );
}
