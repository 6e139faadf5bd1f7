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
export async function postJson(url: string, body: unknown, init?: RequestInit): Promise<PostJsonResult> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      ...init,
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        ...init?.headers,
      },
      body: JSON.stringify(body),
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
