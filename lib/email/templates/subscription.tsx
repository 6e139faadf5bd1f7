// The subscriber's e-mails (lib/subscriptions/emails.ts fills them in). Each carries the signed link
// to the customer's page for the subscription: pay now, give a new card, cancel, see past payments.
import { Heading, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { brandColor, EmailAction, EmailLayout, styles } from "./layout";
import { DetailRow, SupportLine } from "./receipt";

export type SubscriptionEmailBase = {
  businessName: string;
  brandColor?: string | null;
  logoUrl?: string | null;
  customerName: string | null;
  /** The plan's name. */
  plan: string;
  /** "₦5,000.00 a month" */
  price: string;
  /** "Visa ending 4081" */
  card: string | null;
  manageUrl: string;
  supportEmail: string | null;
  supportPhone: string | null;
  testMode: boolean;
};

function Frame({
  props,
  preview,
  heading,
  action,
  children,
}: {
  props: SubscriptionEmailBase;
  preview: string;
  heading: string;
  action: string;
  children: ReactNode;
}) {
  const brand = { name: props.businessName, color: props.brandColor, logoUrl: props.logoUrl };
  const color = brandColor(brand);
  return (
    <EmailLayout preview={preview} brand={brand}>
      {props.testMode ? <Text style={{ ...styles.muted, color: "#92400e" }}>Test mode: no real money moved.</Text> : null}
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      <Text style={styles.text}>{props.customerName ? `Hello ${props.customerName},` : "Hello,"}</Text>
      {children}
      <EmailAction url={props.manageUrl} label={action} color={color} />
      <SupportLine businessName={props.businessName} supportEmail={props.supportEmail} supportPhone={props.supportPhone} color={color} />
    </EmailLayout>
  );
}

export type SubscriptionWelcomeProps = SubscriptionEmailBase & { trialEndsOn: string | null; nextChargeOn: string | null };

export function SubscriptionWelcome(props: SubscriptionWelcomeProps) {
  const heading = props.trialEndsOn ? `Your free trial of ${props.plan} has started` : `You're subscribed to ${props.plan}`;
  return (
    <Frame props={props} preview={`${props.businessName}: ${heading}`} heading={heading} action="Manage your subscription">
      <Text style={styles.text}>
        {props.trialEndsOn
          ? `Your trial with ${props.businessName} runs until ${props.trialEndsOn}. The small charge that checked your card has been refunded.`
          : `Thank you for subscribing to ${props.plan} with ${props.businessName}. Your receipt for the first payment comes separately.`}
      </Text>
      <Section>
        <DetailRow name="Plan" value={props.plan} />
        <DetailRow name="Price" value={props.price} />
        {props.card ? <DetailRow name="Card" value={props.card} /> : null}
        {props.nextChargeOn ? <DetailRow name={props.trialEndsOn ? "First payment" : "Next payment"} value={props.nextChargeOn} /> : null}
      </Section>
      <Text style={styles.muted}>You can update your card or cancel at any time from your subscription page.</Text>
    </Frame>
  );
}

export type SubscriptionPaymentFailedProps = SubscriptionEmailBase & {
  amount: string;
  reason: string | null;
  /** When the card is tried again; null: it is not. */
  nextRetryOn: string | null;
  /** The card cannot be charged again: only a new card (or paying now) helps. */
  cardDeclined: boolean;
};

export function SubscriptionPaymentFailed(props: SubscriptionPaymentFailedProps) {
  const card = props.card ?? "your card";
  const why = props.reason ? ` (${props.reason})` : "";
  return (
    <Frame
      props={props}
      preview={`Your payment of ${props.amount} to ${props.businessName} didn't go through`}
      heading={`Your payment for ${props.plan} didn't go through`}
      action="Pay now or update your card"
    >
      <Text style={styles.text}>
        {props.cardDeclined
          ? `We could not charge ${card} for ${props.amount}${why}, and it cannot be charged again, so we will not retry it. To keep your subscription, please pay now or give a new card.`
          : props.nextRetryOn
            ? `We could not charge ${card} for ${props.amount}${why}. We will try again on ${props.nextRetryOn}. To avoid an interruption, you can pay now or update your card.`
            : `We could not charge ${card} for ${props.amount}${why}, and we have stopped trying. Your subscription is on hold until it is paid: please pay now or give a new card.`}
      </Text>
      <Section>
        <DetailRow name="Plan" value={props.plan} />
        <DetailRow name="Amount due" value={props.amount} />
        {props.nextRetryOn ? <DetailRow name="Next try" value={props.nextRetryOn} /> : null}
      </Section>
      <Text style={styles.muted}>You can pay by card or bank transfer from your subscription page.</Text>
    </Frame>
  );
}

export type SubscriptionCardExpiringProps = SubscriptionEmailBase & { expires: string };

export function SubscriptionCardExpiring(props: SubscriptionCardExpiringProps) {
  return (
    <Frame
      props={props}
      preview={`Your card for ${props.plan} expires at the end of ${props.expires}`}
      heading="Your card expires soon"
      action="Update your card"
    >
      <Text style={styles.text}>
        {props.card ?? "The card you pay with"} expires at the end of {props.expires}. Please give a new card so your payments for {props.plan} with{" "}
        {props.businessName} keep going through.
      </Text>
    </Frame>
  );
}

export type SubscriptionCanceledProps = SubscriptionEmailBase & { reason: "period_end" | "unpaid" | "requested" | null; endedOn: string };

const ENDED: Record<NonNullable<SubscriptionCanceledProps["reason"]>, string> = {
  period_end: "at the end of its period, as asked",
  unpaid: "because its payment could not be collected",
  requested: "as asked",
};

export function SubscriptionCanceled(props: SubscriptionCanceledProps) {
  return (
    <Frame
      props={props}
      preview={`Your subscription to ${props.plan} has ended`}
      heading={`Your subscription to ${props.plan} has ended`}
      action="See your subscription"
    >
      <Text style={styles.text}>
        Your subscription to {props.plan} with {props.businessName} ended on {props.endedOn}
        {props.reason ? ` ${ENDED[props.reason]}` : ""}. No further payments will be taken. Your past payments and receipts stay on your subscription page.
      </Text>
    </Frame>
  );
}
