import { createElement, type ReactElement } from "react";
import { render } from "@react-email/render";
import { Invitation } from "./templates/invitation";
import { InvoiceEmail, type InvoiceEmailProps } from "./templates/invoice";
import { ResetPassword } from "./templates/reset-password";
import { VerifyEmail } from "./templates/verify-email";
import { WebhookDisabled } from "./templates/webhook-disabled";
import { AutoRefund, type AutoRefundProps } from "./templates/auto-refund";
import { SettlementAccountChanged, type SettlementAccountChangedProps } from "./templates/settlement-account-changed";
import { SettlementAccountMismatch, type SettlementAccountMismatchProps } from "./templates/settlement-account-mismatch";
import { ReceiptEmail, type ReceiptEmailProps } from "./templates/receipt";
import { RefundEmail, type RefundEmailProps } from "./templates/refund";
import { PaymentReceived, type PaymentReceivedProps } from "./templates/payment-received";
import { DailySummary, type DailySummaryProps } from "./templates/daily-summary";
import { quoted } from "./templates/layout";
import {
  SubscriptionCanceled,
  SubscriptionCardExpiring,
  SubscriptionPaymentFailed,
  SubscriptionWelcome,
  type SubscriptionCanceledProps,
  type SubscriptionCardExpiringProps,
  type SubscriptionPaymentFailedProps,
  type SubscriptionWelcomeProps,
} from "./templates/subscription";
import { TwoFactorRemoval, type TwoFactorRemovalProps } from "./templates/two-factor-removal";

/** A rendered e-mail, ready for sendEmail(). `onBehalfOf`: the business it is sent for, to its customer (see fromHeader). */
export type EmailMessage = { to: string; subject: string; html: string; text: string; onBehalfOf?: string };

async function build(to: string, subject: string, element: ReactElement, onBehalfOf?: string): Promise<EmailMessage> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  // Subjects carry user-supplied names: keep them on one line.
  return { to, subject: subject.replace(/[\r\n]+/g, " ").trim(), html, text, ...(onBehalfOf !== undefined && { onBehalfOf }) };
}

/**
 * The From header: EMAIL_FROM for Paylink's own e-mails; for one sent on a business's behalf, its
 * name quoted, "via Paylink", at EMAIL_FROM's address, so no business can appear as Paylink itself.
 * The name loses anything that could end the display name (quotes, brackets, backslashes, line breaks).
 */
