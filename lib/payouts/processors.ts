// Which processor does what for payouts. Banks and account names come from the live processor when
// one is configured (that is where the money will go), else from the test one (the sandbox on a
// fresh clone). Subaccounts are made on every processor of each mode's route, so test payments split
// too and a payment that fails over is split at the processor that took it.
import { ApiError } from "@/lib/api/errors";
import type { Environment } from "@/lib/db/generated/enums";
import { processorFor, processorRoute } from "@/lib/processors";
import type { ProcessorAdapter } from "@/lib/processors/types";

export const MODES: readonly Environment[] = ["test", "live"];

/** The processor that takes this mode's payments, or null when none is configured for it. */
export function configuredProcessor(mode: Environment): ProcessorAdapter | null {
  try {
    return processorFor(mode);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** Every processor of this mode's route, in order; none when the mode has no processor. */
export function configuredRoute(mode: Environment): ProcessorAdapter[] {
  try {
    return processorRoute(mode);
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}

/** Where bank lists and account names are looked up. */
export function bankDirectory(): ProcessorAdapter {
  return configuredProcessor("live") ?? processorFor("test");
}
