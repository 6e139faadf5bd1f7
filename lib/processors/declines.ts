// Saved-card charges that fail: which declines retrying cannot fix, and what a refused charge means.
import { invalidResponse } from "./http";
import { ProcessorError, type ChargeDetails, type SavedCardChargeInput } from "./types";

// Expired cards, authorizations or tokens that no longer charge, lost or stolen cards: the customer must act.
const HARD_DECLINE =
  /expired|not reusable|(invalid|unknown) (authori[sz]ation|token|card)|(authori[sz]ation|token)( code)? (is )?(invalid|not found|not valid|inactive)|lost card|stolen card|lost or stolen|pick ?up card/i;

/** Whether a decline's words say retrying the same card cannot succeed. */
export function isHardDecline(message: string | null | undefined): boolean {
  return Boolean(message && HARD_DECLINE.test(message));
}

/**
 * A saved-card charge: `charge` asks the processor and reads its answer (a failed charge is an answer).
 * A refusal it answers as an error of kind "declined" is answered by `answerRefusal`, from what `verify`
 * says of the charge's reference. An answer about another reference is not an answer about this charge.
 */
export async function chargeOrAnswerRefusal(
  input: SavedCardChargeInput,
  verify: (reference: string) => Promise<ChargeDetails>,
  charge: () => Promise<ChargeDetails>,
): Promise<ChargeDetails> {
  let charged: ChargeDetails;
  try {
    charged = await charge();
  } catch (error) {
    if (!(error instanceof ProcessorError) || error.kind !== "declined") throw error;
    return answerRefusal(input, error, () => verify(input.reference));
  }
  if (charged.reference !== input.reference) throw invalidResponse();
  return charged;
}

/**
 * A saved-card charge the processor refused (an error answer, not a failed charge). Its own record
 * of the reference decides first (a decline answered as an error, a reference already charged: never
 * charge twice); with no record, a refusal about the card or authorization is a hard decline, and
 * anything else (a bad key, a bad request) stays the error it is.
 */
async function answerRefusal(input: SavedCardChargeInput, refusal: ProcessorError, verify: () => Promise<ChargeDetails>): Promise<ChargeDetails> {
  let recorded: ChargeDetails | null = null;
  try {
    recorded = await verify();
  } catch (error) {
    // "Not found" (declined) means no charge was made; an outage means we cannot know.
    if (!(error instanceof ProcessorError) || error.kind !== "declined") throw error;
  }
  if (recorded) return recorded;
  if (!isHardDecline(refusal.message)) throw refusal;
  return {
    reference: input.reference,
    status: "failed",
    amount: input.amount,
    currency: input.currency,
    fee: 0n,
    paymentMethod: "CARD",
    paidAt: null,
    processorTransactionId: null,
    message: refusal.message,
    retryable: false,
  };
}
