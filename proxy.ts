import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";

// Signed-out visitors to the dashboard go to log-in and come back afterwards.
// Only dashboard paths run through here, so the API and the pay pages pay nothing for it.
export async function proxy(req: NextRequest) {
  const token = await getToken({ req, secret: process.env.AUTH_SECRET });
  if (token) return NextResponse.next();
  const login = new URL("/login", req.nextUrl.origin);
  login.searchParams.set("callbackUrl", req.nextUrl.pathname + req.nextUrl.search);
  return NextResponse.redirect(login);
}

export const config = { matcher: ["/dashboard/:path*"] };
