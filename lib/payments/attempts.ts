// A payment's attempts (issue 25): every try to start it at a processor of the route is a row
// (processor, the reference sent, outcome, reason, duration). A started attempt is the open one, the
// checkout the customer was given; a transaction has at most one (a partial unique index). "Try
// again" supersedes it (retry.ts) and starts a new round, whose charges carry their own reference, so
// every charge a processor holds names exactly one attempt.
import { db, type Tx } from "@/lib/db/client";
import type { PaymentAttemptOutcome } from "@/lib/db/generated/enums";
import type { PaymentAttempt, Prisma, Transaction } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/api/errors";
import { processorFailure } from "@/lib/processors";
import { recordProcessorResult, type RoutedProcessor } from "@/lib/processors/breaker";
import { ProcessorError, type InitializeInput, type InitializeResult, type ProcessorName, type Split } from "@/lib/processors/types";
import { platformFeeFor } from "@/lib/payouts/fees";
import { splitFor } from "@/lib/payouts/subaccounts";

const OUTCOMES: Record<ProcessorError["kind"], PaymentAttemptOutcome> = {
  declined: "refused",
  unavailable: "unavailable",
  timeout: "timeout",
  invalid_response: "invalid_response",
};

/** The reference a round's charges carry: the transaction's own in the first, `{reference}-r{n}` after. */
export const attemptReference = (reference: string, round: number) => (round === 1 ? reference : `${reference}-r${round}`);

/** Which round an attempt's reference belongs to (the inverse of attemptReference). */
export function roundOf(transactionReference: string, reference: string): number {
  const suffix = reference.startsWith(`${transactionReference}-r`) ? Number(reference.slice(transactionReference.length + 2)) : NaN;
  return Number.isInteger(suffix) && suffix > 1 ? suffix : 1;
}

/** The reference the processor knows the transaction's charge by. */
export const chargeReferenceOf = (t: Pick<Transaction, "reference" | "chargeReference">) => t.chargeReference ?? t.reference;

/** Finds a transaction by the reference its processor knows its charge by. */
export const whereChargeReference = (reference: string): Prisma.TransactionWhereInput => ({
  OR: [{ chargeReference: reference }, { chargeReference: null, reference }],
});

export type ChargeAttempt = Pick<PaymentAttempt, "id" | "processor" | "reference" | "outcome" | "subaccountCode">;
export type LocatedCharge = { transaction: Transaction | null; attempt: ChargeAttempt | null };

/**
 * The transaction a processor's charge belongs to, through the attempt that sent it (whichever round
 * and processor), else (payments made before attempts were recorded) by the transaction's reference.
 */
export async function locateCharge(tx: Tx, processor: ProcessorName, reference: string): Promise<LocatedCharge> {
  const attempt = await tx.paymentAttempt.findFirst({
    where: { processor, reference, outcome: { in: ["started", "superseded"] } },
    select: { id: true, processor: true, reference: true, outcome: true, subaccountCode: true, transaction: true },
  });
  if (attempt) {
    const { transaction, ...rest } = attempt;
    return { transaction, attempt: rest };
  }
  return { transaction: await tx.transaction.findUnique({ where: { reference } }), attempt: null };
}

export type Checkout = InitializeResult & { processor: ProcessorName };

/**
 * Starts round `round` of the transaction's payment on the route, in order: a processor that cannot
 * start it now (unreachable, timed out, 5xx, 429) hands it to the next, within this call; a refusal
 * ("this payment is wrong") does not. The first processor's charge (`first`, with its split) was
 * prepared by the caller for the first round. If no processor took it, the caller gets the
 * processor's error, and a first round's transaction is FAILED (never left half-made); a later
 * round's is left to its caller (retry.ts), since its earlier checkout may still be paid.
 */
export async function startCheckout(transaction: Transaction, route: RoutedProcessor[], first: InitializeInput, round: number): Promise<Checkout> {
  const charge = { ...first, reference: attemptReference(transaction.reference, round) };
  let failure: ProcessorError | undefined;
  try {
    for (const [index, candidate] of route.entries()) {
      const attempt = round === 1 && index === 0 ? charge : await handOver(transaction, candidate, charge, round);
      if (!attempt) continue;
      try {
        const started = await startAttempt(transaction.id, candidate, attempt);
        await db.transaction.update({
          where: { id: transaction.id },
          data: { accessCode: started.accessCode, authorizationUrl: started.authorizationUrl, processorReference: started.processorReference ?? null },
        });
        return { processor: candidate.name, ...started };
      } catch (error) {
        if (!(error instanceof ProcessorError) || !failsOver(error)) throw error;
        log.warn(
          { reference: charge.reference, processor: candidate.name, kind: error.kind },
          "processor could not start the payment: trying the next in the route",
        );
        failure = error;
      }
    }
    throw failure ?? new ProcessorError("No processor could start the payment", "unavailable");
  } catch (error) {
    const reason = error instanceof ProcessorError ? error.message : "Unexpected error";
    if (round === 1) {
      await db.transaction.update({
        where: { id: transaction.id },
        data: { status: "FAILED", failureReason: `Initialization failed: ${reason}`.slice(0, 500) },
      });
    }
    if (!(error instanceof ProcessorError)) throw error;
    log.warn({ reference: charge.reference, kind: error.kind }, "processor initialization failed");
    throw processorFailure(error);
  }
}

/** Unreachable, timed out, 5xx or 429: this processor cannot start it now, the next may. A refusal or a garbled 2xx (the charge may exist) does not fail over. */
function failsOver(error: ProcessorError): boolean {
  return error.kind === "unavailable" || error.kind === "timeout";
}

/**
 * Points the open transaction at this processor (with the merchant's subaccount there) and this
 * round's reference before asking it. Null when this processor cannot take it: a live payment needs
 * the merchant's subaccount there.
 */
async function handOver(transaction: Transaction, next: RoutedProcessor, charge: InitializeInput, round: number): Promise<InitializeInput | null> {
  let split: Split | null;
  try {
    split = await splitFor(transaction.merchantId, next.name, transaction.environment, platformFeeFor(charge.amount));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    log.warn({ reference: charge.reference, processor: next.name }, "no subaccount at the next processor of the route: skipped");
    return null;
  }
  await db.transaction.update({
    where: { id: transaction.id },
    data: { processor: next.name, subaccountCode: split?.subaccountCode ?? null, chargeReference: round === 1 ? null : charge.reference },
  });
  return { ...charge, split };
}

/**
 * Asks one processor to start the payment and records the attempt. A ProcessorError is recorded with
 * its (safe) message and rethrown; any other error is ours, not the processor's, and is only rethrown.
 */
export async function startAttempt(transactionId: string, processor: RoutedProcessor, charge: InitializeInput): Promise<InitializeResult> {
  const begin = performance.now();
  const record = (outcome: PaymentAttemptOutcome, error: string | null) =>
    Promise.all([
      db.paymentAttempt.create({
        data: {
          transactionId,
          processor: processor.name,
          reference: charge.reference,
          subaccountCode: charge.split?.subaccountCode ?? null,
          outcome,
          error: error?.slice(0, 500) ?? null,
          durationMs: Math.round(performance.now() - begin),
        },
      }),
      // The processor's circuit breaker learns how it answered (lib/processors/breaker.ts).
      recordProcessorResult(processor.name, processor.breaker.mode, outcome, processor.breaker),
    ]);
  try {
    const started = await processor.initialize(charge);
    await record("started", null);
    return started;
  } catch (error) {
    if (error instanceof ProcessorError) await record(OUTCOMES[error.kind], error.message);
    throw error;
  }
}
