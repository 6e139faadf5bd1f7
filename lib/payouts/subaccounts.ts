// The merchant's subaccount at each processor of each mode's route. Every payment of that mode is
// split to it, so the processor settles the merchant's share straight to its bank account.
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import type { Environment } from "@/lib/db/generated/enums";
import type { Merchant } from "@/lib/db/generated/client";
import type { MerchantProcessorLock } from "@/lib/processors/merchant-lock";
import { ProcessorError, type ProcessorAdapter, type ProcessorName, type Split } from "@/lib/processors/types";
import { configuredRoute, MODES } from "./processors";

export type BankAccountRef = { bankCode: string; accountNumber: string };
type Changed = { processor: ProcessorAdapter; environment: Environment; code: string };
type MerchantWithOwner = Merchant & { owner: { email: string } };

export type SubaccountChange<T> = { ok: true; value: T } | { ok: false; failure: ProcessorError };

/**
 * Under the merchant's processor lock (withMerchantProcessorLock): creates or updates the subaccount
 * on every processor of every mode's route, writing each row as soon as its processor confirms it, then runs
 * `record` (our own rows of the change). Whatever fails after a processor changed, the changed
 * subaccounts are put back on `previous` (the account our settlement row still names), still under
 * the lock. A processor's failure is answered, not thrown, so the caller can commit the rows; with
 * no previous account the new subaccounts stay, and the next attempt updates the same ones.
 */
export async function changeSubaccounts<T>(
  lock: MerchantProcessorLock,
  merchant: MerchantWithOwner,
  account: BankAccountRef,
  previous: BankAccountRef | null,
  record: () => Promise<T>,
): Promise<SubaccountChange<T>> {
  const changed: Changed[] = [];
  try {
    for (const environment of MODES) {
      for (const processor of configuredRoute(environment)) {
        const key = subaccountKey(merchant.id, processor.name, environment);
        const existing = await lock.tx.processorSubaccount.findUnique({ where: key });
        const { code } = await saveWithin(lock, processor, merchant, account, existing?.code ?? null);
        changed.push({ processor, environment, code });
        await lock.tx.processorSubaccount.upsert({
          where: key,
          create: { merchantId: merchant.id, processor: processor.name, environment, code },
          update: { code },
        });
      }
    }
    return { ok: true, value: await record() };
  } catch (error) {
    if (previous) await putBack(lock, merchant, previous, changed);
    if (error instanceof ProcessorError) return { ok: false, failure: error };
    throw error; // our own write failed: the transaction rolls back, and the processors hold what our rows say
  }
}

/**
 * Under the merchant's processor lock: the subaccount at `processor` for `environment` when the
 * merchant has a settlement account but no subaccount there yet (a processor added to the route since
 * the account was saved), made by the same save as changeSubaccounts and written as soon as the
 * processor confirms it. Answers its code, or null when there was nothing to make (idempotent).
 * A processor's failure is thrown: nothing was made, so nothing needs putting back.
 */
export async function addMissingSubaccount(
  lock: MerchantProcessorLock,
  merchantId: string,
  processor: ProcessorAdapter,
  environment: Environment,
): Promise<string | null> {
  const key = subaccountKey(merchantId, processor.name, environment);
  if (await lock.tx.processorSubaccount.findUnique({ where: key, select: { id: true } })) return null;
  const account = await lock.tx.settlementAccount.findUnique({ where: { merchantId } });
  if (!account) return null;
  const merchant = await lock.tx.merchant.findUniqueOrThrow({ where: { id: merchantId }, include: { owner: { select: { email: true } } } });
  const { code } = await saveWithin(lock, processor, merchant, account, null);
  await lock.tx.processorSubaccount.create({ data: { merchantId, processor: processor.name, environment, code } });
  return code;
}

const subaccountKey = (merchantId: string, processor: ProcessorName, environment: Environment) => ({
  merchantId_processor_environment: { merchantId, processor, environment },
});

/** One save, started only while the lock's deadline leaves it its whole timeout. */
function saveWithin(
  lock: MerchantProcessorLock,
  processor: ProcessorAdapter,
  merchant: MerchantWithOwner,
  account: BankAccountRef,
  existingCode: string | null,
) {
  if (Date.now() + config().PROCESSOR_TIMEOUT_MS > lock.deadline) throw new ProcessorError("Processor request timed out", "timeout");
  return processor.saveSubaccount({
    businessName: merchant.businessName,
    bankCode: account.bankCode,
    accountNumber: account.accountNumber,
    email: merchant.supportEmail ?? merchant.owner.email,
    phone: merchant.supportPhone,
    existingCode,
  });
}

/** Undoes a half-made change; what cannot be undone is the operator's (and the daily check's) to see. */
async function putBack(lock: MerchantProcessorLock, merchant: MerchantWithOwner, previous: BankAccountRef, changed: Changed[]) {
  for (const sub of changed) {
    try {
      await saveWithin(lock, sub.processor, merchant, previous, sub.code);
    } catch (error) {
      if (!(error instanceof ProcessorError)) throw error;
      log.error(
        { merchantId: merchant.id, processor: sub.processor.name, environment: sub.environment, kind: error.kind },
        "a subaccount could not be put back after a failed settlement-account change: it pays the new account",
      );
    }
  }
}

/**
 * The split for a new payment: the merchant's subaccount at this processor and mode. A live payment
 * without one is refused (activation requires a settlement account, so this is a safety net); a
 * test payment without one simply is not split.
 */
export async function splitFor(merchantId: string, processor: ProcessorName, environment: Environment, platformFee: bigint): Promise<Split | null> {
  const sub = await db.processorSubaccount.findUnique({ where: { merchantId_processor_environment: { merchantId, processor, environment } } });
  if (sub) return { subaccountCode: sub.code, platformFee };
  if (environment === "live") throw ApiError.conflict("This business cannot take live payments yet: it has no settlement account");
  return null;
}
