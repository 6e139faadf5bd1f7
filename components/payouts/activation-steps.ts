// Where each "Go live" step (lib/merchants/activation.ts) is done in the dashboard. Plain data, so
// server components (the overview's checklist) and client ones (the mode switch's 409) share it.
export type ActivationStepKey = "business_profile" | "settlement_account" | "owner_two_factor";

export const ACTIVATION_STEPS: Record<ActivationStepKey, { title: string; href: string; action: string }> = {
  business_profile: { title: "Business profile: name, support e-mail and phone", href: "/dashboard/settings#business-profile", action: "Complete the profile" },
  settlement_account: { title: "A settlement account for payouts", href: "/dashboard/settings/payouts", action: "Add a settlement account" },
  owner_two_factor: { title: "The owner's two-factor sign-in", href: "/dashboard/settings#two-factor", action: "Set up two-factor sign-in" },
};

/** Steps the platform's operator does (`by: "platform"` in the checklist): nothing for the merchant to do but wait. */
export const PLATFORM_STEPS: Record<string, { title: string; waiting: string }> = {
  live_processor: {
    title: "Paylink connects a live payment processor",
    waiting:
      "Paylink is not set up to take live payments yet: the platform operator must connect a live payment processor. There is nothing for you to do here.",
  },
};

export function platformStep(key: string) {
  return PLATFORM_STEPS[key] ?? null;
}

export function activationStep(key: string) {
  return ACTIVATION_STEPS[key as ActivationStepKey] ?? null;
}
