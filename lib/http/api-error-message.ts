type ApiErrorBody = { message?: unknown; errors?: Array<{ field?: unknown; message?: unknown }> } | null;

/** A sentence to show for a failed API call made from the dashboard (postJson's status and data). */
export function apiErrorMessage(status: number, data: unknown, fallback = "That didn't work. Please try again."): string {
  if (status === 0) return "We couldn't reach Paylink. Check your connection and try again.";
  const body = data as ApiErrorBody;
  const fieldMessages = Array.isArray(body?.errors)
    ? body.errors.map((e) => (typeof e?.message === "string" ? e.message : null)).filter((m): m is string => Boolean(m))
    : [];
  if (fieldMessages.length > 0) return fieldMessages.join(" ");
  if (typeof body?.message === "string" && body.message) return body.message;
  if (status >= 500) return "Something went wrong on our side. Please try again in a moment.";
  return fallback;
}

/** Field errors from a 400 answer, keyed by field path (for react-hook-form's setError). */
export function apiFieldErrors(data: unknown): Record<string, string> {
  const body = data as ApiErrorBody;
  const out: Record<string, string> = {};
  for (const e of Array.isArray(body?.errors) ? body.errors : []) {
    if (typeof e?.field === "string" && typeof e.message === "string") out[e.field] ??= e.message;
  }
  return out;
}
