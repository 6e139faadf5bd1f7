// Every try to start a payment at a processor of the route is recorded (issue 25): which processor,
// the payment's reference there, how it ended, its reason and how long it took.
import { db } from "@/lib/db/client";
import type { PaymentAttemptOutcome } from "@/lib/db/generated/enums";
import { recordProcessorResult, type RoutedProcessor } from "@/lib/processors/breaker";
import { ProcessorError, type InitializeInput, type InitializeResult } from "@/lib/processors/types";

const OUTCOMES: Record<ProcessorError["kind"], PaymentAttemptOutcome> = {
  declined: "refused",
  unavailable: "unavailable",
  timeout: "timeout",
  invalid_response: "invalid_response",
};

/**
 * Asks one processor to start the payment and records the attempt. A ProcessorError is recorded with
 * its (safe) message and rethrown; any other error is ours, not the processor's, and is only rethrown.
 */
export async function startAttempt(transactionId: string, processor: RoutedProcessor, charge: InitializeInput): Promise<InitializeResult> {
  const begin = performance.now();
  const record = (outcome: PaymentAttemptOutcome, reference: string, error: string | null) =>
    Promise.all([
      db.paymentAttempt.create({
        data: {
          transactionId,
          processor: processor.name,
          reference,
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
    await record("started", started.processorReference ?? charge.reference, null);
    return started;
  } catch (error) {
    if (error instanceof ProcessorError) await record(OUTCOMES[error.kind], charge.reference, error.message);
    throw error;
  }
}
