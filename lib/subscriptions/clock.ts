// The dev clock (POST /api/dev/subscriptions/renew): the renewal, retry and card-expiry work run
// now, in this process, as if the time were `asOf`. The same work the jobs do, without waiting.
import { runRenewals, type RenewalOutcome } from "./renewals";
import { warnExpiringCards } from "./expiry";

export type ClockResult = { renewals: Partial<Record<RenewalOutcome, number>>; cardExpiryWarnings: number };

export async function runSubscriptionClock(asOf: Date): Promise<ClockResult> {
  const renewals = await runRenewals(asOf);
  return { renewals, cardExpiryWarnings: await warnExpiringCards(asOf) };
}
