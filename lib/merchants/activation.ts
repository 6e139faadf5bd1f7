// Going live: live mode stays locked until the business can really be paid and is protected.
// One predicate guards everything live (keys, payments by key, session or hosted page, links,
// invoices, each member's switch to live): `liveEnabledAt`, stamped the first time the checklist is found
// done. Initiation reads the stamp with the merchant row it loads anyway, so the hot path never
// recomputes the checklist; a business that was unlocked stays so (its owner's two-factor cannot be
// turned off meanwhile: lib/auth/two-factor/service.ts).
// One step is the platform's, not the merchant's: `live_processor`, done when the operator has
// configured a live processor key. Unlocking needs it; a business unlocked earlier keeps its live
// keys, links and invoices if the key is later removed, but every live payment is refused (409,
// `requireLivePayment`) until it is back.
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { assertLiveProcessor, liveProcessorReady } from "@/lib/processors";

export type ActivationStep = "business_profile" | "settlement_account" | "owner_two_factor" | "live_processor";

const LABELS: Record<ActivationStep, string> = {
  business_profile: "Complete the business profile: name, support e-mail and phone",
  settlement_account: "Add a settlement account for payouts",
  owner_two_factor: "The owner turns on two-factor sign-in",
  live_processor: "Paylink connects a live payment processor",
};

/** Steps the platform's operator does; the merchant can only wait for them. */
const PLATFORM_STEPS: ReadonlySet<ActivationStep> = new Set(["live_processor"]);
const PLATFORM_WAIT = "Paylink is not set up to take live payments yet: the platform operator must connect a live payment processor";

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
    live_processor: liveProcessorReady(),
  };
  const steps = (Object.keys(LABELS) as ActivationStep[]).map((key) => ({
    key,
    label: LABELS[key],
    done: done[key],
    by: PLATFORM_STEPS.has(key) ? ("platform" as const) : ("merchant" as const),
  }));
  return { ready: steps.every((s) => s.done), steps, missing: steps.filter((s) => !s.done).map((s) => s.key) };
}

/** 409 with the steps still missing, unless the business is ready for live payments. */
export async function assertReadyForLive(merchantId: string): Promise<void> {
  const { missing, steps } = await activationChecklist(merchantId);
  if (missing.length === 0) return;
  const todo = steps.filter((s) => !s.done && s.by === "merchant").map((s) => s.label);
  const parts = [
    todo.length ? `Finish these steps before going live: ${todo.join("; ")}.` : null,
    missing.includes("live_processor") ? `${PLATFORM_WAIT}.` : null,
  ];
  throw new ApiError({ status: 409, message: parts.filter(Boolean).join(" "), code: "activation_incomplete", extra: { missing } });
}

/** Checks the checklist and stamps the unlock (once). A member's switch to live runs it every time. */
export async function unlockLive(merchantId: string): Promise<void> {
  await assertReadyForLive(merchantId);
  await db.merchant.updateMany({ where: { id: merchantId, liveEnabledAt: null }, data: { liveEnabledAt: new Date() } });
}

/**
 * The gate before anything live: passes when the merchant is unlocked, else unlocks it if the
 * checklist is done now, else 409 with the missing steps. `liveEnabledAt`, when the caller already
 * read it, saves a query.
 */
export async function requireLive(merchantId: string, liveEnabledAt?: Date | null): Promise<void> {
  const unlockedAt =
    liveEnabledAt !== undefined ? liveEnabledAt : (await db.merchant.findUnique({ where: { id: merchantId }, select: { liveEnabledAt: true } }))?.liveEnabledAt;
  if (unlockedAt) return;
  await unlockLive(merchantId);
}

/**
 * The gate before a live payment: the platform's live processor first (no query; the operator is
 * told in the log), then the merchant's unlock as in `requireLive`.
 */
export async function requireLivePayment(merchantId: string, liveEnabledAt?: Date | null): Promise<void> {
  assertLiveProcessor({ merchantId });
  await requireLive(merchantId, liveEnabledAt);
}
