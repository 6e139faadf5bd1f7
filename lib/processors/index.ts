// Which processor, with which key, handles what. Credentials are per mode: test-mode payments use the
// processor's test key (or the built-in sandbox when it has none), live-mode payments its live key,
// never the other way round. PAYMENT_PROCESSOR picks the family new payments go to; an existing
// transaction (or subaccount) keeps its own processor and mode.
import { ApiError } from "@/lib/api/errors";
import { config, processorSecretKey, PROCESSOR_KEY_NAMES } from "@/lib/config";
import { log } from "@/lib/log";
import type { Environment } from "@/lib/db/generated/enums";
import { createFlutterwaveAdapter } from "./flutterwave";
import { createPaystackAdapter } from "./paystack";
import { createSandboxAdapter } from "./sandbox";
import { processorGate } from "./throttle";
import { ProcessorError, type ProcessorAdapter, type ProcessorName } from "./types";

export const PROCESSOR_NAMES: readonly ProcessorName[] = ["paystack", "flutterwave", "sandbox"];
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
 * The processor new payments of this mode go to. Test: PAYMENT_PROCESSOR's test key, else the
 * sandbox. Live: PAYMENT_PROCESSOR's live key; without one, 409 (the go-live step `live_processor`)
 * in words a customer may read. Live payments meet `requireLivePayment` first, which tells the operator.
 */
export function processorFor(mode: Environment): ProcessorAdapter {
  const family = config().PAYMENT_PROCESSOR;
  if (mode === "test") {
    if (family !== "sandbox" && hasKey(family, "test")) return configured(family, "test");
    return getProcessor("sandbox", "test");
  }
  if (!liveProcessorReady()) throw liveUnavailable();
  return configured(family as "paystack" | "flutterwave", "live");
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
  return new ApiError(409, "Live payments are not available on this platform yet", undefined, undefined, { missing: ["live_processor"] });
}

/** For the operator's log only: the setting that would let live payments through, or null. */
function missingLiveSetting(): string | null {
  const family = config().PAYMENT_PROCESSOR;
  if (family === "sandbox") return "PAYMENT_PROCESSOR (the sandbox takes no live payments)";
  if (!hasKey(family, "live")) return PROCESSOR_KEY_NAMES[family][1];
  return null;
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

export function isProcessorName(value: string): value is ProcessorName {
  return (PROCESSOR_NAMES as readonly string[]).includes(value);
}

function hasKey(name: "paystack" | "flutterwave", mode: Environment): boolean {
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
  const TIMEOUT_MS = env.PROCESSOR_TIMEOUT_MS;
  // Background reads (settlements) are paced per processor and mode; checkout calls are not.
  const backgroundGate = () => processorGate(`${name}:${mode}`, env.SETTLEMENT_READS_PER_SECOND);
  switch (name) {
    case "sandbox":
      // Test cards must never settle real (live-mode) payments.
      if (mode !== "test") throw new ProcessorError("The sandbox takes test payments only");
      return createSandboxAdapter();
    case "paystack": {
      const secretKey = processorSecretKey(env, "paystack", mode);
      if (!secretKey) throw new ProcessorError(`Paystack has no ${mode} key (${PROCESSOR_KEY_NAMES.paystack[mode === "test" ? 0 : 1]})`);
      return createPaystackAdapter({ secretKey, baseUrl: env.PAYSTACK_BASE_URL, timeoutMs: TIMEOUT_MS, backgroundGate: backgroundGate() });
    }
    case "flutterwave": {
      const secretKey = processorSecretKey(env, "flutterwave", mode);
      if (!secretKey) throw new ProcessorError(`Flutterwave has no ${mode} key (${PROCESSOR_KEY_NAMES.flutterwave[mode === "test" ? 0 : 1]})`);
      if (!env.FLUTTERWAVE_SECRET_HASH) throw new ProcessorError("Flutterwave is not configured (FLUTTERWAVE_SECRET_HASH)");
      return createFlutterwaveAdapter({
        secretKey,
        secretHash: env.FLUTTERWAVE_SECRET_HASH,
        baseUrl: env.FLUTTERWAVE_BASE_URL,
        timeoutMs: TIMEOUT_MS,
        backgroundGate: backgroundGate(),
      });
    }
  }
}

/** Tests point adapters at fake servers by changing the environment; this forgets built ones. */
export function resetProcessors(): void {
  adapters.clear();
}
