import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import type { Invoice, PaymentLink } from "@/lib/db/generated/client";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/api/errors";
import { processorRoute } from "@/lib/processors";
import { usableProcessors } from "@/lib/processors/breaker";
import type { InitializeInput } from "@/lib/processors/types";
import type { ApiKeyPrincipal } from "@/lib/auth/principal";
import { requireKeyPermission } from "@/lib/auth/access";
import { requireLivePayment } from "@/lib/merchants/activation";
import { availabilityOf } from "@/lib/links/service";
import { invoiceRefused, linkRefused } from "./refusals";
import { instalmentProblem } from "@/lib/invoices/instalments";
import { CARD_CHECK_KOBO, firstCharge, subscribablePlan, SUBSCRIPTIONS_BY_CARD } from "@/lib/subscriptions/plan-charge";
import { generateReference } from "./reference";
import { startCheckout } from "./attempts";
import { openCheckout } from "./holds";
import { payeeAndLink } from "./initiate-read";
import { platformFeeFor } from "@/lib/payouts/fees";
import { splitFor } from "@/lib/payouts/subaccounts";
import type { InitiateInput } from "./schemas";

/**
 * A new card for a subscription (its customer's page, /billing): a card check whose completion
 * replaces the subscription's card (lib/subscriptions). Set only by our own pages, never by a request.
 */
export type CardUpdate = { subscriptionId: string; environment: Environment; description: string };

/**
 * Creates a PENDING transaction and starts the payment on its mode's route (attempts.ts: failover to
 * the next processor within this call). The transaction's processor is the one that took it. If none
 * did, the transaction is marked FAILED (never left half-made) and the caller gets 502.
 */
export async function initiatePayment(input: InitiateInput, key: ApiKeyPrincipal | null, cardUpdate?: CardUpdate) {
  // A restricted key initiates only when given payments:initiate (a read-only key takes no payments).
  if (key) requireKeyPermission(key, "payments:initiate");
  // A secret key names its merchant; merchantId is then optional, and must match when sent.
  if (!key && !input.merchantId) throw ApiError.validation([{ field: "merchantId", message: "merchantId is required" }]);
  if (key && input.merchantId && key.merchantId !== input.merchantId.toLowerCase()) throw ApiError.missing("Merchant not found", "merchantId");
  const merchantId = key?.merchantId ?? input.merchantId!;
  // Only what this uses: the full row (branding, settlement and profile columns) cost every call its mapping.
  // A secret key fixes the mode, and then an object of the other mode is as unknown as another merchant's.
  const mode = key?.environment;
  const { merchant, link: foundLink } = await payeeAndLink(merchantId, input.paymentLinkId ?? null, mode);
  if (!merchant) throw ApiError.missing("Merchant not found", "merchantId");
  if (merchant.status === "suspended" || merchant.status === "closed")
    throw ApiError.forbidden("This merchant cannot accept payments", { code: "merchant_cannot_accept_payments" });
  if (input.paymentLinkId && input.invoiceId) {
    throw ApiError.validation([{ field: "invoiceId", message: "Give paymentLinkId or invoiceId, not both" }]);
  }
  if (input.planId && (input.paymentLinkId || input.invoiceId)) {
    throw ApiError.validation([{ field: "planId", message: "Give planId alone, not with paymentLinkId or invoiceId" }]);
  }
  // A subscription renews by charging the saved card, and only a card payment saves one.
  if ((input.planId || cardUpdate) && input.channel && input.channel !== "card") {
    throw ApiError.validation([{ field: "channel", message: SUBSCRIPTIONS_BY_CARD }]);
  }

  // Without a key (the hosted pages) the payment takes its link's, invoice's or plan's own mode; with
  // none it is a test payment (modes are each member's view now, so the business has none of its own).
  const { link, invoice, plan, amount, cardCheck, description, ...source } = await paidFor(merchant.id, mode, input, foundLink, cardUpdate);
  const environment: Environment = mode ?? source.environment ?? "test";
  const channel = input.channel ?? (plan || cardUpdate ? "card" : null);
  // Live payments only once the go-live checklist is done, however the key or object came to exist.
  if (environment === "live") await requireLivePayment(merchant.id, merchant.liveEnabledAt);

  // This mode's route and keys (test: test keys or the sandbox; live: live keys, checked above), less
  // the processors whose circuit breaker is open (lib/processors/breaker.ts).
  const route = await usableProcessors(environment, processorRoute(environment));
  const processor = route[0];
  // The merchant's share goes to its subaccount; the platform keeps its fee (lib/payouts).
  const platformFee = platformFeeFor(amount);
  const split = await splitFor(merchant.id, processor.name, environment, platformFee);
  const reference = generateReference(input.reference);
  const customerName = [input.firstName, input.lastName].filter(Boolean).join(" ") || invoice?.customerName || null;
  const receiptUrl = `${config().appUrl}/receipt/${reference}`;
  const callbackUrl = input.callbackUrl ? allowedCallbackUrl(input.callbackUrl, key !== null, merchant.website) : receiptUrl;
  const transaction = await openCheckout(
    {
      merchantId: merchant.id,
      environment,
      reference,
      baseReference: input.reference ?? null,
      amount,
      platformFee,
      // Recorded with the charge: only a split charge is ever paid out to the merchant (lib/payouts/schedule.ts).
      subaccountCode: split?.subaccountCode ?? null,
      currency: "NGN",
      channel,
      customerEmail: input.email,
      customerName,
      description: input.description ?? description,
      metadata: (input.metadata ?? undefined) as object | undefined,
      callbackUrl,
      processor: processor.name,
      paymentLinkId: link?.id ?? null,
      invoiceId: invoice?.id ?? null,
      planId: plan?.id ?? null,
      subscriptionId: cardUpdate?.subscriptionId ?? null,
      cardCheck,
    },
    { link, invoice },
  );

  const charge: InitializeInput = {
    reference,
    amount,
    currency: "NGN",
    email: input.email,
    customerName,
    callbackUrl,
    channel,
    metadata: { ...input.metadata, merchantId: merchant.id, transactionId: transaction.id },
    split,
  };
  const checkout = await startCheckout(transaction, route, charge, 1);
  return { transaction, ...checkout };
}

