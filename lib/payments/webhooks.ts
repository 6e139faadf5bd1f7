// Inbound processor notifications: authenticated over the exact raw bytes before anything is
// parsed, stored once per processor event id, then settled in the same database transaction.
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/api/errors";
import { getProcessor, isProcessorName } from "@/lib/processors";
import { ProcessorError, type ChargeDetails, type ProcessorAdapter, type WebhookEvent } from "@/lib/processors/types";
import { settleTransaction, type SettleOutcome } from "./settle";

export type WebhookOutcome = SettleOutcome | "duplicate" | "unknown_transaction" | "wrong_processor" | "not_a_charge";

export async function receiveProcessorWebhook(processorName: string, headers: Headers, rawBody: string): Promise<WebhookOutcome> {
  if (!isProcessorName(processorName)) throw ApiError.notFound("Unknown processor");
  const adapter = configuredAdapter(processorName);
  if (!adapter || !adapter.authenticateWebhook(headers, rawBody)) throw ApiError.unauthorized("Invalid webhook signature");

  let event: WebhookEvent;
  try {
    event = adapter.parseWebhook(rawBody);
  } catch (error) {
    if (error instanceof ProcessorError) throw ApiError.badRequest(`Malformed webhook: ${error.message}`);
    throw error;
  }
  const charge = await confirmedCharge(adapter, event);

  const outcome = await db.$transaction(async (tx) => {
    const transaction = event.reference ? await tx.transaction.findUnique({ where: { reference: event.reference } }) : null;
    const stored = await tx.processorEvent.createMany({
      data: [{ processor: adapter.name, externalId: event.externalId, eventType: event.type, transactionId: transaction?.id ?? null, payload: JSON.parse(rawBody), outcome: "received" }],
      skipDuplicates: true,
    });
    if (stored.count === 0) return "duplicate" as const;

    let result: WebhookOutcome;
    if (event.kind === "other" || !charge) result = "not_a_charge";
    else if (!transaction) result = "unknown_transaction";
    else if (transaction.processor !== adapter.name) result = "wrong_processor";
    else result = await settleTransaction(tx, transaction, charge);

    await tx.processorEvent.update({
      where: { processor_externalId: { processor: adapter.name, externalId: event.externalId } },
      data: { outcome: result },
    });
    return result;
  });
  if (outcome === "mismatch") log.warn({ processor: adapter.name, reference: event.reference }, "processor event does not match the transaction; flagged");
  return outcome;
}

function configuredAdapter(name: Parameters<typeof getProcessor>[0]): ProcessorAdapter | null {
  try {
    return getProcessor(name);
  } catch (error) {
    if (error instanceof ProcessorError) return null; // not configured here: nothing can authenticate
    throw error;
  }
}

/** Flutterwave's hash does not cover the body, so its word is checked with a verify call first. */
async function confirmedCharge(adapter: ProcessorAdapter, event: WebhookEvent): Promise<ChargeDetails | null> {
  if (!event.charge || event.kind === "other" || !adapter.confirmWebhooksByVerify || !event.reference) return event.charge;
  try {
    return await adapter.verify(event.reference, event.charge.processorTransactionId);
  } catch (error) {
    // Not acknowledged, so the processor retries later.
    log.warn({ processor: adapter.name, reference: event.reference, err: error }, "could not confirm webhook charge");
    throw new ApiError(500, `Could not confirm the charge with ${adapter.name}; please retry`);
  }
}
