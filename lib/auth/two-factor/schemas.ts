import { z } from "@/lib/zod";

const code = z
  .string({ error: "Enter the code from your authenticator app, or a recovery code" })
  .trim()
  .min(1, "Enter the code from your authenticator app, or a recovery code")
  .max(64, "That code is too long");

const password = z.string({ error: "Enter your password" }).min(1, "Enter your password").max(128, "Password must be at most 128 characters");

export const twoFactorCodeSchema = z.object({ code });

/** Set-up needs the password: a stolen session alone cannot enrol its own phone. */
export const twoFactorSetupSchema = z.object({ password });

export const twoFactorDisableSchema = z.object({ password, code });

export const twoFactorRequirementSchema = z.object({
  required: z.boolean({ error: "required must be true or false" }),
});

/** Log-in's optional second factor: a 6-digit TOTP code or a recovery code. */
export const loginCodeField = z.string().trim().max(64, "That code is too long").optional();
