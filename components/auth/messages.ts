export const GENERIC_ERROR = "Something went wrong. Please try again.";
export const NETWORK_ERROR = "We couldn't reach Paylink. Check your internet connection and try again.";
export const RATE_LIMITED = "Too many attempts. Please wait a moment and try again.";

/** The message to show for a failed request that has no more specific handling. */
export function fallbackError(status: number, data?: unknown): string {
  if (status === 0) return NETWORK_ERROR;
  if (status === 429) return messageFrom(data) ?? RATE_LIMITED;
  return GENERIC_ERROR;
}

/** The `message` string of an error body, if there is one. */
export function messageFrom(data: unknown): string | undefined {
  if (data && typeof data === "object" && "message" in data) {
    const m = (data as { message: unknown }).message;
    if (typeof m === "string" && m.trim()) return m;
  }
  return undefined;
}
