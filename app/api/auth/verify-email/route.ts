import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { verifyEmailToken } from "@/lib/auth/sign-up-and-log-in";
import { tokenQuerySchema } from "@/lib/auth/schemas";

// The e-mailed link points here. A browser is sent to the page that verifies and shows the outcome;
// an API client gets JSON.
export const GET = route({ auth: "public", query: tokenQuerySchema }, async ({ query, req }) => {
  if (req.headers.get("accept")?.includes("text/html")) {
    const page = new URL("/verify-email", req.nextUrl.origin);
    page.searchParams.set("token", query.token);
    return new Response(null, { status: 303, headers: { location: page.toString() } });
  }
  const result = await verifyEmailToken(query.token);
  if (!result.ok) throw ApiError.badRequest(result.message);
  return json({ message: "Email verified. You can now log in." });
});
