import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { getAccount, updateAccount } from "@/lib/auth/account-settings";
import { accountUpdateSchema } from "@/lib/auth/schemas";

/** The signed-in user. */
export const GET = route({ auth: "user" }, async ({ principal }) => {
  return json({ user: await getAccount(principal.userId) });
});

/** First and last name (e-mail changes are not offered yet). */
export const PATCH = route({ auth: "user", body: accountUpdateSchema }, async ({ principal, body }) => {
  return json({ message: "Account updated", user: await updateAccount(principal.userId, body) });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PUT, DELETE, OPTIONS } = otherMethods("GET", "PATCH");
