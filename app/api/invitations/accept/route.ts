import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { acceptInvitation } from "@/lib/team/invitations";
import { acceptInvitationSchema } from "@/lib/team/schemas";

// Public: the invitation token authenticates. 400 for an invalid, expired, revoked or used token,
// and for a new user's missing name or password.
export const POST = route({ auth: "public", body: acceptInvitationSchema }, async ({ body, ip, req }) => {
  const result = await acceptInvitation(body, { ip, userAgent: req.headers.get("user-agent") ?? undefined });
  return json(result);
});
