import { ApiError } from "@/lib/api/errors";

/** The answer to a member without two-factor sign-in on a business that requires it. */
export function twoFactorSetupRequired(): ApiError {
  return new ApiError({
    status: 403,
    message:
      "This business requires two-factor sign-in. Turn it on for your account (Settings, or POST /api/account/two-factor/setup then /confirm) to use it.",
    code: "two_factor_setup_required",
    extra: { twoFactorSetupRequired: true },
  });
}

export function isTwoFactorSetupRequired(error: unknown): boolean {
  return error instanceof ApiError && error.extra?.twoFactorSetupRequired === true;
}
