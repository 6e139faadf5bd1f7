import { otherMethods } from "@/lib/api/methods";
import type { Principal } from "@/lib/auth/principal";
import type { Limiter } from "@/lib/api/rate-limit";
import { route } from "@/lib/api/handler";
import { LIMITS } from "@/lib/api/limits";
import { json } from "@/lib/api/respond";
import { initiatePayment } from "@/lib/payments/initiate";
import { initiateSchema } from "@/lib/payments/schemas";

// Spec rule 3: a secret key is used when sent (it then fixes the merchant); without one the call is
// accepted, for the hosted pay pages.
function perKeyOrAddress({ principal, ip }: { principal: Principal | null; ip: string }): [Limiter, string] {
  if (principal?.kind === "apiKey") return [LIMITS.initiateByKey, `${principal.merchantId}:${principal.environment}`];
  return [LIMITS.initiateByIp, ip];
}

export const POST = route({ auth: "keyOrPublic", body: initiateSchema, idempotent: true, rateLimit: perKeyOrAddress }, async ({ body, principal }) => {
  const { transaction, processor, authorizationUrl, accessCode } = await initiatePayment(body, principal);
  return json(
    {
      message: "Payment initiated",
      reference: transaction.reference,
      transactionId: transaction.id,
      authorizationUrl,
      accessCode,
      status: "PENDING",
      amount: transaction.amount,
      currency: transaction.currency,
      processor,
    },
    201,
  );
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
