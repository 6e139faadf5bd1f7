// The customer's link to manage a subscription (every subscription e-mail carries it): no account or
// password, so the link itself is the credential. It is the subscription id with an HMAC-SHA256 under
// a key derived from AUTH_SECRET; it does not expire (old e-mails keep working), and rotating
// AUTH_SECRET revokes every link at once.
import { createHmac, hkdfSync } from "node:crypto";
import { config } from "@/lib/config";
import { safeEqual } from "@/lib/auth/tokens";
import { isUuid } from "@/lib/api/validation";

const INFO = "paylink subscription link v1";

function mac(subscriptionId: string): string {
  const key = Buffer.from(hkdfSync("sha256", config().AUTH_SECRET, "paylink", INFO, 32));
  return createHmac("sha256", key).update(subscriptionId).digest("base64url");
}

export const manageToken = (subscriptionId: string) => `${subscriptionId}.${mac(subscriptionId)}`;

/** The customer's page for the subscription: `/billing/{token}`. */
export const manageUrl = (subscriptionId: string) => `${config().appUrl}/billing/${manageToken(subscriptionId)}`;

/** The subscription id a token names, or null when it is not one we signed. */
export function subscriptionIdFromToken(token: string): string | null {
  const [id, signature, extra] = token.split(".");
  if (!id || !signature || extra !== undefined || !isUuid(id)) return null;
  return safeEqual(signature, mac(id)) ? id : null;
}
