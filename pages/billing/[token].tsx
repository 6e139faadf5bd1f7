import type { ReactNode } from "react";
import { withOutagePage } from "@/lib/api/page-outage";
import { openHostedPage } from "@/lib/api/hosted-page";
import { FormError } from "@/components/hosted/form-error";
import { DeadEndPage, HostedPage, type HostedMerchant } from "@/components/hosted/hosted-page";
import { ChannelChoice } from "@/components/hosted/pay-form";
import { CHANNELS } from "@/lib/payments/channels";
import { billingView, findBilling, type BillingView } from "@/lib/subscriptions/billing";
import { PAY_NOW_CHANNELS } from "@/lib/subscriptions/billing-actions";
import { CARD_CHECK_KOBO } from "@/lib/subscriptions/plan-charge";
import { naira } from "@/lib/subscriptions/wording";

// Server modules are used only in getServerSideProps (left out of the page's bundle); the page gets words.

// The customer's own page for a subscription, reached by the signed link in its e-mails. Like the pay
// pages: server-rendered, no framework JavaScript, every action a form that posts to the server.
export const config = { unstable_runtimeJS: false };

type Props = {
  token: string;
  view: BillingView | null;
  merchant: HostedMerchant | null;
  /** ?cancel: the cancel button's confirmation, a page of its own so it needs no script. */
  confirmCancel: boolean;
  /** Why the last action could not be done (its post's flash). */
  error: string | null;
  /** How an overdue period can be paid, and what a card check costs ("₦50"). */
  payChannels: typeof CHANNELS;
  cardCheck: string;
};

export const getServerSideProps = withOutagePage<Props>(async (context) => {
  const { query, res } = context;
  const { key: token, flash } = openHostedPage(context, "billing", "token");
  // The link is the customer's credential: never cached (openHostedPage), never sent on as a referrer.
  res.setHeader("referrer-policy", "no-referrer");
  const found = await findBilling(token);
  if (!found) {
    res.statusCode = 404;
    return { props: { token, view: null, merchant: null, confirmCancel: false, error: null, payChannels: [], cardCheck: "" } };
  }
  const view = await billingView(found);
  return {
    props: {
      token,
      view,
      merchant: found.merchant,
      confirmCancel: query.cancel !== undefined && view.cancel !== null,
      error: flash?.errors[0]?.message ?? null,
      payChannels: CHANNELS.filter((channel) => (PAY_NOW_CHANNELS as readonly string[]).includes(channel.value)),
      cardCheck: naira(CARD_CHECK_KOBO),
    },
  };
});

const button =
  "inline-flex h-12 w-full items-center justify-center rounded-md px-4 text-base font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";
const primary = `${button} bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover`;
const secondary = `${button} border bg-background hover:bg-muted`;

export default function BillingPage({ token, view, merchant, confirmCancel, error, payChannels, cardCheck }: Props) {
  if (!view) {
    return (
      <DeadEndPage title="Link not found" heading="This link doesn't work" merchant={null}>
        Open the newest link from your subscription e-mails, or contact the business you subscribed with.
      </DeadEndPage>
    );
  }
  const base = `/billing/${encodeURIComponent(token)}`;
  return (
    <HostedPage title="Your subscription" merchant={merchant} testMode={view.testMode}>
      <div className="space-y-4">
        <FormError message={error} />
        <section className="rounded-lg border bg-background p-5 shadow-sm" aria-labelledby="plan-name">
          <p className="text-sm text-muted-foreground">Your subscription</p>
          <h1 id="plan-name" className="text-xl font-semibold leading-tight">
            {view.plan.name}
          </h1>
          {view.plan.description ? <p className="mt-1 whitespace-pre-line text-sm text-muted-foreground">{view.plan.description}</p> : null}
          <p className="mt-3 text-2xl font-bold tracking-tight">{view.plan.price}</p>
          <p className="mt-3">
            <span className="rounded-full border px-2.5 py-0.5 text-sm font-medium" data-testid="billing-status">
              {view.statusWords}
            </span>
          </p>
          <p className="mt-3 text-sm" data-testid="billing-standing">
            {view.standing}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">Billed to {view.customerEmail}</p>
        </section>

        {confirmCancel && view.cancel ? <ConfirmCancel action={`${base}/cancel`} back={base} cancel={view.cancel} /> : null}

        {!confirmCancel && view.pausedMessage && (view.payNow || view.canUpdateCard) ? (
          <p className="rounded-md border bg-background px-3 py-2 text-sm">{view.pausedMessage}</p>
        ) : null}

        {!confirmCancel && view.payNow && !view.pausedMessage ? (
          <Panel id="pay-now" heading="Pay now">
            <form method="post" action={`${base}/pay`} className="space-y-4">
              <p className="text-sm text-muted-foreground">Pay {view.payNow} for this period by card or bank transfer, and your subscription carries on.</p>
              <ChannelChoice values={{}} channels={payChannels} />
              <button type="submit" className={primary}>
                Pay {view.payNow} now
              </button>
            </form>
          </Panel>
        ) : null}

        {!confirmCancel ? (
          <Panel id="card" heading="Card">
            <p className="text-sm" data-testid="billing-card">
              {view.card ?? "We have no details of the card."}
            </p>
            {view.canUpdateCard && !view.pausedMessage ? (
              <form method="post" action={`${base}/card`} className="mt-4 space-y-2">
                <button type="submit" className={secondary}>
                  Update card
                </button>
                <p className="text-xs text-muted-foreground">
                  We check the new card with {cardCheck} and refund it at once. Your payments then come from the new card.
                </p>
              </form>
            ) : null}
          </Panel>
        ) : null}

        {!confirmCancel ? (
          <Panel id="payments" heading="Past payments">
            {view.payments.length === 0 ? (
              <p className="text-sm text-muted-foreground">No payments yet.</p>
            ) : (
              <ul className="divide-y text-sm">
                {view.payments.map((p) => (
                  <li key={p.reference} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
                    <span>
                      <span className="font-medium">{p.date}</span> · {p.amount} · {p.state}
                    </span>
                    <span className="flex gap-4">
                      <a className="underline underline-offset-2" href={p.receiptPath}>
                        Receipt<span className="sr-only"> for {p.date}</span>
                      </a>
                      <a className="underline underline-offset-2" href={p.pdfPath} download>
                        PDF<span className="sr-only"> receipt for {p.date}</span>
                      </a>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        ) : null}

        {!confirmCancel && view.cancel ? (
          <a href={`${base}?cancel`} className={secondary}>
            Cancel subscription
          </a>
        ) : null}
      </div>
    </HostedPage>
  );
}

function Panel({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border bg-background p-5 shadow-sm" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-3 text-base font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

function ConfirmCancel({ action, back, cancel }: { action: string; back: string; cancel: NonNullable<BillingView["cancel"]> }) {
  return (
    <Panel id="cancel" heading="Cancel your subscription?">
      <form method="post" action={action} className="space-y-3">
        <input type="hidden" name="confirm" value="yes" />
        <p className="text-sm">
          {cancel.atPeriodEnd ? `It stays active until ${cancel.endsOn}, and you won't be charged again.` : "It ends today, and you won't be charged again."}
        </p>
        <button type="submit" className={`${button} bg-destructive text-destructive-foreground hover:bg-destructive/90`}>
          {cancel.atPeriodEnd ? "Yes, cancel at the end of the period" : "Yes, cancel now"}
        </button>
        <a href={back} className={secondary}>
          Keep my subscription
        </a>
      </form>
    </Panel>
  );
}
