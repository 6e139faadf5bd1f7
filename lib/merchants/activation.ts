// Going live: live mode stays locked until the business can really be paid and is protected.
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";

export type ActivationStep = "business_profile" | "settlement_account" | "owner_two_factor";

const LABELS: Record<ActivationStep, string> = {
  business_profile: "Complete the business profile: name, support e-mail and phone",
  settlement_account: "Add a settlement account for payouts",
  owner_two_factor: "The owner turns on two-factor sign-in",
};

/** The "Go live" checklist, in the order a merchant works through it. */
export async function activationChecklist(merchantId: string) {
  const merchant = await db.merchant.findUniqueOrThrow({
    where: { id: merchantId },
    select: {
      businessName: true,
      supportEmail: true,
      supportPhone: true,
      settlementAccount: { select: { status: true } },
      owner: { select: { twoFactorEnabledAt: true } },
    },
  });
  const done: Record<ActivationStep, boolean> = {
    business_profile: Boolean(merchant.businessName.trim() && merchant.supportEmail && merchant.supportPhone),
    settlement_account: merchant.settlementAccount?.status === "verified",
    owner_two_factor: merchant.owner.twoFactorEnabledAt !== null,
  };
  const steps = (Object.keys(LABELS) as ActivationStep[]).map((key) => ({ key, label: LABELS[key], done: done[key] }));
  return { ready: steps.every((s) => s.done), steps, missing: steps.filter((s) => !s.done).map((s) => s.key) };
}

/** 409 with the steps still missing, unless the business is ready for live payments. */
export async function assertReadyForLive(merchantId: string): Promise<void> {
  const { missing, steps } = await activationChecklist(merchantId);
  if (missing.length === 0) return;
  const todo = steps.filter((s) => !s.done).map((s) => s.label);
  throw new ApiError(409, `Finish these steps before going live: ${todo.join("; ")}.`, undefined, undefined, { missing });
}
