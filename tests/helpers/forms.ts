// Posts an HTML form (application/x-www-form-urlencoded) to a page route, as a browser would.
import { FLASH_COOKIE, readFlash, type Flash } from "@/lib/payments/hosted-checkout";

type PageHandler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

export async function postForm<P extends Record<string, string>>(handler: PageHandler<P>, path: string, params: P, fields: Record<string, string> | string) {
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
  const req = new Request(new URL(path, "http://localhost:3000"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, location: res.headers.get("location"), setCookie: res.headers.get("set-cookie"), text: await res.text() };
}

/** The errors and echoed values carried by a flash Set-Cookie header, or null when there is none. */
export function flashOf(setCookie: string | null): Flash | null {
  const match = setCookie && new RegExp(`(?:^|[;,]\\s*)${FLASH_COOKIE}=([^;]*)`).exec(setCookie);
  return match ? readFlash(match[1]) : null;
}
