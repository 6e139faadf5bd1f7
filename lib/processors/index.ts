import { config } from "@/lib/config";
import { createFlutterwaveAdapter } from "./flutterwave";
import { createPaystackAdapter } from "./paystack";
import { createSandboxAdapter } from "./sandbox";
import { ProcessorError, type ProcessorAdapter, type ProcessorName } from "./types";

export const PROCESSOR_NAMES: readonly ProcessorName[] = ["paystack", "flutterwave", "sandbox"];

const adapters = new Map<ProcessorName, ProcessorAdapter>();

/** The adapter for a processor, built once from configuration. */
export function getProcessor(name: ProcessorName): ProcessorAdapter {
  let adapter = adapters.get(name);
  if (!adapter) {
    adapter = build(name);
    adapters.set(name, adapter);
  }
  return adapter;
}

/** The processor new payments go to (PAYMENT_PROCESSOR). */
export function activeProcessor(): ProcessorAdapter {
  return getProcessor(config().PAYMENT_PROCESSOR);
}

export function isProcessorName(value: string): value is ProcessorName {
  return (PROCESSOR_NAMES as readonly string[]).includes(value);
}

function build(name: ProcessorName): ProcessorAdapter {
  const env = config();
  const TIMEOUT_MS = env.PROCESSOR_TIMEOUT_MS;
  switch (name) {
    case "sandbox":
      return createSandboxAdapter();
    case "paystack":
      if (!env.PAYSTACK_SECRET_KEY) throw new ProcessorError("Paystack is not configured");
      return createPaystackAdapter({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL, timeoutMs: TIMEOUT_MS });
    case "flutterwave":
      if (!env.FLUTTERWAVE_SECRET_KEY || !env.FLUTTERWAVE_SECRET_HASH) throw new ProcessorError("Flutterwave is not configured");
      return createFlutterwaveAdapter({
        secretKey: env.FLUTTERWAVE_SECRET_KEY,
        secretHash: env.FLUTTERWAVE_SECRET_HASH,
        baseUrl: env.FLUTTERWAVE_BASE_URL,
        timeoutMs: TIMEOUT_MS,
      });
  }
}

/** Tests point adapters at fake servers by changing the environment; this forgets built ones. */
export function resetProcessors(): void {
  adapters.clear();
}
