import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { LIMITS } from "@/lib/api/limits";
import { resolveAccountSchema } from "@/lib/payouts/schemas";
import { previewBankAccount } from "@/lib/payouts/settlement-account";

/** Step one of adding an account: the processor says whose it is; nothing is saved. */
export const POST = route(
  {
    auth: "user",
    merchant: "merchant:update",
    body: resolveAccountSchema,
    rateLimit: ({ principal }) => [LIMITS.accountResolution, principal?.kind === "user" ? principal.userId : "?"],
  },
  async ({ merchant, body }) => {
    return json({ account: await previewBankAccount(merchant.merchantId, body.bankCode, body.accountNumber) });
  },
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
