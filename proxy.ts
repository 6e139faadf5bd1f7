import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { appCsp } from "@/lib/security/headers.mjs";

// App Router pages only (dashboard, sign-up, sandbox checkout, dev mailbox): each response gets a
// CSP with a fresh nonce, which Next puts on its own inline scripts (it reads it from the request's
// CSP header). The API, the hosted pages, log-in and /docs have static headers (next.config.mjs) and never
// come through here, so they pay nothing for it.
export async function proxy(req: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = appCsp(nonce, process.env.NODE_ENV === "development");

  // Signed-out visitors to the dashboard go to log-in and come back afterwards.
  if (req.nextUrl.pathname.startsWith("/dashboard") && !(await getToken({ req, secret: process.env.AUTH_SECRET }))) {
    const login = new URL("/login", req.nextUrl.origin);
    login.searchParams.set("callbackUrl", req.nextUrl.pathname + req.nextUrl.search);
    return NextResponse.redirect(login);
  }

  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", policy);
  return res;
}

export const config = {
  matcher: [{ source: "/((?!api/|_next/|login|pay/|invoice/|receipt/|logos/|docs|favicon\\.ico|pay\\.js).*)" }],
};
