import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { sessionCookieFor } from "@/lib/auth/session-cookie";
import { verifyEmailToken } from "@/lib/auth/sign-up-and-log-in";
import { tokenQuerySchema } from "@/lib/auth/schemas";

// The e-mailed link points here. A browser is verified, signed in (as log-in would: not past a second
// factor) and sent to the page that shows the outcome; an API client gets JSON.
export const GET = route({ auth: "public", query: tokenQuerySchema }, async ({ query, req }) => {
  const result = await verifyEmailToken(query.token);
  if (req.headers.get("accept")?.includes("text/html")) {
    const page = new URL("/verify-email", req.nextUrl.origin);
    page.searchParams.set("status", result.ok ? "verified" : result.reason);
    const headers = new Headers({ location: page.toString(), "cache-control": "no-store" });
    const cookie = result.ok ? await sessionCookieFor(result.userId) : null;
    if (cookie) headers.append("set-cookie", cookie);
    return new Response(null, { status: 303, headers });
  }
  if (!result.ok) throw ApiError.badRequest(result.message);
  return json({ message: "Email verified. You can now log in." });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
