import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import { loginCodeField } from "./two-factor/schemas";
import { KEY_GRANTABLE_PERMISSIONS, type Permission } from "./permissions";

export const signupSchema = z.object({
  firstName: fields.name("First name", 60),
  lastName: fields.name("Last name", 60),
  email: fields.email(),
  password: fields.password(),
  businessName: fields.name("Business name", 120),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email: fields.email(),
  password: z.string().min(1, "Password is required").max(128, "Password must be at most 128 characters"),
  /** Only for users with two-factor sign-in on: their TOTP code or a recovery code. */
  code: loginCodeField,
});

export const tokenQuerySchema = z.object({
  token: z.string({ error: "Verification token is required" }).min(1, "Verification token is required").max(200),
});

export const emailOnlySchema = z.object({ email: fields.email() });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, "Reset token is required").max(200),
  password: fields.password(),
  /** Also remove two-factor sign-in, after a wait (lib/auth/two-factor/removal.ts). */
  removeTwoFactor: z.boolean({ error: "removeTwoFactor must be true or false" }).optional(),
});

export const environmentSchema = z.object({
  environment: z.enum(["test", "live"], { error: "environment must be test or live" }),
});

/** A restricted key: a name people recognise, and one or more key-grantable permissions. */
export const restrictedKeySchema = z.object({
  name: fields.name("Name", 100),
  permissions: z
    .array(
      z.enum(KEY_GRANTABLE_PERMISSIONS as [Permission, ...Permission[]], { error: `Each permission must be one of: ${KEY_GRANTABLE_PERMISSIONS.join(", ")}` }),
    )
    .min(1, "Choose at least one permission")
    .refine((list) => new Set(list).size === list.length, "Name each permission once"),
});

export const restrictedKeyParams = z.object({ keyId: z.string() });

export const accountUpdateSchema = z
  .strictObject(
    { firstName: fields.name("First name", 60).optional(), lastName: fields.name("Last name", 60).optional() },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys.join(", ")}` : undefined) },
  )
  .refine((value) => Object.keys(value).length > 0, { message: "Send at least one field to update" });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(128, "Password must be at most 128 characters"),
    newPassword: fields.password(),
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: "Choose a password different from the current one", path: ["newPassword"] });
