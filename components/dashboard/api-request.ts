// Small helpers for dashboard client components that call the JSON API with the session cookie.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

import { fallbackError, messageFrom } from "@/components/auth/messages";
import { postJson, type PostJsonResult } from "@/lib/http/post-json";

/** POST, PATCH or DELETE a JSON body; never throws (status 0 when offline). */
export function sendJson(method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown, headers?: Record<string, string>): Promise<PostJsonResult> {
  return postJson(url, body ?? {}, { method, headers });
}

/** A fresh Idempotency-Key, so a retried create after a lost answer cannot create twice. */
export function newIdempotencyKey(prefix: string): string {
  return `${prefix}_${crypto.randomUUID()}`;
}

type ErrorItem = { field?: unknown; message?: unknown };

/**
 * Puts the API's `errors: [{ field, message }]` on the form's fields (focusing the first) and
 * returns a message for the top of the form when something could not be placed on a field.
 */
export function applyServerErrors<T extends FieldValues>(
  res: PostJsonResult,
  setError: UseFormSetError<T>,
  toField: (apiField: string) => Path<T> | null,
  fallback = "Please check the form and try again.",
): string | null {
  const list: unknown = res.data?.errors;
  const unplaced: string[] = [];
  let first = true;
  if (res.status === 400 && Array.isArray(list)) {
    for (const item of list as ErrorItem[]) {
      const message = typeof item?.message === "string" ? item.message : "This value is not valid";
      const field = typeof item?.field === "string" ? toField(item.field) : null;
      if (!field) {
        unplaced.push(message);
        continue;
      }
      setError(field, { type: "server", message }, { shouldFocus: first });
      first = false;
    }
    if (unplaced.length > 0) return unplaced.join(" ");
    return first ? (messageFrom(res.data) ?? fallback) : null;
  }
  if (res.status === 0 || res.status === 429 || res.status >= 500) return fallbackError(res.status, res.data);
  return messageFrom(res.data) ?? fallback;
}
