// Posts an HTML form (application/x-www-form-urlencoded) to a page route, as a browser would.
import { FLASH_COOKIE, readFlash, type Flash } from "@/lib/payments/hosted-checkout";

type PageHandler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

// Each post from its own address, as different customers: the per-address limit has its own test.
let posts = 0;

export async function postForm<P extends Record<string, string>>(handler: PageHandler<P>, path: string, params: P, fields: Record<string, string> | string) {
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
  const req = new Request(new URL(path, "http://localhost:3000"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `192.0.2.${++posts % 250}` },
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
