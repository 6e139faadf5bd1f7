import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { sessionCookieFor } from "@/lib/auth/session-cookie";
import { acceptInvitation } from "@/lib/team/invitations";
import { acceptInvitationSchema } from "@/lib/team/schemas";

// Public: the invitation token authenticates. 400 for an invalid, expired, revoked or used token,
// and for a new user's missing name or password. Someone new is signed in by the answer's cookie.
export const POST = route({ auth: "public", body: acceptInvitationSchema }, async ({ body, ip, req }) => {
  const { createdUserId, ...result } = await acceptInvitation(body, { ip, userAgent: req.headers.get("user-agent") ?? undefined });
  const cookie = createdUserId ? await sessionCookieFor(createdUserId) : null;
  return json(result, 200, cookie ? { "set-cookie": cookie } : undefined);
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
