// Inbound processor notifications: authenticated over the exact raw bytes before anything is
// parsed, stored once per processor event id, then settled in the same database transaction.
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/api/errors";
import { authenticateWebhook, getProcessor, isProcessorName } from "@/lib/processors";
import { ProcessorError, type ChargeDetails, type ProcessorAdapter, type ProcessorName, type WebhookEvent } from "@/lib/processors/types";
import { MalformedWebhookError, type MalformedHints } from "@/lib/processors/fields";
import type { Prisma } from "@/lib/db/generated/client";
import { sha256 } from "@/lib/auth/tokens";
import { storableJson, storableText } from "@/lib/api/json";
import { settleTransaction, type SettleOutcome } from "./settle";
import { settleAttemptCharge } from "./attempt-settlement";
import { locateCharge, type LocatedCharge } from "./attempts";
import { applyRefundEvent, refundEventTransaction, type RefundEventOutcome } from "./refund-records";
import { afterCompletion } from "./completion";
import { completeInOneStatement, completesInOneStatement, locateChargeForCompletion } from "./complete-statement";
import { receiveTransfer, type TransferOutcome } from "@/lib/transfers/inbound";

/** wrong_mode: signed with the other mode's key than the transaction's (a test event never settles a live payment). */
export type ProcessorEventOutcome =
  SettleOutcome | RefundEventOutcome | TransferOutcome | "duplicate" | "unknown_transaction" | "wrong_processor" | "wrong_mode" | "not_a_charge";

export async function receiveProcessorWebhook(processorName: string, headers: Headers, rawBody: string): Promise<ProcessorEventOutcome> {
  if (!isProcessorName(processorName)) throw ApiError.notFound("Unknown processor");
  // Checked with each configured mode's key; the one that verifies tells the event's mode (null: the
  // authentication cannot tell, and the transaction's own mode's key confirms the charge below).
  const authenticated = authenticateWebhook(processorName, headers, rawBody);
  if (!authenticated) throw ApiError.unauthorized("Invalid webhook signature", { code: "invalid_signature" });
  const { adapter, mode } = authenticated;

  let event: WebhookEvent;
  try {
    event = adapter.parseWebhook(rawBody);
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    // Signed but not understood: kept for a human (once per body, however often it is retried).
    await recordMalformed(adapter.name, rawBody, error instanceof MalformedWebhookError ? error.hints : { type: null, reference: null });
    throw ApiError.badRequest(`Malformed webhook: ${error.message}`);
  }
  // A transfer into a virtual account has no initiation of ours behind it: lib/transfers decides.
  if (event.kind === "transfer") return receiveTransfer({ adapter, mode, event, payload: storablePayload(rawBody) });
  // Read ahead for a success (its one-statement completion below needs it) or when the charge may need
  // confirming; a processor whose signature names the mode and covers the body (Paystack) has its
  // event's word taken as is.
  const mayConfirm = adapter.confirmWebhooksByVerify || mode === null;
  const isCharge = event.kind === "charge.success";
  const target = event.reference && (isCharge || mayConfirm) ? await locateChargeForCompletion(adapter.name, event.reference) : null;
  const charge = mayConfirm ? await confirmedCharge(adapter.name, event, target, mode) : event.charge;

  // The common success (a plain or link payment) in one statement; anything else, or a transaction
  // no longer completable by this charge, takes the full settlement below.
  if (isCharge && !event.refund && target && completesInOneStatement(target, charge, adapter.name, mode)) {
    const done = await completeInOneStatement(target, charge!, {
      processor: adapter.name,
      externalId: event.externalId,
      eventType: event.type,
      payload: storablePayload(rawBody),
    });
    if (done?.outcome === "duplicate") return "duplicate";
    if (done) {
      if (done.surplus && event.reference) await afterCompletion(event.reference);
      return "completed";
    }
  }

  const outcome = await db.$transaction(async (tx) => {
    // A charge is found through the attempt that sent it, whichever processor and round (attempts.ts);
    // one read ahead already found it. Neither read locks: the settlement locks and rechecks.
    const { transaction, attempt } = event.refund
      ? { transaction: await refundEventTransaction(tx, adapter.name, event.refund), attempt: null }
      : event.reference
        ? (target ?? (await locateCharge(tx, adapter.name, event.reference)))
        : { transaction: null, attempt: null };
    const stored = await tx.processorEvent.createMany({
      data: [
        {
          processor: adapter.name,
          externalId: event.externalId,
          eventType: event.type,
          transactionId: transaction?.id ?? null,
          payload: storablePayload(rawBody),
          outcome: "received",
        },
      ],
      skipDuplicates: true,
    });
    if (stored.count === 0) return "duplicate" as const;

    let result: ProcessorEventOutcome;
    if (event.kind === "refund" && event.refund) {
      // Flutterwave's hash does not cover the body: a failure it reports (which would make the amount refundable again) is not acted on.
      result = await applyRefundEvent(tx, {
        processor: adapter.name,
        mode,
        bodyAuthenticated: !adapter.confirmWebhooksByVerify,
        transaction,
        update: event.refund,
      });
    } else if (event.kind === "other" || !charge) result = "not_a_charge";
    else if (!transaction) result = "unknown_transaction";
    else if (!attempt && transaction.processor !== adapter.name) result = "wrong_processor";
    else if (mode !== null && transaction.environment !== mode) result = "wrong_mode";
    else if (attempt) result = await settleAttemptCharge(tx, transaction, attempt, charge);
    else result = await settleTransaction(tx, transaction, charge);

    await tx.processorEvent.update({
      where: { processor_externalId: { processor: adapter.name, externalId: event.externalId } },
      data: { outcome: result },
    });
    return result;
  });
  // Now that the completion is committed: an automatic refund, if it paid for something already paid for.
  if ((outcome === "completed" || outcome === "paid_twice") && event.reference) await afterCompletion(event.reference);
  if (outcome === "mismatch") log.warn({ processor: adapter.name, reference: event.reference }, "processor event does not match the transaction; flagged");
  if (outcome === "unknown_refund" || outcome === "refund_not_confirmed")
    log.warn({ processor: adapter.name, reference: event.reference, type: event.type, outcome }, "processor refund event not applied; recorded for review");
  if (outcome === "wrong_mode")
    log.warn({ processor: adapter.name, reference: event.reference, mode }, "processor event signed for the other mode than its transaction; not settled");
  return outcome;
}