export function fromHeader(emailFrom: string, onBehalfOf?: string): string {
  if (onBehalfOf === undefined) return emailFrom;
  const address = /<([^<>]+)>\s*$/.exec(emailFrom)?.[1] ?? emailFrom.trim();
  const name = onBehalfOf
    .replace(/["<>\\\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60);
  return `"${quoted(name)} via Paylink" <${address}>`;
}

export function verificationEmail(input: { to: string; firstName: string; url: string }): Promise<EmailMessage> {
  return build(input.to, "Verify your email address", createElement(VerifyEmail, { firstName: input.firstName, url: input.url }));
}

export function passwordResetEmail(input: { to: string; firstName: string; url: string }): Promise<EmailMessage> {
  return build(input.to, "Reset your Paylink password", createElement(ResetPassword, { firstName: input.firstName, url: input.url }));
}

export function invitationEmail(input: { to: string; inviterName: string; businessName: string; role: string; url: string }): Promise<EmailMessage> {
  return build(
    input.to,
    `You're invited to join ${input.businessName} on Paylink`,
    createElement(Invitation, {
      inviterName: input.inviterName,
      businessName: input.businessName,
      role: input.role,
      url: input.url,
    }),
  );
}

export function webhookDisabledEmail(input: { to: string; businessName: string; endpointUrl: string; url: string }): Promise<EmailMessage> {
  return build(
    input.to,
    `Webhook endpoint disabled for ${input.businessName}`,
    createElement(WebhookDisabled, { businessName: input.businessName, endpointUrl: input.endpointUrl, url: input.url }),
  );
}

export type EmailLink = { url: string; label?: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`[\]{}|\\^]+/g;

/**
 * The http(s) links in an e-mail's text version, in order, without duplicates. A link's label is the
 * text just before it on the same line (the plain-text rendering of a button: "Verify email address https://…").
 */
export function extractLinks(text: string): EmailLink[] {
  const found = new Map<string, EmailLink>();
  for (const line of text.split(/\r?\n/)) {
    let start = 0;
    for (const match of line.matchAll(URL_PATTERN)) {
      const url = match[0].replace(/[.,;:!?)]+$/, "");
      const before = line
        .slice(start, match.index)
        .trim()
        .replace(/[\s:[(-]+$/, "");
      start = (match.index ?? 0) + match[0].length;
      const label = before && before.length <= 80 ? before : undefined;
      const seen = found.get(url);
      if (!seen) found.set(url, { url, ...(label ? { label } : {}) });
      else if (!seen.label && label) seen.label = label;
    }
  }
  return [...found.values()];
}

export function invoiceEmail(input: InvoiceEmailProps & { to: string }): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, `Invoice ${props.invoiceNumber} from ${props.businessName}`, createElement(InvoiceEmail, props), props.businessName);
}

export function autoRefundEmail(input: { to: string } & AutoRefundProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, `Payment ${props.reference} was refunded automatically`, createElement(AutoRefund, props));
}

export function settlementAccountChangedEmail(input: { to: string } & SettlementAccountChangedProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, `The settlement account of ${props.businessName} was changed`, createElement(SettlementAccountChanged, props));
}

export function settlementAccountMismatchEmail(input: { to: string } & SettlementAccountMismatchProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, `Check the settlement account of ${props.businessName}`, createElement(SettlementAccountMismatch, props));
}

export function receiptEmail(input: { to: string } & ReceiptEmailProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, `${props.testMode ? "[Test] " : ""}Your receipt from ${props.businessName}`, createElement(ReceiptEmail, props), props.businessName);
}

export function refundEmail(input: { to: string } & RefundEmailProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, `${props.testMode ? "[Test] " : ""}${props.businessName} refunded ${props.amount}`, createElement(RefundEmail, props), props.businessName);
}

export function paymentReceivedEmail(input: { to: string } & PaymentReceivedProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, `${props.testMode ? "[Test] " : ""}You've been paid ${props.amount} · ${props.businessName}`, createElement(PaymentReceived, props));
}

export function dailySummaryEmail(input: { to: string } & DailySummaryProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, `${props.businessName} on ${props.day}: your daily summary`, createElement(DailySummary, props));
}

export function twoFactorRemovalEmail(input: { to: string } & TwoFactorRemovalProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, "Your Paylink two-factor sign-in will be removed", createElement(TwoFactorRemoval, props));
}

const testTag = (testMode: boolean) => (testMode ? "[Test] " : "");

export function subscriptionWelcomeEmail(input: { to: string } & SubscriptionWelcomeProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  const subject = props.trialEndsOn ? `Your free trial of ${props.plan} has started` : `You're subscribed to ${props.plan}`;
  return build(to, `${testTag(props.testMode)}${subject} · ${props.businessName}`, createElement(SubscriptionWelcome, props), props.businessName);
}

export function subscriptionPaymentFailedEmail(input: { to: string } & SubscriptionPaymentFailedProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(
    to,
    `${testTag(props.testMode)}Action needed: your payment to ${props.businessName} didn't go through`,
    createElement(SubscriptionPaymentFailed, props),
    props.businessName,
  );
}

export function subscriptionCardExpiringEmail(input: { to: string } & SubscriptionCardExpiringProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, `${testTag(props.testMode)}Your card for ${props.plan} expires soon`, createElement(SubscriptionCardExpiring, props), props.businessName);
}

export function subscriptionCanceledEmail(input: { to: string } & SubscriptionCanceledProps): Promise<EmailMessage> {
  const { to, ...props } = input;
  return build(to, `${testTag(props.testMode)}Your subscription to ${props.plan} has ended`, createElement(SubscriptionCanceled, props), props.businessName);
}
