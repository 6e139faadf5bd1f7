import { withOutagePage } from "@/lib/api/page-outage";
import { openHostedPage } from "@/lib/api/hosted-page";
import { CheckoutPage, DeadEndPage, type CheckoutPageProps } from "@/components/hosted/hosted-page";
import { cannotTakePaymentsMessage, initialFormValues, paymentsPaused } from "@/lib/payments/hosted-checkout";
import { findPublicPlan } from "@/lib/subscriptions/subscribe";
import { CARD_CHECK_KOBO } from "@/lib/subscriptions/plan-charge";
import { everyInterval, naira, pricePerInterval, trialText } from "@/lib/subscriptions/wording";

// Like /pay/{slug}: server-rendered, no framework JavaScript, a form that posts to the server.
export const config = { unstable_runtimeJS: false };

type State = "available" | "not_found" | "paused";
type PlanView = { name: string; description: string | null; price: string; trial: string | null; terms: string };
type Props = CheckoutPageProps & {
  state: State;
  planId: string;
  plan: PlanView | null;
};

export const getServerSideProps = withOutagePage<Props>(async (context) => {
  const { query, res } = context;
  const { key: planId, flash } = openHostedPage(context, "subscribe", "planId");

  const found = await findPublicPlan(planId);
  // An unknown, inactive or closed business's plan: one polite page that says no more than that.
  if (!found || !found.available) {
    res.statusCode = 404;
    return {
      props: { state: "not_found", planId, merchant: found?.merchant ?? null, plan: null, pausedMessage: null, testMode: false, errors: [], values: {} },
    };
  }
  const { plan, merchant } = found;
  const paused = paymentsPaused(plan.environment, plan.merchantId);
  const price = naira(plan.amount);
  return {
    props: {
      state: paused ? "paused" : "available",
      planId,
      merchant,
      plan: {
        name: plan.name,
        description: plan.description,
        price: pricePerInterval(plan.amount, plan.interval),
        trial: plan.trialDays > 0 ? trialText(plan, CARD_CHECK_KOBO) : null,
        terms:
          plan.trialDays > 0
            ? `Your card is saved and charged ${price} ${everyInterval(plan.interval)} once the trial ends.`
            : `You pay ${price} now, and your card is saved and charged ${price} ${everyInterval(plan.interval)} after that.`,
      },
      pausedMessage: paused ? cannotTakePaymentsMessage(merchant.supportEmail) : null,
      testMode: plan.environment === "test",
      errors: flash?.errors ?? [],
      values: await initialFormValues(query, flash, { planId: plan.id, environment: plan.environment }),
    },
  };
});

export default function SubscribePage({ state, planId, plan, ...page }: Props) {
  if (state === "not_found" || !plan) {
    return (
      <DeadEndPage title="Plan not found" heading="This plan isn't available" merchant={page.merchant}>
        Check the address you were given, or ask {page.merchant?.businessName ?? "the business"} for a new link.
      </DeadEndPage>
    );
  }
  if (state === "paused") {
    return (
      <DeadEndPage title="Payments are paused" merchant={page.merchant}>
        {page.pausedMessage}
      </DeadEndPage>
    );
  }
  return (
    <CheckoutPage
      {...page}
      id="plan-name"
      title={plan.name}
      description={plan.description}
      price={{ text: plan.price, testId: "plan-price" }}
      form={{
        action: `/subscribe/${encodeURIComponent(planId)}/checkout`,
        askAmount: false,
        askName: "required",
        askChannel: false,
        submitLabel: "Subscribe",
      }}
    >
      {plan.trial ? (
        <p className="mt-2 rounded-md bg-muted px-3 py-2 text-sm" data-testid="plan-trial">
          {plan.trial}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-muted-foreground">{plan.terms} You can cancel at any time from the link in the e-mail we send you.</p>
    </CheckoutPage>
  );
}
