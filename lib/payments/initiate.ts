import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import type { Invoice, PaymentLink } from "@/lib/db/generated/client";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/api/errors";
import { activeProcessor } from "@/lib/processors";
import { ProcessorError } from "@/lib/processors/types";
import type { ApiKeyPrincipal } from "@/lib/auth/principal";
import { generateReference } from "./reference";
import type { InitiateInput } from "./schemas";

export const PROCESSOR_ERROR_PREFIX = "Payment processor error:";

/**
 * Creates a PENDING transaction and starts the payment with the processor. If the processor fails,
 * the transaction is marked FAILED (never left half-made) and the caller gets 502.
 */
export async function initiatePayment(input: InitiateInput, key: ApiKeyPrincipal | null) {
  if (key && key.merchantId !== input.merchantId.toLowerCase()) throw ApiError.notFound("Merchant not found");
  const merchant = await db.merchant.findUnique({ where: { id: input.merchantId } });
  if (!merchant) throw ApiError.notFound("Merchant not found");
  if (merchant.status === "suspended" || merchant.status === "closed") throw ApiError.forbidden("This merchant cannot accept payments");
  if (input.paymentLinkId && input.invoiceId) {
    throw ApiError.validation([{ field: "invoiceId", message: "Give paymentLinkId or invoiceId, not both" }]);
  }

  const amount = BigInt(input.amount);
  const link = input.paymentLinkId ? await payableLink(merchant.id, input.paymentLinkId, amount) : null;
  const invoice = input.invoiceId ? await payableInvoice(merchant.id, input.invoiceId, amount) : null;
  const environment: Environment = key?.environment ?? link?.environment ?? invoice?.environment ?? merchant.environment;

  const processor = activeProcessor();
  // Test cards must never settle real (live-mode) payments.
  if (processor.name === "sandbox" && environment === "live") {
    throw ApiError.badRequest("Live payments need a real processor (PAYMENT_PROCESSOR=paystack or flutterwave)");
  }
  const reference = generateReference(input.reference);
  const customerName = [input.firstName, input.lastName].filter(Boolean).join(" ") || invoice?.customerName || null;
  const callbackUrl = input.callbackUrl ?? `${config().appUrl}/receipt/${reference}`;
  const transaction = await db.transaction.create({
    data: {
      merchantId: merchant.id,
      environment,
      reference,
      baseReference: input.reference ?? null,
      amount,
      currency: "NGN",
      channel: input.channel ?? null,
      customerEmail: input.email,
      customerName,
      description: input.description ?? link?.title ?? (invoice ? `Invoice ${invoice.invoiceNumber}` : null),
      metadata: (input.metadata ?? undefined) as object | undefined,
      callbackUrl,
      processor: processor.name,
      paymentLinkId: link?.id ?? null,
      invoiceId: invoice?.id ?? null,
    },
  });

  try {
    const started = await processor.initialize({
      reference,
      amount,
      currency: "NGN",
      email: input.email,
      customerName,
      callbackUrl,
      channel: input.channel ?? null,
      metadata: { ...input.metadata, merchantId: merchant.id, transactionId: transaction.id },
    });
    await db.transaction.update({
      where: { id: transaction.id },
      data: { accessCode: started.accessCode, authorizationUrl: started.authorizationUrl, processorReference: started.processorReference ?? null },
    });
    return { transaction, ...started };
  } catch (error) {
    const reason = error instanceof ProcessorError ? error.message : "Unexpected error";
    await db.transaction.update({ where: { id: transaction.id }, data: { status: "FAILED", failureReason: `Initialization failed: ${reason}`.slice(0, 500) } });
    if (!(error instanceof ProcessorError)) throw error;
    log.warn({ reference, processor: processor.name, kind: error.kind }, "processor initialization failed");
    throw new ApiError(502, `${PROCESSOR_ERROR_PREFIX} ${error.message}`);
  }
}

const linkUnavailable = () => ApiError.notFound("Payment link not found or is inactive");

/** Nobody pays a fixed-price link less by editing the request. */
async function payableLink(merchantId: string, id: string, amount: bigint): Promise<PaymentLink> {
  const link = await db.paymentLink.findFirst({ where: { id, merchantId } });
  if (!link || !link.isActive) throw linkUnavailable();
  if (link.expiresAt && link.expiresAt <= new Date()) throw linkUnavailable();
  if (link.maxPayments !== null && link.completedPayments >= link.maxPayments) throw linkUnavailable();
  if (link.amount !== null && link.amount !== amount) {
    throw ApiError.validation([{ field: "amount", message: `Amount must be ${link.amount} kobo for this payment link` }]);
  }
  return link;
}

async function payableInvoice(merchantId: string, id: string, amount: bigint): Promise<Invoice> {
  const invoice = await db.invoice.findFirst({ where: { id, merchantId } });
  if (!invoice) throw ApiError.notFound("Invoice not found");
  if (invoice.status === "PAID") throw ApiError.badRequest("This invoice has already been paid");
  if (invoice.status === "VOID") throw ApiError.badRequest("This invoice has been voided");
  if (invoice.status === "DRAFT") throw ApiError.badRequest("This invoice has not been sent yet");
  if (invoice.amount !== amount) {
    throw ApiError.validation([{ field: "amount", message: `Amount must be the invoice total, ${invoice.amount} kobo` }]);
  }
  return invoice;
}
