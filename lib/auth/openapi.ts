import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { operation } from "@/lib/api/openapi/operation";
import { MerchantSchema, MessageSchema, UserSchema } from "@/lib/api/openapi/resources";
import { accountUpdateSchema, changePasswordSchema, emailOnlySchema, environmentSchema, loginSchema, resetPasswordSchema, signupSchema, tokenQuerySchema } from "./schemas";
import { merchantParams } from "@/lib/api/openapi/operation";

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
  "/api/account": {
    get: operation({ summary: "The logged-in user's account", tags, auth: "user", ok: { 200: ["The user", z.object({ user: UserSchema })] } }),
    patch: operation({ summary: "Change your name", tags, auth: "user", body: accountUpdateSchema, ok: { 200: ["Updated", MessageSchema.extend({ user: UserSchema })] } }),
  },
  "/api/account/password": {
    post: operation({ summary: "Change your password (needs the current one); other sessions are signed out", tags, auth: "user", body: changePasswordSchema, errors: [429], ok: { 200: ["Changed; a login-token caller gets a new token", MessageSchema.extend({ token: z.string().optional() })] } }),
  },
  "/api/account/sign-out-others": {
    post: operation({ summary: "Sign out every other session, keeping this one", tags, auth: "user", ok: { 200: ["Done; a login-token caller gets a new token", MessageSchema.extend({ token: z.string().optional() })] } }),
  },
};

const keyTags = ["Developers"];
const ApiKeySchema = z.object({ environment: z.enum(["test", "live"]), publicKey: z.string(), secretKey: z.string().optional().meta({ description: "Only when created or rolled" }) }).loose().meta({ id: "ApiKey" });

export const developerPaths: ZodOpenApiPathsObject = {
  "/api/merchants/{merchantId}/api-keys": {
    get: operation({ summary: "The merchant's API keys (public keys and hints; never secrets)", tags: keyTags, auth: "user", params: merchantParams, errors: [403, 404], ok: { 200: ["Keys", z.object({ keys: z.array(ApiKeySchema) })] } }),
    post: operation({ summary: "Create the keys of a mode (the secret is returned once)", tags: keyTags, auth: "user", params: merchantParams, body: environmentSchema, errors: [403, 404, 409], ok: { 201: ["Created", MessageSchema.extend({ key: ApiKeySchema })] } }),
  },
  "/api/merchants/{merchantId}/api-keys/roll": {
    post: operation({ summary: "Replace a mode's keys; the old secret stops working at once", tags: keyTags, auth: "user", params: merchantParams, body: environmentSchema, errors: [403, 404], ok: { 200: ["Rolled", MessageSchema.extend({ key: ApiKeySchema })] } }),
  },
  "/api/merchants/{merchantId}/environment": {
    put: operation({ summary: "Switch the dashboard between test and live mode", tags: keyTags, auth: "user", params: merchantParams, body: environmentSchema, errors: [403, 404], ok: { 200: ["Switched", MessageSchema.extend({ merchant: z.record(z.string(), z.unknown()) })] } }),
  },
  "/api/merchants/{merchantId}/api-requests": {
    get: operation({ summary: "The latest API requests made with this merchant's keys or its users' tokens", tags: keyTags, auth: "user", params: merchantParams, errors: [403, 404], ok: { 200: ["Requests", z.object({ data: z.array(z.object({ method: z.string(), path: z.string(), statusCode: z.int(), durationMs: z.int(), requestId: z.string(), createdAt: z.iso.datetime() }).loose()) })] } }),
  },
};
