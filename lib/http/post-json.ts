export interface PostJsonResult {
  /** True for 2xx responses. */
  ok: boolean;
  /** HTTP status, or 0 when the request never got a response (offline, DNS, CORS...). */
  status: number;
  /** Parsed JSON body, or null when the body is empty or not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/**
 * POST a JSON body from the browser. Never throws on HTTP errors: callers branch on
 * `status`. Network failures resolve with status 0.
 */
export function postJson(url: string, body: unknown, init?: RequestInit): Promise<PostJsonResult> {
  return sendJson("POST", url, body, init);
}

/** Like postJson for any method; `body` undefined sends none (DELETE). */
export async function sendJson(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown, init?: RequestInit): Promise<PostJsonResult> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "same-origin",
      ...init,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        Accept: "application/json",
        ...init?.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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
