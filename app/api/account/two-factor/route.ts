import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { twoFactorStatus } from "@/lib/auth/two-factor/service";

/** Whether two-factor sign-in is on, and how many unused recovery codes are left. */
export const GET = route({ auth: "user" }, async ({ principal }) => {
  return json(await twoFactorStatus(principal.userId));
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
