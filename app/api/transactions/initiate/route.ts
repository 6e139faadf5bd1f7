import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { initiatePayment } from "@/lib/payments/initiate";
import { initiateSchema } from "@/lib/payments/schemas";

// Spec rule 3: a secret key is used when sent (it then fixes the merchant); without one the call is
// accepted, for the hosted pay pages.
export const POST = route({ auth: "keyOrPublic", body: initiateSchema, idempotent: true }, async ({ body, principal }) => {
  const { transaction, authorizationUrl, accessCode } = await initiatePayment(body, principal);
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
    },
    201,
  );
});
