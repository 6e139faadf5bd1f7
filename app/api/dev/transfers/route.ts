import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { devOnly } from "@/lib/api/dev-only";
import { json } from "@/lib/api/respond";
import { simulateSandboxTransfer } from "@/lib/processors/sandbox-transfer";
import { devTransferBody } from "@/lib/transfers/schemas";

export const dynamic = "force-dynamic";

/**
 * Development only (like the dev mailbox): a bank transfer into a sandbox account number, reported
 * by the sandbox's signed webhook; answers what became of it (completed, unknown_account, …).
 */
export const POST = devOnly(
  route({ auth: "public", body: devTransferBody }, async ({ body }) => {
    const transfer = await simulateSandboxTransfer({ accountNumber: body.accountNumber, amount: BigInt(body.amount), senderName: body.senderName ?? null });
    return json({ transfer });
  }),
);

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
