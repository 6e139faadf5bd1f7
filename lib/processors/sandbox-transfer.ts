// POST /api/dev/transfers: someone sends money to a sandbox account number. The sandbox records the
// charge on its side (so verify() and refunds answer it), then reports it exactly as Paystack reports
// a transfer into a dedicated account: a charge.success with channel dedicated_nuban, signed with
// SANDBOX_WEBHOOK_SECRET. It is handed to the webhook receiver in this process rather than over HTTP,
// so the caller learns at once what became of it.
import { db } from "@/lib/db/client";
import { randomToken } from "@/lib/auth/tokens";
import { receiveProcessorWebhook, type ProcessorEventOutcome } from "@/lib/payments/processor-events";
import { platformFeeFor } from "@/lib/payouts/fees";
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_VIRTUAL_BANK, TRANSFER_CHANNEL, sandboxChargeDetails, signSandboxPayload } from "./sandbox";

export type SandboxTransferInput = { accountNumber: string; amount: bigint; senderName?: string | null };

const SENDER_BANK = "Guaranty Trust Bank";

/** `reference`: our transaction's (TRF-…), null when none was made; `processorReference`: the sandbox's charge. */
export type SandboxTransferResult = { reference: string | null; processorReference: string; outcome: ProcessorEventOutcome };

export async function simulateSandboxTransfer(input: SandboxTransferInput): Promise<SandboxTransferResult> {
  // A number the sandbox never issued is still reported (as a processor may report an account we do
  // not know): our side then records it as an unknown account, which is what this lets one try.
  const account = await db.sandboxVirtualAccount.findUnique({ where: { accountNumber: input.accountNumber } });
  // The processor settles a transfer to the subaccount the account was made with (the merchant's).
  const ours = await db.virtualAccount.findUnique({ where: { processor_accountNumber: { processor: "sandbox", accountNumber: input.accountNumber } } });
  const sub = ours
    ? await db.processorSubaccount.findUnique({
        where: { merchantId_processor_environment: { merchantId: ours.merchantId, processor: "sandbox", environment: "test" } },
      })
    : null;
  const charge = await db.sandboxCharge.create({
    data: {
      reference: `sbx_trf_${randomToken(12)}`,
      amount: input.amount,
      currency: "NGN",
      email: account?.email ?? "transfers@sandbox.invalid",
      channel: TRANSFER_CHANNEL,
      status: "success",
      message: "Approved",
      paidAt: new Date(),
      subaccountCode: sub?.code ?? null,
      platformFee: sub ? platformFeeFor(input.amount) : 0n,
    },
  });
  const details = sandboxChargeDetails(charge);
  const senderName = input.senderName ?? "SANDBOX SENDER";
  const body = JSON.stringify({
    event: "charge.success",
    data: {
      id: charge.id,
      reference: charge.reference,
      status: "success",
      amount: Number(charge.amount),
      currency: charge.currency,
      fees: Number(details.fee),
      channel: TRANSFER_CHANNEL,
      paid_at: charge.paidAt?.toISOString() ?? null,
      gateway_response: "Approved",
      customer: { email: charge.email, customer_code: null },
      authorization: {
        authorization_code: `AUTH_sbx_${randomToken(6)}`,
        channel: TRANSFER_CHANNEL,
        card_type: "transfer",
        reusable: false,
        sender_name: senderName,
        sender_bank: SENDER_BANK,
        narration: `Transfer from ${senderName}`,
        receiver_bank_account_number: input.accountNumber,
        receiver_bank: SANDBOX_VIRTUAL_BANK,
      },
    },
  });
  const headers = new Headers({ "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body) });
  const outcome = await receiveProcessorWebhook("sandbox", headers, body);
  const transaction = await db.transaction.findUnique({ where: { chargeReference: charge.reference }, select: { reference: true } });
  return { reference: transaction?.reference ?? null, processorReference: charge.reference, outcome };
}
