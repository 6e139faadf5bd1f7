// A circuit breaker per processor and mode (issue 25), shared by every app instance through the
// ProcessorBreaker table: nothing is kept in process memory. A failure that says "cannot start it now"
// (unreachable, timed out, 5xx, 429) counts; PROCESSOR_BREAKER_FAILURES of them within
// PROCESSOR_BREAKER_WINDOW_MS open the breaker, and initiation skips that processor without calling it.
// After PROCESSOR_BREAKER_COOLDOWN_MS one initiation, of all instances, is let through as the probe:
// a processor that answers (a checkout, or a refusal) closes it, a failure re-opens it. Every time is
// the database's clock (UTC, as the columns store it), so instances whose clocks drift still agree.
import { Prisma } from "@/lib/db/generated/client";
import type { BreakerState, Environment, PaymentAttemptOutcome } from "@/lib/db/generated/enums";
import { db, hotQuery } from "@/lib/db/client";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { configuredRoute, MODES } from "@/lib/payouts/processors";
import { processorFailure } from "./index";
import { PROCESSORS } from "./registry";
import { ProcessorError, type ProcessorAdapter, type ProcessorName } from "./types";

/** What usableProcessors read of a breaker: recordProcessorResult then skips a success's write when there is nothing to reset. */
export type BreakerReading = { mode: Environment; state: BreakerState; failures: number };

/** A processor of the route this initiation may call, with what its breaker said. */
export type RoutedProcessor = ProcessorAdapter & { readonly breaker: BreakerReading };

export type BreakerStatus = { processor: ProcessorName; mode: Environment; state: BreakerState; failures: number; retryAt: Date | null };

type Change = { from: BreakerState; to: BreakerState; failures: number };

const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
const ms = (value: number) => Prisma.sql`(${value}::int * interval '1 millisecond')`;

/** A probe that has been out this long never reported (its instance died): another may be let through. */
const staleProbeMs = () => 2 * config().PROCESSOR_TIMEOUT_MS;

/**
 * The route's processors this initiation may call, in order, after one read of their breakers:
 * closed ones; and an open one whose cool-down is over when this request wins its probe. A probe is
 * claimed only where the request may need it: not behind a processor whose breaker is closed and
 * clean, which will almost surely take the payment (an unused claim holds the probe until it goes
 * stale). With none left, 502 "... temporarily unavailable", and no processor is called.
 */