/**
 * What the payment is for, and so its amount: a link or an invoice (which check the amount sent), a
 * plan (which sets it: its price, or a card check before a free trial), a new card, or the amount alone.
 */
async function paidFor(
  merchantId: string,
  mode: Environment | undefined,
  input: InitiateInput,
  foundLink: PaymentLink | null,
  cardUpdate: CardUpdate | undefined,
) {
  // The schema asks for an amount unless a plan prices the payment.
  const sent = input.amount === undefined ? null : BigInt(input.amount);
  const link = input.paymentLinkId ? payableLink(foundLink, sent) : null;
  const invoice = input.invoiceId ? await payableInvoice(merchantId, mode, input.invoiceId, sent) : null;
  const plan = input.planId ? await subscribablePlan(merchantId, mode, input.planId, sent) : null;
  const subscribing = plan ? firstCharge(plan) : null;
  const amount = cardUpdate ? CARD_CHECK_KOBO : (subscribing?.amount ?? sent);
  if (amount === null) throw ApiError.validation([{ field: "amount", message: "Amount must be an integer number of kobo" }], { code: "amount_invalid" });
  return {
    link,
    invoice,
    plan,
    amount,
    cardCheck: Boolean(subscribing?.cardCheck || cardUpdate),
    description: link?.title ?? (invoice ? `Invoice ${invoice.invoiceNumber}` : null) ?? subscribing?.description ?? cardUpdate?.description ?? null,
    environment: link?.environment ?? invoice?.environment ?? plan?.environment ?? cardUpdate?.environment ?? null,
  };
}

/** Nobody pays a fixed-price link less by editing the request. */
function payableLink(link: PaymentLink | null, amount: bigint | null): PaymentLink {
  if (!link || availabilityOf(link) !== "available") throw linkRefused(link);
  if (link.amount !== null && link.amount !== amount) {
    throw ApiError.validation([{ field: "amount", message: `Amount must be ${link.amount} kobo for this payment link` }], { code: "amount_fixed" });
  }
  return link;
}

async function payableInvoice(merchantId: string, environment: Environment | undefined, id: string, amount: bigint | null): Promise<Invoice> {
  const invoice = await db.invoice.findFirst({ where: { id, merchantId, ...(environment ? { environment } : {}) } });
  if (!invoice) throw ApiError.missing("Invoice not found", "invoiceId");
  const refused = invoiceRefused(invoice.status);
  if (refused) throw refused;
  // The amount due (less than the total once something was paid), or an instalment when the invoice allows them.
  const problem = amount === null ? "Amount must be an integer number of kobo" : instalmentProblem(invoice, amount, (kobo) => `${kobo} kobo`);
  if (problem) throw ApiError.validation([{ field: "amount", message: problem }], { code: "amount_invalid" });
  return invoice;
}

/**
 * Where the customer lands afterwards. A secret-key caller (the merchant's own server) may send
 * them to any https URL; a keyless call is anyone on the internet, so it may only return to the
 * merchant's own website (business profile) or our receipt page: never an open redirect.
 */
function allowedCallbackUrl(raw: string, withKey: boolean, website: string | null): string {
  const url = new URL(raw);
  if (withKey) {
    if (url.protocol !== "https:" && !isLocalhost(url)) throw callbackRefused("callbackUrl must be an https URL");
    return url.toString();
  }
  const receipt = new URL(config().appUrl);
  const onReceiptPage = url.origin === receipt.origin && url.pathname.startsWith("/receipt/");
  const onMerchantSite = website !== null && originOf(website) === url.origin;
  if (!onReceiptPage && !onMerchantSite) {
    throw callbackRefused("callbackUrl must be on the business's own website (set in its profile) unless the call is made with a secret key");
  }
  return url.toString();
}

const callbackRefused = (message: string) => ApiError.validation([{ field: "callbackUrl", message }]);
const isLocalhost = (url: URL) => url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1");

function originOf(website: string): string | null {
  try {
    return new URL(website).origin;
  } catch {
    return null;
  }
}
