import { TwoFactorManage } from "@/components/settings/two-factor-manage";
import { TwoFactorSetup } from "@/components/settings/two-factor-setup";
import { businessRequiringTwoFactor } from "@/lib/auth/two-factor/enforcement";
import { twoFactorStatus } from "@/lib/auth/two-factor/service";

/** The account's two-factor sign-in: set-up when off; recovery codes and turning off when on. */
export async function TwoFactorSection({ userId, doneHref }: { userId: string; doneHref?: string }) {
  const [status, requiredBy] = await Promise.all([twoFactorStatus(userId), businessRequiringTwoFactor(userId)]);
  return status.enabled ? (
    <TwoFactorManage recoveryCodesRemaining={status.recoveryCodesRemaining} requiredBy={requiredBy} />
  ) : (
    <TwoFactorSetup doneHref={doneHref} />
  );
}