async function recordMalformed(processor: ProcessorName, rawBody: string, hints: MalformedHints): Promise<void> {
  const transaction = hints.reference ? await db.transaction.findUnique({ where: { reference: hints.reference }, select: { id: true } }) : null;
  await db.processorEvent.createMany({
    data: [
      {
        processor,
        externalId: `malformed:${sha256(rawBody)}`,
        eventType: hints.type ?? "unknown",
        transactionId: transaction?.id ?? null,
        payload: storablePayload(rawBody),
        outcome: "malformed",
      },
    ],
    skipDuplicates: true,
  });
  log.warn({ processor, reference: hints.reference }, "malformed processor webhook recorded");
}

/**
 * The body as JSON PostgreSQL accepts: NUL and lone surrogates (refused in jsonb) become U+FFFD. A body
 * that is not JSON, or is nested too deeply to store, is kept as (the start of) its text.
 */
function storablePayload(rawBody: string): Prisma.InputJsonValue {
  let value: unknown;
  try {
    value = storableJson(JSON.parse(rawBody));
  } catch {
    value = null;
  }
  return (value ?? { unparsedBody: storableText(rawBody.slice(0, 4_096)) }) as Prisma.InputJsonValue;
}

/**
 * Flutterwave's hash does not cover the body (nor say the mode), so its word is checked with a verify
 * call using the key of the transaction's own mode: a test charge is unknown to the live key. Nothing
 * to confirm when no transaction of ours matches (it is only recorded), or when it cannot settle anyway.
 */
async function confirmedCharge(
  name: ProcessorName,
  event: WebhookEvent,
  located: LocatedCharge | null,
  mode: Environment | null,
): Promise<ChargeDetails | null> {
  if (!event.charge || event.kind === "other" || !event.reference) return event.charge;
  const transaction = located?.transaction;
  if (!transaction || (!located.attempt && transaction.processor !== name) || (mode !== null && transaction.environment !== mode)) return event.charge;
  let adapter: ProcessorAdapter;
  try {
    adapter = getProcessor(name, transaction.environment);
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    // Not configured for this transaction's mode (any more): nothing can confirm it now; retried later.
    log.warn({ processor: name, reference: event.reference, mode: transaction.environment }, "no key to confirm webhook charge");
    throw ApiError.internal(`Could not confirm the charge with ${name}; please retry`);
  }
  if (!adapter.confirmWebhooksByVerify) return event.charge;
  try {
    return await adapter.verify(event.reference, event.charge.processorTransactionId);
  } catch (error) {
    // Not acknowledged, so the processor retries later.
    log.warn({ processor: name, reference: event.reference, err: error }, "could not confirm webhook charge");
    throw ApiError.internal(`Could not confirm the charge with ${name}; please retry`);
  }
}
