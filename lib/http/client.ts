// The one way components call the JSON API (with the session cookie) and turn its answers into words.
// Requests never throw: callers branch on `ok`/`status`, and status 0 means no answer (offline, DNS…).
// The dashboard's pages read their data on the server, so there is no client cache to update here:
// after a change, components call router.refresh().
import { useMemo, useRef } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

export interface ApiResult {
  /** True for 2xx responses. */
  ok: boolean;
  /** HTTP status, or 0 when the request never got a response. */
  status: number;
  /** Parsed JSON body, or null when the body is empty or not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export const GENERIC_ERROR = "Something went wrong. Please try again.";
export const NETWORK_ERROR = "We couldn't reach Paylink. Check your connection and try again.";
const RATE_LIMITED = "Too many attempts. Please wait a moment and try again.";
const SERVER_ERROR = "Something went wrong on our side. Please try again in a moment.";

/** Sends `body` as JSON (none when undefined) and parses the JSON answer. */
export function sendJson(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown, init?: RequestInit): Promise<ApiResult> {
  const json: Record<string, string> = body === undefined ? {} : { "Content-Type": "application/json" };
  return send(method, url, body === undefined ? undefined : JSON.stringify(body), {
    ...init,
    headers: { ...json, Accept: "application/json", ...init?.headers },
  });
}

/** POSTs a multipart form (a file upload; the browser sets its Content-Type) and parses the JSON answer. */
export function postForm(url: string, form: FormData): Promise<ApiResult> {
  return send("POST", url, form, { headers: { Accept: "application/json" } });
}

async function send(method: string, url: string, body: BodyInit | undefined, init: RequestInit): Promise<ApiResult> {
  let res: Response;
  try {
    res = await fetch(url, { method, credentials: "same-origin", ...init, body });
  } catch {
    return { ok: false, status: 0, data: null };
  }
  let data: unknown = null;
  try {
    const text = await res.text();
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  return { ok: res.ok, status: res.status, data };
}

/** sendJson("POST", …). */
export function postJson(url: string, body: unknown, init?: RequestInit): Promise<ApiResult> {
  return sendJson("POST", url, body, init);
}

/**
 * Ends the dashboard session as next-auth/react's signOut() does (a CSRF token, then POST
 * /api/auth/signout), without loading that client, and opens `callbackUrl`. False when it failed:
 * the person is still signed in and must be told.
 */
export async function signOut(callbackUrl: string): Promise<boolean> {
  try {
    const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
    const res = await fetch("/api/auth/signout", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl, json: "true" }),
    });
    if (!res.ok) return false;
  } catch {
    return false;
  }
  window.location.assign(callbackUrl);
  return true;
}

/**
 * POSTs that create something (a link, an invoice, a refund), each with an Idempotency-Key. A retry of
 * the same body after no answer (offline: the server may have acted) keeps the key, so it cannot
 * create twice; any answer, or another body, takes a fresh key. `reset` forgets it (a form opened anew).
 */
export function useIdempotentPost(keyPrefix: string) {
  const last = useRef<{ key: string; body: string } | null>(null);
  return useMemo(
    () => ({
      async post(url: string, body: unknown): Promise<ApiResult> {
        const text = JSON.stringify(body);
        const key = last.current?.body === text ? last.current.key : `${keyPrefix}_${crypto.randomUUID()}`;
        last.current = { key, body: text };
        const res = await sendJson("POST", url, body, { headers: { "Idempotency-Key": key } });
        if (res.status !== 0) last.current = null;
        return res;
      },
      reset() {
        last.current = null;
      },
    }),
    [keyPrefix],
  );
}

type ErrorItem = { field?: unknown; message?: unknown };
const errorItems = (data: unknown): ErrorItem[] => {
  const list = (data as { errors?: unknown } | null)?.errors;
  return Array.isArray(list) ? (list as ErrorItem[]) : [];
};

/** The `message` string of an error body, if there is one. */
export function messageFrom(data: unknown): string | undefined {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() ? message : undefined;
}

/** A sentence to show for a failed call: its field errors, else its message, else one by status, else `fallback`. */
export function apiErrorMessage(status: number, data: unknown, fallback = GENERIC_ERROR): string {
  if (status === 0) return NETWORK_ERROR;
  const fields = errorItems(data)
    .map((e) => (typeof e?.message === "string" ? e.message : ""))
    .filter(Boolean);
  if (fields.length > 0) return fields.join(" ");
  const message = messageFrom(data);
  if (message) return message;
  if (status === 429) return RATE_LIMITED;
  if (status >= 500) return SERVER_ERROR;
  return fallback;
}

/** Field errors from a 400 answer, keyed by the API's field path. */
export function apiFieldErrors(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errorItems(data)) {
    if (typeof e?.field === "string" && typeof e.message === "string") out[e.field] ??= e.message;
  }
  return out;
}

/**
 * Puts a 400's `errors: [{ field, message }]` on a react-hook-form's fields (focusing the first) and
 * returns a message for the top of the form for whatever could not be placed on a field.
 */
export function applyServerErrors<T extends FieldValues>(
  res: ApiResult,
  setError: UseFormSetError<T>,
  toField: (apiField: string) => Path<T> | null,
  fallback = "Please check the form and try again.",
): string | null {
  if (res.status !== 400 || errorItems(res.data).length === 0) return apiErrorMessage(res.status, res.data, fallback);
  const unplaced: string[] = [];
  let first = true;
  for (const item of errorItems(res.data)) {
    const message = typeof item?.message === "string" ? item.message : "This value is not valid";
    const field = typeof item?.field === "string" ? toField(item.field) : null;
    if (!field) {
      unplaced.push(message);
      continue;
    }
    setError(field, { type: "server", message }, { shouldFocus: first });
    first = false;
  }
  return unplaced.length > 0 ? unplaced.join(" ") : null;
}
