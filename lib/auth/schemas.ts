import { fields, z } from "@/lib/api/validation";

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
});

export const tokenQuerySchema = z.object({
  token: z.string({ error: "Verification token is required" }).min(1, "Verification token is required").max(200),
});

export const emailOnlySchema = z.object({ email: fields.email() });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, "Reset token is required").max(200),
  password: fields.password(),
});

export const environmentSchema = z.object({
  environment: z.enum(["test", "live"], { error: "environment must be test or live" }),
});
