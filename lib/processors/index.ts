// Which processor, with which key, handles what. Credentials are per mode: test-mode payments use the
// processor's test key (or the built-in sandbox when it has none), live-mode payments its live key,
// never the other way round. PAYMENT_PROCESSORS (or PAYMENT_PROCESSOR alone) is the route new payments
// try in order; an existing transaction (or subaccount) keeps its own processor and mode.
import { ApiError } from "@/lib/api/errors";
import { config, processorSecretKey } from "@/lib/config";
import { log } from "@/lib/log";
import type { Environment } from "@/lib/db/generated/enums";
import { keySettingNames, TEST_PROCESSOR } from "./catalog";
import { PROCESSORS } from "./registry";
import type { Gate } from "./http";
import { processorGate } from "./throttle";
import { ProcessorError, type ProcessorAdapter, type ProcessorDescriptor, type ProcessorName } from "./types";

export { isProcessorName, PROCESSOR_NAMES } from "./catalog";
const MODES: readonly Environment[] = ["test", "live"];

const adapters = new Map<string, ProcessorAdapter>();

/**
 * The adapter for a processor in one mode, built once from configuration: for verify, refunds,
 * reconciliation, subaccounts and settlements of an existing transaction or subaccount (use the
 * transaction's `processor` and `environment`). Throws ProcessorError when that processor has no
 * key for that mode (the sandbox takes test payments only).
 */
export function getProcessor(name: ProcessorName, mode: Environment): ProcessorAdapter {
  const key = `${name}:${mode}`;
  let adapter = adapters.get(key);
  if (!adapter) {
    adapter = build(name, mode);
    adapters.set(key, adapter);
  }
  return adapter;
}

/**
 * The processors new payments of this mode try, in order (PAYMENT_PROCESSORS, or PAYMENT_PROCESSOR
 * alone). Test: each routed processor that has a test key, else the sandbox. Live: each that has a
 * live key; with none, 409 (the go-live step `live_processor`) in words a customer may read. Live
 * payments meet `requireLivePayment` first, which tells the operator.
 */
export function processorRoute(mode: Environment): [ProcessorAdapter, ...ProcessorAdapter[]] {
  const [first, ...rest] = keyedRoute(mode).map((name) => configured(name, mode));
  if (first) return [first, ...rest];
  if (mode === "test") return [getProcessor(TEST_PROCESSOR, "test")];
  throw liveUnavailable();
}

/**
 * The name of processorRoute(mode)'s first, without building its adapter (fee quotes on public pages
 * must not fail on a half-configured processor); null when live payments have no processor.
 */
export function firstProcessorName(mode: Environment): ProcessorName | null {
  return keyedRoute(mode)[0] ?? (mode === "test" ? TEST_PROCESSOR : null);
}

/** The routed processors that have this mode's key, in route order. */
function keyedRoute(mode: Environment): ProcessorName[] {
  return config().processorRoute.filter((name) => !PROCESSORS[name].testOnly && hasKey(name, mode));
}

/** The first processor of this mode's route: where payouts look up banks and make subaccounts first. */
export function processorFor(mode: Environment): ProcessorAdapter {
  return processorRoute(mode)[0];
}

/** Whether the platform can take live payments at all: the go-live checklist's platform step. */
export function liveProcessorReady(): boolean {
  return missingLiveSetting() === null;
}

/**
 * The gate before a live payment: 409 `live_processor` while the platform has no live processor,
 * with one error in the log naming the missing setting (for the operator; never a value).
 */
export function assertLiveProcessor(context: Record<string, unknown>): void {
  if (liveProcessorMissing(context)) throw liveUnavailable();
}

/** True (with that one error in the log) when the platform cannot take live payments. */
export function liveProcessorMissing(context: Record<string, unknown>): boolean {
  const missing = missingLiveSetting();
  if (!missing) return false;
  log.error({ ...context, setting: missing }, "live payment refused: no live processor is configured");
  return true;
}

/** What a live payment is refused with when the platform has no live processor: no setting names. */
export function liveUnavailable(): ApiError {
  return new ApiError({
    status: 409,
    message: "Live payments are not available on this platform yet",
    code: "live_payments_unavailable",
    extra: { missing: ["live_processor"] },
  });
}

