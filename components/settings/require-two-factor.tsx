"use client";

import { useApiAction } from "@/components/ui/use-api-action";
import { SettingSwitch } from "./setting-switch";

/** The owner's switch: every member must use two-factor sign-in (members without it must enrol at their next visit). */
export function RequireTwoFactorSwitch({ merchantId, required, ownerHasTwoFactor }: { merchantId: string; required: boolean; ownerHasTwoFactor: boolean }) {
  const action = useApiAction();
  const canTurnOn = ownerHasTwoFactor || required;

  return (
    <SettingSwitch
      asSwitch
      label="Require two-factor sign-in for every member"
      hint={
        canTurnOn
          ? "Members without it are asked to set it up the next time they open this business, and can do nothing else here until they have."
          : "Turn on two-factor sign-in for your own account first (above)."
      }
      checked={required}
      disabled={action.busy || !canTurnOn}
      onChange={(next) =>
        void action.run(
          "PUT",
          `/api/merchants/${merchantId}/require-two-factor`,
          { required: next },
          next ? "Every member now needs two-factor sign-in" : "Two-factor sign-in is no longer required",
        )
      }
    />
  );
}
