type ApiErrorBody = { message?: unknown; errors?: Array<{ message?: unknown }> } | null;

/** A person-readable reason from an API error answer. */
export function apiErrorMessage(status: number, data: ApiErrorBody, fallback: string): string {
  if (status === 0) return "We couldn't reach Paylink. Check your connection and try again.";
  const fields = Array.isArray(data?.errors) ? data.errors.map((e) => (typeof e?.message === "string" ? e.message : "")).filter(Boolean) : [];
  if (fields.length) return fields.join(" ");
  if (typeof data?.message === "string" && data.message) return data.message;
  return status >= 500 ? "Something went wrong on our side. Please try again in a moment." : fallback;
}
