import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { db } from "@/lib/db/client";
import { activationChecklist } from "@/lib/merchants/activation";
import { liveProcessorReady } from "@/lib/processors";
import { authOptions } from "./next-auth";
import { CURRENT_MERCHANT_COOKIE } from "./cookies";

/** Where a member goes while their business requires two-factor sign-in and they have not turned it on. */
export const TWO_FACTOR_SETUP_PATH = "/dashboard/two-factor";

/**
 * The signed-in user and the merchant they are working on, without the two-factor gate: for the
 * layout and the enrolment screen only. Pages use getDashboardContext.
 * Sends a signed-out visitor (or a session revoked by a password change) to log-in.
 */
export const getDashboardSession = cache(async () => {
  const session = await getServerSession(authOptions);
  const sessionUser = session?.user as { id?: string; sessionVersion?: number } | undefined;
  const userId = sessionUser?.id;
  if (!userId) redirect("/login");

  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      sessionVersion: true,
      twoFactorEnabledAt: true,
      memberships: {
        orderBy: { createdAt: "asc" },
        select: {
          role: true,
          environment: true,
          merchant: { select: { id: true, businessName: true, requireTwoFactor: true, liveEnabledAt: true } },
        },
      },
    },
  });
  // A password reset or "sign out everywhere" bumps sessionVersion and ends older sessions.
  if (!user || user.sessionVersion !== sessionUser?.sessionVersion || user.memberships.length === 0) redirect("/login");

  const chosen = (await cookies()).get(CURRENT_MERCHANT_COOKIE)?.value;
  const current = user.memberships.find((m) => m.merchant.id === chosen) ?? user.memberships[0]!;
  const { liveEnabledAt, ...merchant } = current.merchant;
  return {
    user: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, twoFactorEnabled: user.twoFactorEnabledAt !== null },
    // The business as this member sees it: `environment` is their own view (test or live), which every page reads.
    merchant: { ...merchant, environment: current.environment, liveUnlocked: await liveUnlocked(merchant.id, liveEnabledAt) },
    role: current.role as string,
    merchants: user.memberships.map((m) => ({ id: m.merchant.id, businessName: m.merchant.businessName, role: m.role as string })),
    /** The business requires two-factor sign-in and this user has not turned it on: nothing but enrolment. */
    twoFactorSetupRequired: current.merchant.requireTwoFactor && user.twoFactorEnabledAt === null,
  };
});

/**
 * Whether the top bar offers the switch to live (unlockLive re-checks it, and a 409 is shown as the
 * reason): never while the platform has no live processor (no query); else once unlocked, or when the
 * checklist is done now (its one query, only until the first switch stamps the unlock).
 */
async function liveUnlocked(merchantId: string, liveEnabledAt: Date | null): Promise<boolean> {
  if (!liveProcessorReady()) return false;
  return liveEnabledAt !== null || (await activationChecklist(merchantId)).ready;
}

/** For dashboard pages: as getDashboardSession, but a member who must enrol in two-factor sign-in is sent to do so. */
export const getDashboardContext = cache(async () => {
  const context = await getDashboardSession();
  if (context.twoFactorSetupRequired) redirect(TWO_FACTOR_SETUP_PATH);
  return context;
});
