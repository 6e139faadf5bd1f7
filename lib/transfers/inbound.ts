// Money that arrived by bank transfer into a customer's virtual account: no initiation of ours is
// behind it, so the authenticated (and, where the authentication cannot vouch for the body,
// verified) event makes the Transaction. Its ProcessorEvent, the Transaction and its settlement
// (the customer's open invoices oldest first, the rest credit: lib/invoices/allocation.ts) commit
// together; the event's unique (processor, externalId) and the Transaction's unique chargeReference
// make a delivery that arrives twice, even at the same instant, count once.
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { log } from "@/lib/log";
import { findById } from "@/lib/api/find";
import type { Environment } from "@/lib/db/generated/enums";
import type { Prisma, VirtualAccount } from "@/lib/db/generated/client";
import { getProcessor } from "@/lib/processors";
import { ProcessorError, type ChargeDetails, type ProcessorAdapter, type WebhookEvent } from "@/lib/processors/types";
import { generateTransferReference } from "@/lib/payments/reference";
import { settleTransaction, type SettleOutcome } from "@/lib/payments/settle";
import { platformFeeFor } from "@/lib/payouts/fees";

/**
 * unknown_account: no virtual account of ours has that number (kept for the operators: `npm run ops
 * -- unmatched-transfers`). wrong_mode: signed with the other mode's key than the account's.
 * not_paid: the processor does not say the money arrived.
 */
export type TransferOutcome = SettleOutcome | "duplicate" | "unknown_account" | "wrong_mode" | "wrong_account" | "not_paid" | "not_a_charge";

/**
 * Outcomes of transfer events that settled nothing and are worth an operator's look. wrong_account:
 * the processor, asked, names another account than the event did (a forged body under a real id).
 */
export const UNMATCHED_TRANSFER_OUTCOMES = ["unknown_account", "wrong_mode", "wrong_account"] as const;

type Received = { adapter: ProcessorAdapter; mode: Environment | null; event: WebhookEvent; payload: Prisma.InputJsonValue };

export async function receiveTransfer({ adapter, mode, event, payload }: Received): Promise<TransferOutcome> {
  const transfer = event.transfer;
  const account = transfer ? await findAccount(adapter.name, transfer) : null;
  // A body the authentication does not vouch for (Flutterwave's) may be forged under a real charge's id:
  // settled to no one, it is kept under its own key, so the processor's true delivery of that id still counts.
  const vouched = !adapter.confirmWebhooksByVerify && mode !== null;
  const keyFor = (outcome: TransferOutcome | "received") =>
    outcome === "wrong_account" || (outcome === "unknown_account" && !vouched) ? `${event.externalId}:${outcome}` : event.externalId;
  const record = (tx: Tx, outcome: TransferOutcome | "received", transactionId: string | null = null) =>
    tx.processorEvent.createMany({
      data: [{ processor: adapter.name, externalId: keyFor(outcome), eventType: event.type, transactionId, payload, outcome }],
      skipDuplicates: true,
    });

  if (!event.charge) {
    const stored = await record(db, "not_a_charge");
    return stored.count === 0 ? "duplicate" : "not_a_charge";
  }
  if (!account) {
    const stored = await record(db, "unknown_account");
    if (stored.count === 0) return "duplicate";
    // Answered 200 (the processor must not retry it for ever) and settled to no one.
    log.warn(
      { processor: adapter.name, reference: event.reference, accountNumberLast4: transfer?.accountNumber?.slice(-4) ?? null },
      "transfer to an unknown account; recorded for the operators",
    );
    return "unknown_account";
  }
  if (mode !== null && mode !== account.environment) {
    const stored = await record(db, "wrong_mode");
    if (stored.count === 0) return "duplicate";
    log.warn({ processor: adapter.name, reference: event.reference, mode }, "transfer signed for the other mode than its account; not settled");
    return "wrong_mode";
  }
  const charge = await confirmedCharge(adapter, mode, account, event.charge);
  // Flutterwave's hash does not cover the body: only the account its own record names is credited.
  if (charge !== event.charge && (!charge.transfer || (await findAccount(adapter.name, charge.transfer))?.id !== account.id)) {
    const stored = await record(db, "wrong_account");
    if (stored.count === 0) return "duplicate";
    log.warn({ processor: adapter.name, reference: event.reference }, "transfer event names another account than the processor's record; not settled");
    return "wrong_account";
  }

  return db.$transaction(async (tx) => {
    const stored = await record(tx, "received");
    if (stored.count === 0) return "duplicate";
    const outcome = charge.status === "success" ? await createAndSettle(tx, account, event, charge) : { outcome: "not_paid" as const, transactionId: null };
    await tx.processorEvent.update({
      where: { processor_externalId: { processor: adapter.name, externalId: event.externalId } },
      data: { outcome: outcome.outcome, transactionId: outcome.transactionId },
    });
    return outcome.outcome;
  });
}

