// The daily payout job: reads each subaccount's settlements back from its processor (the sandbox
// included, through the same code), records them as payouts, and links every transaction to the
// payout that paid it. Idempotent: a settlement is one row however often it is read, and
// `payout.paid` is recorded once, in the same database transaction as the move to paid.
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { Environment } from "@/lib/db/generated/enums";
import type { ProcessorSubaccount } from "@/lib/db/generated/client";
import { getProcessor } from "@/lib/processors";
import { ProcessorError, type ProcessorName, type Settlement } from "@/lib/processors/types";
import { recordEvent } from "@/lib/webhooks/outbox";
import { toPayoutResponse } from "./serializers";

/** How far back each run looks: settlements can change status for a few days. */
const LOOKBACK_MS = 14 * 24 * 60 * 60 * 1000;

export type SyncResult = { subaccounts: number; payouts: number; paid: number; errors: number };

export async function syncPayouts(options: { asOf?: Date } = {}): Promise<SyncResult> {
  const asOf = options.asOf ?? new Date();
  const result: SyncResult = { subaccounts: 0, payouts: 0, paid: 0, errors: 0 };
  const subaccounts = await db.processorSubaccount.findMany({ orderBy: { createdAt: "asc" } });
  for (const sub of subaccounts) {
    result.subaccounts++;
    let settlements: Settlement[];
    try {
      const processor = getProcessor(sub.processor as ProcessorName, sub.environment);
      settlements = await processor.listSettlements(sub.code, { from: new Date(asOf.getTime() - LOOKBACK_MS), asOf });
    } catch (error) {
      if (!(error instanceof ProcessorError)) throw error;
      // One processor being down never stops the others; tomorrow's run reads it again.
      log.warn({ processor: sub.processor, environment: sub.environment, kind: error.kind }, "could not read settlements");
      result.errors++;
      continue;
    }
    for (const settlement of settlements) {
      result.payouts++;
      if (await recordSettlement(sub, settlement)) result.paid++;
    }
  }
  return result;
}

/** Upserts one settlement as a payout and links its transactions; true when it has just become paid. */
async function recordSettlement(sub: ProcessorSubaccount, s: Settlement): Promise<boolean> {
  const account = await db.settlementAccount.findUnique({ where: { merchantId: sub.merchantId } });
  return db.$transaction(async (tx) => {
    const key = { processor_environment_externalId: { processor: sub.processor, environment: sub.environment, externalId: s.externalId } };
    const before = await tx.payout.findUnique({ where: key, select: { status: true } });
    const fields = { status: s.status, amount: s.amount, fees: s.fees, grossAmount: s.grossAmount, currency: s.currency.toUpperCase(), settledAt: s.settledAt };
    const payout = await tx.payout.upsert({
      where: key,
      create: {
        merchantId: sub.merchantId,
        environment: sub.environment as Environment,
        processor: sub.processor,
        externalId: s.externalId,
        ...fields,
        bankName: account?.bankName ?? null,
        accountNumberLast4: account ? account.accountNumber.slice(-4) : null,
      },
      update: fields,
    });
    if (s.transactionReferences.length > 0) {
      await tx.transaction.updateMany({
        where: { merchantId: sub.merchantId, environment: sub.environment, reference: { in: s.transactionReferences } },
        data: { payoutId: payout.id },
      });
    }
    const becamePaid = s.status === "paid" && before?.status !== "paid";
    if (becamePaid) {
      await recordEvent(tx, {
        merchantId: payout.merchantId,
        environment: payout.environment,
        type: "payout.paid",
        data: { ...toPayoutResponse(payout), transactionReferences: s.transactionReferences },
      });
    }
    return becamePaid;
  });
}
