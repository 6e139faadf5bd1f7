// Response shapes of the resources, as JSON carries them (amounts are integers in kobo).
import { z } from "@/lib/zod";

const id = z.uuid();
/** A moment: an ISO 8601 date-time, as JSON carries dates. */
export const ts = z.iso.datetime();
const kobo = z.int().meta({ description: "Amount in kobo (₦1 = 100 kobo)" });
/** The mode an object belongs to (a merchant's test and live data never mix). */
export const env = z.enum(["test", "live"]);

export const UserSchema = z
  .object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    email: z.email(),
    role: z.enum(["merchant_owner", "team_member"]),
    isEmailVerified: z.boolean(),
    createdAt: ts,
    updatedAt: ts,
    ownedMerchant: z
      .object({ id, businessName: z.string(), status: z.string(), environment: env.meta({ description: "The user's own view of it" }) })
      .nullable(),
  })
  .meta({ id: "User" });

export const MerchantSchema = z
  .object({
    id,
    businessName: z.string(),
    status: z.enum(["pending", "active", "suspended", "closed"]),
    environment: env.meta({
      description: "The caller's own view: a member's chosen mode (PUT /api/merchants/{merchantId}/environment; `test` after sign-up), a secret key's own mode",
    }),
    supportEmail: z.email().nullable(),
    supportPhone: z.string().nullable(),
    website: z.string().nullable(),
    brandColor: z.string().nullable(),
    logoUrl: z.string().nullable(),
    requireTwoFactor: z.boolean().meta({ description: "Every member must use two-factor sign-in (the owner's switch)" }),
    assignVirtualAccounts: z.boolean().meta({
      description: "Each invoice's customer gets a bank account number of their own (a virtual account) when the invoice is sent, to pay by transfer",
    }),
    createdAt: ts,
    updatedAt: ts,
    owner: z.object({ id, firstName: z.string(), lastName: z.string(), email: z.email() }),
  })
  .meta({ id: "Merchant" });

export const TransactionSchema = z
  .object({
    id,
    reference: z.string().meta({ example: "TXN-1763790000000-k3j9x2ab" }),
    amount: kobo,
    fee: kobo.meta({ description: "The processor's fee, in kobo" }),
    platformFee: kobo.meta({ description: "The platform's fee (PLATFORM_FEE_PERCENT, capped), in kobo" }),
    netAmount: kobo.meta({ description: "What the merchant keeps: amount − fee − platformFee − refundedAmount, in kobo" }),
    currency: z.string(),
    status: z.enum(["PENDING", "COMPLETED", "FAILED", "CANCELLED", "REFUNDED", "ABANDONED"]).meta({
      description:
        "PENDING: initiated, not completed. COMPLETED: paid. FAILED: declined. CANCELLED: cancelled by the customer. REFUNDED: refunded, partially or fully (partially while refundedAmount < amount). ABANDONED: not paid within the checkout's 30 minutes, confirmed unpaid with the processor; it still completes if the customer pays late.",
    }),
    paymentMethod: z.string().nullable(),
    channel: z.string().nullable(),
    customerEmail: z.email(),
    customerName: z.string().nullable(),
    senderName: z
      .string()
      .nullable()
      .meta({ description: "A bank transfer's sender, as the processor reports it; null for other payments", example: "ADAEZE OKAFOR" }),
    senderBank: z
      .string()
      .nullable()
      .meta({ description: "The bank a transfer was sent from, when the processor says; null for other payments", example: "Guaranty Trust Bank" }),
    description: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    environment: env,
    refundedAmount: kobo.meta({ description: "How much of the amount was refunded (or is being refunded), in kobo" }),
    paymentLinkId: id.nullable(),
    invoiceId: id.nullable(),
    payoutId: id.nullable().meta({ description: "The payout that paid this out to the merchant's bank, once settled" }),
    createdAt: ts,
    updatedAt: ts,
    completedAt: ts.nullable(),
  })
  .meta({ id: "Transaction" });

/** A Refund record, as GET …/transactions/{id} lists it and the refund.processed / refund.failed events carry it. */
export const RefundSchema = z
  .object({
    id,
    transactionId: id,
    reference: z.string(),
    amount: kobo,
    status: z.enum(["pending", "processed", "failed"]).meta({ description: "pending until the processor confirms it; failed gives the amount back to refund" }),
    reason: z.string().nullable(),
    failureReason: z.string().nullable(),
    processorRefundId: z.string().nullable().meta({ description: "The processor's own refund id, once it has answered" }),
    createdAt: ts,
    processedAt: ts.nullable(),
  })
  .meta({ id: "Refund" });

export const SettlementAccountSchema = z
  .object({
    bankCode: z.string(),
    bankName: z.string(),
    accountNumber: z.string().meta({ description: "The last four digits only", example: "6789" }),
    accountName: z.string().meta({ description: "The name the processor resolved for the account" }),
    status: z.enum(["verified"]),
    updatedAt: ts,
  })
  .meta({ id: "SettlementAccount" });