/** By its number at this processor, or by the reference it was created with (our customer's id: Flutterwave). */
async function findAccount(processor: ProcessorAdapter["name"], transfer: NonNullable<WebhookEvent["transfer"]>): Promise<VirtualAccount | null> {
  if (transfer.accountNumber) {
    const byNumber = await db.virtualAccount.findUnique({ where: { processor_accountNumber: { processor, accountNumber: transfer.accountNumber } } });
    if (byNumber) return byNumber;
  }
  const byReference = transfer.accountReference
    ? await findById(transfer.accountReference, (customerId) => db.virtualAccount.findUnique({ where: { customerId } }))
    : null;
  return byReference?.processor === processor ? byReference : null;
}

/**
 * The event's word is taken as is only when its signature covers the body and names the mode
 * (Paystack, the sandbox). Otherwise the account's own mode's key asks the processor, and its answer
 * (amount, status) is what counts: a test charge is unknown to the live key.
 */
async function confirmedCharge(adapter: ProcessorAdapter, mode: Environment | null, account: VirtualAccount, charge: ChargeDetails): Promise<ChargeDetails> {
  if (!adapter.confirmWebhooksByVerify && mode !== null) return charge;
  try {
    return await getProcessor(adapter.name, account.environment).verify(charge.reference, charge.processorTransactionId);
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    // Not acknowledged, so the processor retries later.
    log.warn({ processor: adapter.name, reference: charge.reference, err: error }, "could not confirm transfer");
    throw ApiError.internal(`Could not confirm the transfer with ${adapter.name}; please retry`);
  }
}

async function createAndSettle(tx: Tx, account: VirtualAccount, event: WebhookEvent, charge: ChargeDetails) {
  const customer = await tx.customer.findUniqueOrThrow({ where: { id: account.customerId } });
  const sub = await tx.processorSubaccount.findUnique({
    where: { merchantId_processor_environment: { merchantId: account.merchantId, processor: account.processor, environment: account.environment } },
  });
  // The same charge under another event id (a processor that sends two kinds of event for it): once only.
  const created = await tx.transaction.createMany({
    data: [
      {
        merchantId: account.merchantId,
        environment: account.environment,
        reference: generateTransferReference(),
        // verify and refunds address the processor's charge by its own reference.
        chargeReference: charge.reference,
        processor: account.processor,
        processorReference: charge.processorTransactionId,
        amount: charge.amount,
        currency: charge.currency.toUpperCase(),
        customerEmail: customer.email,
        customerName: customer.name,
        customerId: customer.id,
        virtualAccountId: account.id,
        channel: "bank_transfer",
        paymentMethod: "BANK_TRANSFER",
        senderName: event.transfer?.senderName ?? null,
        senderBank: event.transfer?.senderBank ?? null,
        subaccountCode: sub?.code ?? null,
        platformFee: platformFeeFor(charge.amount),
      },
    ],
    skipDuplicates: true,
  });
  const transaction = await tx.transaction.findUniqueOrThrow({ where: { chargeReference: charge.reference } });
  if (created.count === 0) return { outcome: "already_settled" as const, transactionId: transaction.id };
  // Every processor names the method its own way (dedicated_nuban, bank_transfer): ours is one.
  const outcome = await settleTransaction(tx, transaction, { ...charge, paymentMethod: "BANK_TRANSFER" });
  return { outcome, transactionId: transaction.id };
}
