import { withOutagePage } from "@/lib/api/page-outage";
import { openHostedPage } from "@/lib/api/hosted-page";
import { CheckoutPage, DeadEndPage, type CheckoutPageProps } from "@/components/hosted/hosted-page";
import { findPublicLink } from "@/lib/links/service";
import { recordVisit } from "@/lib/links/visits";
import { cannotTakePaymentsMessage, initialFormValues, paymentsPaused } from "@/lib/payments/hosted-checkout";
import { formatNaira } from "@/lib/utils";

// No framework JavaScript on the page customers pay on (production builds): the HTML form does the
// work, /pay.js only polishes it. Keeps /pay/{slug} tiny on slow mobile networks.
export const config = { unstable_runtimeJS: false };

type State = "available" | "not_found" | "inactive" | "expired" | "full" | "paid" | "paused";
type Props = CheckoutPageProps & {
  state: State;
  slug: string;
  link: { title: string; description: string | null; amount: string | null } | null;
};

export const getServerSideProps = withOutagePage<Props>(async (context) => {
  const { query, res } = context;
  const { key: slug, flash } = openHostedPage(context, "pay", "slug");

  const found = await findPublicLink(slug);
  // A live link while the platform cannot take live payments: said politely, no form (the log tells the operator).
  const paused = found?.availability === "available" && paymentsPaused(found.link.environment, found.link.merchantId);
  if (!found || found.availability !== "available") res.statusCode = 404;
  // A re-render after a failed submission, or coming back to try again, is the same visit.
  else if (!flash && query.retry === undefined) recordVisit(found.link);

  return {
    props: {
      state: paused ? "paused" : (found?.availability ?? "not_found"),
      pausedMessage: paused ? cannotTakePaymentsMessage(found.merchant.supportEmail) : null,
      slug,
      merchant: found
        ? {
            businessName: found.merchant.businessName,
            logoUrl: found.merchant.logoUrl,
            brandColor: found.merchant.brandColor,
            supportEmail: found.merchant.supportEmail,
          }
        : null,
      link: found
        ? { title: found.link.title, description: found.link.description, amount: found.link.amount === null ? null : formatNaira(Number(found.link.amount)) }
        : null,
      testMode: found?.link.environment === "test",
      errors: flash?.errors ?? [],
      values: found ? await initialFormValues(query, flash, { paymentLinkId: found.link.id, environment: found.link.environment }) : {},
    },
  };
});

// Each closed link says why, so the customer knows whether to ask for a new one.
const UNAVAILABLE: Record<Exclude<State, "available">, { heading: string; body: (business: string, pausedMessage: string | null) => string }> = {
  not_found: { heading: "Payment link not found", body: () => "Check the address you were given, or ask the business for a new link." },
  paid: {
    heading: "This link has already been paid",
    body: (b) => `It was for one payment, and that payment has been made. If you need to pay again, ask ${b} for a new link.`,
  },
  full: {
    heading: "This link has already been paid",
    body: (b) => `It has received all the payments it was set up for. If you need to pay, ask ${b} for a new link.`,
  },
  expired: { heading: "This payment link has expired", body: (b) => `Ask ${b} for a new link if you still need to pay.` },
  inactive: { heading: "This payment link is turned off", body: (b) => `${b} has turned this link off for now. Contact them if you still need to pay.` },
  paused: { heading: "Payments are paused", body: (b, pausedMessage) => pausedMessage ?? `${b} can't take payments right now. Please try again later.` },
};

export default function PayPage({ state, slug, link, ...page }: Props) {
  if (state !== "available" || !link) {
    const copy = UNAVAILABLE[state === "available" ? "not_found" : state];
    const business = page.merchant?.businessName ?? "the business";
    return (
      <DeadEndPage title={copy.heading} merchant={page.merchant}>
        {copy.body(business, page.pausedMessage)}
      </DeadEndPage>
    );
  }
  return (
    <CheckoutPage
      {...page}
      id="link-title"
      title={link.title}
      description={link.description}
      price={{ text: link.amount, testId: "link-amount" }}
      form={{
        action: `/pay/${encodeURIComponent(slug)}/checkout`,
        askAmount: link.amount === null,
        askName: "optional",
        submitLabel: link.amount ? `Pay ${link.amount}` : "Continue to pay",
      }}
    />
  );
}