/** For the operator's log only: the setting that would let live payments through (the route's first's), or null. */
function missingLiveSetting(): string | null {
  const route = config().processorRoute;
  if (route.some((name) => !PROCESSORS[name].testOnly && hasKey(name, "live"))) return null;
  const { testOnly, subject, keys } = PROCESSORS[route[0]];
  if (testOnly) return `PAYMENT_PROCESSOR (${subject.toLowerCase()} takes no live payments)`;
  return keys ? keySettingNames(keys).live : null;
}

/**
 * Authenticates an inbound webhook to /webhooks/{name} with each configured mode's credentials.
 * Answers the adapter that accepted it and the mode that proves: a Paystack (or sandbox) signature
 * is an HMAC with one mode's key, so the key that verifies tells the mode. Flutterwave's static
 * hash does not (one hash for both modes, and it does not cover the body): mode is then null, and
 * the charge must be confirmed with verify() using the transaction's own mode's key.
 * Null when nothing configured accepts it.
 */
export function authenticateWebhook(name: ProcessorName, headers: Headers, rawBody: string): { adapter: ProcessorAdapter; mode: Environment | null } | null {
  for (const mode of MODES) {
    let adapter: ProcessorAdapter;
    try {
      adapter = getProcessor(name, mode);
    } catch (error) {
      if (error instanceof ProcessorError) continue; // no credentials for this mode: nothing to check with
      throw error;
    }
    if (adapter.authenticateWebhook(headers, rawBody)) return { adapter, mode: adapter.confirmWebhooksByVerify ? null : mode };
  }
  return null;
}

function hasKey(name: ProcessorName, mode: Environment): boolean {
  return processorSecretKey(config(), name, mode) !== undefined;
}

export const PROCESSOR_ERROR_PREFIX = "Payment processor error:";

/** The one answer to a processor failure: 502 with the processor's (safe) reason after a fixed prefix. */
export function processorFailure(error: ProcessorError): ApiError {
  return ApiError.processor(`${PROCESSOR_ERROR_PREFIX} ${error.message}`);
}

/** getProcessor for new payments: a half-configured processor is a 502 with its reason, not a 500. */
function configured(name: ProcessorName, mode: Environment): ProcessorAdapter {
  try {
    return getProcessor(name, mode);
  } catch (error) {
    if (error instanceof ProcessorError) throw processorFailure(error);
    throw error;
  }
}

function build(name: ProcessorName, mode: Environment): ProcessorAdapter {
  const env = config();
  const descriptor: ProcessorDescriptor = PROCESSORS[name];
  // Test cards must never settle real (live-mode) payments.
  if (descriptor.testOnly && mode !== "test") throw new ProcessorError(`${descriptor.subject} takes test payments only`);
  const names = descriptor.keys && keySettingNames(descriptor.keys);
  const secretKey = processorSecretKey(env, name, mode) ?? null;
  if (names && !secretKey) throw new ProcessorError(`${descriptor.displayName} has no ${mode} key (${names[mode]})`);
  const settings: Partial<Record<string, unknown>> = env;
  const text = (setting: string) => (typeof settings[setting] === "string" && settings[setting]) || null;
  return descriptor.createAdapter({
    mode,
    secretKey,
    baseUrl: names && text(names.baseUrl),
    timeoutMs: env.PROCESSOR_TIMEOUT_MS,
    // Background reads (settlements) are paced per processor and mode; checkout calls are not.
    backgroundGate: (send) => backgroundGate(name, mode)(send),
    setting(setting) {
      const value = text(setting);
      if (!value) throw new ProcessorError(`${descriptor.displayName} is not configured (${setting})`);
      return value;
    },
  });
}

const gates = new Map<string, Gate>();

/**
 * The pace of background work at one processor in one mode (SETTLEMENT_READS_PER_SECOND; a 429
 * pauses it and the call is tried again): the adapters' settlement and subaccount reads, and the
 * subaccount backfill's saves, share it. Made on first use: only processors with such work need one.
 */
export function backgroundGate(name: ProcessorName, mode: Environment): Gate {
  const key = `${name}:${mode}`;
  let gate = gates.get(key);
  if (!gate) {
    gate = processorGate(key, config().SETTLEMENT_READS_PER_SECOND);
    gates.set(key, gate);
  }
  return gate;
}

/** Tests point adapters at fake servers by changing the environment; this forgets built ones (and their pace). */
export function resetProcessors(): void {
  adapters.clear();
  gates.clear();
}
