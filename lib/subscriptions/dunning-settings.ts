// The merchant's dunning policy (Merchant.dunningRetryDays, Merchant.dunningEndState): read by the
// renewal job (lib/subscriptions/dunning.ts) when a renewal fails. One policy for the business, in
// both modes, so what a merchant tries in test mode is what their live customers get. The job reads it
// when it schedules a retry, so a change applies to the retries scheduled after it.
import { db } from "@/lib/db/client";
import type { Merchant } from "@/lib/db/generated/client";
import { recordMerchantUpdate } from "@/lib/merchants/service";
import type { AuditSource } from "@/lib/team/audit";
import type { DunningUpdate } from "./schemas";

const select = { dunningRetryDays: true, dunningEndState: true } as const;

const view = (m: Pick<Merchant, "dunningRetryDays" | "dunningEndState">) => ({ retryDays: m.dunningRetryDays, endState: m.dunningEndState });
export type DunningSettings = ReturnType<typeof view>;

export async function getDunningSettings(merchantId: string): Promise<DunningSettings> {
  return view(await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select }));
}

/** Audited like every settings change: the changed fields with their old and new values. */
export async function updateDunningSettings(merchantId: string, update: DunningUpdate, audit: AuditSource): Promise<DunningSettings> {
  const data = {
    ...(update.retryDays && { dunningRetryDays: update.retryDays }),
    ...(update.endState && { dunningEndState: update.endState }),
  };
  return db.$transaction(async (tx) => {
    const before = await tx.merchant.findUniqueOrThrow({ where: { id: merchantId }, select });
    const after = await tx.merchant.update({ where: { id: merchantId }, data, select });
    const changed = (Object.keys(data) as (keyof typeof data)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    if (changed.length > 0) {
      const values = (row: typeof before) => Object.fromEntries(changed.map((key) => [key, row[key]]));
      await recordMerchantUpdate(tx, audit, merchantId, { fields: changed, from: values(before), to: values(after) });
    }
    return view(after);
  });
}
