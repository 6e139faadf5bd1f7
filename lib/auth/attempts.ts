// One per-account limit on every confirmation with the password or a two-factor code (log-in's
// code, password change, two-factor set-up, confirmation and turning off, new recovery codes,
// settlement account changes): a stolen session cannot spread its guesses over several routes.
import { LIMITS } from "@/lib/api/limits";

const attempts = LIMITS.confirmation;

/**
 * Runs one check as an attempt: 429 (with Retry-After) when the account has none left. The attempt
 * is spent before the check, so parallel guesses cannot overrun the limit, and given back when it
 * succeeds, so only failures add up.
 */
export async function limitedAttempt<T>(userId: string, check: () => Promise<T>, succeeded: (result: T) => boolean): Promise<T> {
  await attempts.consume(userId);
  const result = await check();
  if (succeeded(result)) await attempts.refund(userId);
  return result;
}
