// The merchant's subaccount at each configured processor, per mode. Every payment of that mode is
// split to it, so the processor settles the merchant's share straight to its bank account.
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { Environment } from "@/lib/db/generated/enums";
import type { Merchant } from "@/lib/db/generated/client";
import { ProcessorError, type Split } from "@/lib/processors/types";
import { processorFailure } from "@/lib/processors";
import { configuredProcessor, MODES } from "./processors";

type SavedSubaccount = { processor: string; environment: Environment; code: string };

/** Creates or updates the subaccount on every mode's processor (the caller stores the codes). */
export async function saveSubaccounts(
  merchant: Merchant & { owner: { email: string } },
  account: { bankCode: string; accountNumber: string },
): Promise<SavedSubaccount[]> {
  const saved: SavedSubaccount[] = [];
  for (const environment of MODES) {
    const processor = configuredProcessor(environment);
    if (!processor) continue;
    const existing = await db.processorSubaccount.findUnique({
      where: { merchantId_processor_environment: { merchantId: merchant.id, processor: processor.name, environment } },
    });
    try {
      const { code } = await processor.saveSubaccount({
        businessName: merchant.businessName,
        bankCode: account.bankCode,
        accountNumber: account.accountNumber,
        email: merchant.supportEmail ?? merchant.owner.email,
        phone: merchant.supportPhone,
        existingCode: existing?.code ?? null,
      });
      saved.push({ processor: processor.name, environment, code });
    } catch (error) {
      if (error instanceof ProcessorError) throw processorFailure(error);
      throw error;
    }
  }
  return saved;
}

/**
 * The split for a new payment: the merchant's subaccount at this processor and mode. A live payment
 * without one is refused (activation requires a settlement account, so this is a safety net); a
 * test payment without one simply is not split.
 */
export async function splitFor(merchantId: string, processor: string, environment: Environment, platformFee: bigint): Promise<Split | null> {
  const sub = await db.processorSubaccount.findUnique({ where: { merchantId_processor_environment: { merchantId, processor, environment } } });
  if (sub) return { subaccountCode: sub.code, platformFee };
  if (environment === "live") throw ApiError.conflict("This business cannot take live payments yet: it has no settlement account");
  return null;
}