export async function usableProcessors(mode: Environment, route: readonly ProcessorAdapter[]): Promise<[RoutedProcessor, ...RoutedProcessor[]]> {
  const rows = await hotQuery<{ processor: ProcessorName; state: BreakerState; failures: number; claimable: boolean }>(
    "breaker-read",
    `SELECT processor, state, failures,
            (state = 'open' AND "retryAt" <= (now() AT TIME ZONE 'UTC'))
            OR (state = 'half_open' AND "probeAt" <= (now() AT TIME ZONE 'UTC') - $3::int * interval '1 millisecond') AS claimable
     FROM "ProcessorBreaker" WHERE environment = $1::"Environment" AND processor = ANY($2::"Processor"[])`,
    [mode, route.map((processor) => processor.name), staleProbeMs()],
  );
  const usable: RoutedProcessor[] = [];
  for (const adapter of route) {
    const row = rows.find((candidate) => candidate.processor === adapter.name);
    const reading: BreakerReading = { mode, state: row?.state ?? "closed", failures: row?.failures ?? 0 };
    const cleanAhead = usable.some(({ breaker }) => breaker.state === "closed" && breaker.failures === 0);
    if (reading.state === "closed") usable.push({ ...adapter, breaker: reading });
    else if (row?.claimable && !cleanAhead && (await claimProbe(adapter.name, mode))) usable.push({ ...adapter, breaker: { ...reading, state: "half_open" } });
  }
  const [first, ...rest] = usable;
  if (first) return [first, ...rest];
  const names = route.map((processor) => PROCESSORS[processor.name].displayName);
  const words = names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} are`;
  throw processorFailure(new ProcessorError(`${words} temporarily unavailable`, "unavailable"));
}

/**
 * What one call to a processor said. unavailable or timeout: a failure, counted in one statement
 * (a window older than PROCESSOR_BREAKER_WINDOW_MS restarts at 1); the Nth opens the breaker, and a
 * failed probe re-opens it at once. started or refused: the processor answered, which closes a
 * half-open breaker and clears a closed one's failures (no write when `seen` says there are none).
 * An open breaker ignores a late success from a call let through before it opened: the probe decides.
 * invalid_response says nothing about reachability and counts as neither.
 */
export async function recordProcessorResult(
  processor: ProcessorName,
  mode: Environment,
  result: PaymentAttemptOutcome,
  seen?: Pick<BreakerReading, "state" | "failures">,
): Promise<void> {
  if (result === "unavailable" || result === "timeout") return countFailure(processor, mode);
  if (result === "invalid_response" || (seen?.state === "closed" && seen.failures === 0)) return;
  const [change] = await db.$queryRaw<Change[]>`
    WITH old AS (
      SELECT processor, environment, state, failures FROM "ProcessorBreaker"
      WHERE processor = ${processor}::"Processor" AND environment = ${mode}::"Environment"
        AND (state = 'half_open' OR (state = 'closed' AND failures > 0))
      FOR UPDATE)
    UPDATE "ProcessorBreaker" b
    SET state = 'closed', failures = 0, "windowStart" = NULL, "openedAt" = NULL, "retryAt" = NULL, "probeAt" = NULL
    FROM old WHERE b.processor = old.processor AND b.environment = old.environment
    RETURNING old.state AS "from", b.state AS "to", old.failures`;
  logChange(processor, mode, change);
}

/** Every mode's route with its breakers, for /api/health (one read; no row means closed). */
export async function breakerStatuses(): Promise<BreakerStatus[]> {
  const routes = MODES.map((mode) => ({ mode, names: configuredRoute(mode).map((processor) => processor.name) }));
  const rows = await db.processorBreaker.findMany();
  return routes.flatMap(({ mode, names }) =>
    names.map((processor) => {
      const row = rows.find((candidate) => candidate.processor === processor && candidate.environment === mode);
      const state = row?.state ?? "closed";
      return { processor, mode, state, failures: row?.failures ?? 0, retryAt: state === "open" ? (row?.retryAt ?? null) : null };
    }),
  );
}

/** Lets this request probe a processor whose cool-down is over (or whose probe went stale); one caller wins. */
async function claimProbe(processor: ProcessorName, mode: Environment): Promise<boolean> {
  const [change] = await db.$queryRaw<Change[]>`
    WITH old AS (
      SELECT processor, environment, state FROM "ProcessorBreaker"
      WHERE processor = ${processor}::"Processor" AND environment = ${mode}::"Environment"
        AND ((state = 'open' AND "retryAt" <= ${NOW}) OR (state = 'half_open' AND "probeAt" <= ${NOW} - ${ms(staleProbeMs())}))
      FOR UPDATE)
    UPDATE "ProcessorBreaker" b SET state = 'half_open', "probeAt" = ${NOW}
    FROM old WHERE b.processor = old.processor AND b.environment = old.environment
    RETURNING old.state AS "from", b.state AS "to", b.failures`;
  logChange(processor, mode, change);
  return change !== undefined;
}

async function countFailure(processor: ProcessorName, mode: Environment): Promise<void> {
  let [change] = await addFailure(processor, mode);
  if (!change) {
    // The first failure ever for this processor and mode: make its row, then count as usual.
    await db.$executeRaw`
      INSERT INTO "ProcessorBreaker" (processor, environment) VALUES (${processor}::"Processor", ${mode}::"Environment")
      ON CONFLICT DO NOTHING`;
    [change] = await addFailure(processor, mode);
  }
  logChange(processor, mode, change);
}

/** One statement: the row is locked and read (the state before), then written from what was read. */
function addFailure(processor: ProcessorName, mode: Environment) {
  const { PROCESSOR_BREAKER_FAILURES: limit, PROCESSOR_BREAKER_WINDOW_MS: windowMs, PROCESSOR_BREAKER_COOLDOWN_MS: cooldownMs } = config();
  return db.$queryRaw<Change[]>`
    WITH old AS (
      SELECT processor, environment, state, failures, "windowStart" FROM "ProcessorBreaker"
      WHERE processor = ${processor}::"Processor" AND environment = ${mode}::"Environment"
      FOR UPDATE),
    counted AS (
      SELECT old.*, fresh,
             CASE WHEN fresh THEN old.failures + 1 ELSE 1 END AS count,
             CASE WHEN fresh THEN old."windowStart" ELSE ${NOW} END AS since
      FROM old, LATERAL (SELECT old.state <> 'closed' OR old."windowStart" > ${NOW} - ${ms(windowMs)} AS fresh) w),
    next AS (
      SELECT counted.*, (state = 'half_open' OR (state = 'closed' AND count >= ${limit}::int)) AS opens FROM counted)
    UPDATE "ProcessorBreaker" b
    SET failures = next.count,
        "windowStart" = next.since,
        state = CASE WHEN next.opens THEN 'open'::"BreakerState" ELSE next.state END,
        "openedAt" = CASE WHEN next.opens THEN ${NOW} ELSE b."openedAt" END,
        "retryAt" = CASE WHEN next.opens THEN ${NOW} + ${ms(cooldownMs)} ELSE b."retryAt" END,
        "probeAt" = CASE WHEN next.opens THEN NULL ELSE b."probeAt" END
    FROM next WHERE b.processor = next.processor AND b.environment = next.environment
    RETURNING next.state AS "from", b.state AS "to", b.failures`;
}

/** Each state change once, by the one statement that made it (the row lock orders concurrent writers). */
function logChange(processor: ProcessorName, mode: Environment, change: Change | undefined): void {
  if (!change || change.from === change.to) return;
  const entry = { processor, mode, from: change.from, to: change.to, failures: change.failures };
  if (change.to === "open") log.warn(entry, "processor breaker changed state");
  else log.info(entry, "processor breaker changed state");
}