export const PayoutSchema = z
  .object({
    id,
    environment: env,
    processor: z.string(),
    status: z.enum(["pending", "processing", "paid", "failed"]),
    amount: kobo.meta({ description: "What reached the bank account, in kobo" }),
    fees: kobo,
    grossAmount: kobo,
    currency: z.string(),
    settledAt: ts.nullable(),
    bankName: z.string().nullable(),
    accountNumberLast4: z.string().nullable(),
    createdAt: ts,
    updatedAt: ts,
  })
  .meta({ id: "Payout" });

export const PaymentLinkSchema = z
  .object({
    id,
    merchantId: id,
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    amount: kobo.nullable().meta({ description: "Fixed price in kobo; null when the customer enters the amount" }),
    currency: z.string(),
    isActive: z.boolean(),
    isReusable: z.boolean(),
    redirectUrl: z.string().nullable(),
    expiresAt: ts.nullable(),
    maxPayments: z.int().nullable(),
    completedPayments: z.int(),
    visitCount: z.int(),
    environment: env,
    createdAt: ts,
    updatedAt: ts,
  })
  .meta({ id: "PaymentLink" });

export const PublicMerchantSchema = z
  .object({
    id,
    businessName: z.string(),
    logoUrl: z.string().nullable(),
    brandColor: z.string().nullable(),
    supportEmail: z.email().nullable(),
    supportPhone: z.string().nullable(),
    website: z.string().nullable(),
  })
  .meta({ id: "PublicMerchant" });

export const PublicPaymentLinkSchema = PaymentLinkSchema.pick({
  id: true,
  merchantId: true,
  slug: true,
  title: true,
  description: true,
  amount: true,
  currency: true,
  isActive: true,
  isReusable: true,
  redirectUrl: true,
  expiresAt: true,
  createdAt: true,
  updatedAt: true,
})
  .extend({ merchant: PublicMerchantSchema })
  .meta({ id: "PublicPaymentLink" });

export const InvoiceSchema = z
  .object({
    id,
    merchantId: id,
    invoiceNumber: z.string().meta({ example: "INV-000001" }),
    amount: kobo.meta({ description: "Total: Σ amount × quantity, in kobo" }),
    amountPaid: kobo.meta({ description: "Paid so far, by payments and the customer's credit (the sum of `allocations`)" }),
    amountDue: kobo.meta({ description: "What is still owed: `amount` − `amountPaid`" }),
    allowPartialPayments: z.boolean().meta({ description: "The customer may pay in instalments" }),
    minimumPaymentAmount: kobo.nullable().meta({ description: "The smallest instalment, in kobo (the balance, when less, may always be paid)" }),
    currency: z.string(),
    status: z.enum(["DRAFT", "SENT", "PAID", "OVERDUE", "VOID", "PARTIALLY_PAID"]),
    customerEmail: z.email(),
    customerName: z.string().nullable(),
    customerNote: z.string().nullable(),
    merchantNote: z.string().nullable(),
    lineItems: z.array(z.object({ description: z.string(), amount: kobo, quantity: z.number() })),
    allocations: z
      .array(
        z.object({
          id,
          kind: z.enum(["payment", "credit_applied"]).meta({ description: "payment: a payment paid it; credit_applied: the customer's credit did" }),
          amount: kobo,
          transactionId: id.nullable(),
          reference: z.string().nullable().meta({ description: "The payment's reference; null for credit" }),
          createdAt: ts,
        }),
      )
      .meta({ description: "How it was paid, oldest first" }),
    dueDate: ts.nullable().meta({ description: "Midnight UTC of the due day" }),
    paidAt: ts.nullable(),
    sentAt: ts.nullable(),
    voidedAt: ts.nullable(),
    environment: env,
    hostedUrl: z.url().meta({ description: "The customer's page for this invoice" }),
    createdAt: ts,
    updatedAt: ts,
  })
  .meta({ id: "Invoice" });

export const MessageSchema = z.object({ message: z.string() });

const interval = z.enum(["daily", "weekly", "monthly", "quarterly", "annually"]);

export const PlanSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    amount: kobo.meta({ description: "Charged each period, in kobo. A change applies to new subscriptions only" }),
    currency: z.string(),
    interval,
    trialDays: z.int().meta({ description: "Free days before the first charge (0: none)" }),
    active: z.boolean().meta({ description: "Inactive plans take no new subscribers; existing ones renew" }),
    createdAt: ts,
  })
  .meta({ id: "Plan" });

export const SubscriptionSchema = z
  .object({
    id,
    planId: id,
    customer: z.object({ id, email: z.email(), name: z.string().nullable() }),
    status: z.enum(["trialing", "active", "past_due", "unpaid", "canceled"]),
    currentPeriodStart: ts,
    currentPeriodEnd: ts,
    nextChargeAt: ts.nullable().meta({ description: "When the saved card is next charged (a renewal or a retry); null when nothing is due" }),
    cancelAtPeriodEnd: z.boolean(),
    canceledAt: ts.nullable(),
    card: z.object({
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      expMonth: z.int().nullable(),
      expYear: z.int().nullable(),
    }),
    createdAt: ts,
  })
  .meta({ id: "Subscription" });
