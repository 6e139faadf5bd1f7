import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { operation } from "@/lib/api/openapi/operation";
import { MerchantSchema, MessageSchema, UserSchema } from "@/lib/api/openapi/resources";
import { emailOnlySchema, loginSchema, resetPasswordSchema, signupSchema, tokenQuerySchema } from "./schemas";

const tags = ["Accounts"];

export const authPaths: ZodOpenApiPathsObject = {
  "/api/auth/signup": {
    post: operation({
      summary: "Sign up: creates the user, their merchant (owner) and test API keys; e-mails a verification link",
      tags, auth: "public", body: signupSchema, errors: [409, 429],
      ok: { 201: ["Account created", MessageSchema.extend({ user: UserSchema, merchant: MerchantSchema.extend({ testApiKey: z.string(), testSecretKey: z.string().meta({ description: "Shown once" }) }) })] },
    }),
  },
  "/api/auth/login": {
    post: operation({ summary: "Log in: a user JWT (24 h) for the API", tags, auth: "public", body: loginSchema, errors: [429], ok: { 200: ["Logged in", MessageSchema.extend({ token: z.string(), user: UserSchema })] } }),
  },
  "/api/auth/verify-email": {
    get: operation({ summary: "Verify an e-mail address with the token from the e-mail", tags, auth: "public", query: tokenQuerySchema, ok: { 200: ["Verified", MessageSchema] } }),
  },
  "/api/auth/resend-verification": {
    post: operation({ summary: "Send a new verification e-mail", tags, auth: "public", body: emailOnlySchema, errors: [429], ok: { 200: ["Sent if the account exists and is unverified", MessageSchema] } }),
  },
  "/api/auth/forgot-password": {
    post: operation({ summary: "E-mail a password-reset link", tags, auth: "public", body: emailOnlySchema, errors: [429], ok: { 200: ["Sent if the account exists", MessageSchema] } }),
  },
  "/api/auth/reset-password": {
    post: operation({ summary: "Set a new password with the reset token", tags, auth: "public", body: resetPasswordSchema, ok: { 200: ["Password updated", MessageSchema] } }),
  },
};
