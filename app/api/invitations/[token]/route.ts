import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { describeInvitation } from "@/lib/team/invitations";
import { invitationTokenParams } from "@/lib/team/schemas";

// Public, for the accept page: which business and role, and whether the invitee already has an account.
export const GET = route({ auth: "public", params: invitationTokenParams }, async ({ params }) => {
  return json({ invitation: await describeInvitation(params.token) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
