import { z } from "@/lib/zod";
import { pageOf, paths } from "@/lib/api/openapi/operation";
import { apiRequestsQuery } from "@/lib/api/request-log-query";
import { MerchantSchema, MessageSchema, UserSchema, env } from "@/lib/api/openapi/resources";
import {
  accountUpdateSchema,
  changePasswordSchema,
  emailOnlySchema,
  environmentSchema,
  loginSchema,
  resetPasswordSchema,
  restrictedKeySchema,
  signupSchema,
  tokenQuerySchema,
} from "./schemas";
import { KEY_GRANTABLE_PERMISSIONS, type Permission } from "./permissions";

const loggedBody = (side: string) =>
  z.unknown().meta({
    description: `The ${side} JSON body, redacted (null: none, or not JSON); over 8 KB: \`{ truncated: true, size, preview }\``,
  });

const ApiRequestSchema = z
  .object({
    id: z.uuid(),
    method: z.string(),
    path: z.string(),
    statusCode: z.int(),
    durationMs: z.int(),
    requestId: z.string().meta({ description: "The answer's x-request-id" }),
    apiKeyId: z.uuid().nullable().meta({ description: "The key that made it; null for a user's token" }),
    requestBody: loggedBody("request"),
    responseBody: loggedBody("response"),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "ApiRequest", description: "One logged API request" });

export const authPaths = paths("Accounts", "public", {
  "/api/auth/signup": {
    post: {
      operationId: "signUp",
      summary: "Sign up",
      description:
        "Creates the user, their merchant (owner) and test API keys, and e-mails a verification link. The test secret key is in this answer, and can be shown again on the dashboard's Developers page.",
      body: signupSchema,
      errors: [409, 429],
      ok: {
        201: [
          "Account created",
          MessageSchema.extend({
            user: UserSchema,
            merchant: MerchantSchema.extend({ testApiKey: z.string(), testSecretKey: z.string().meta({ description: "Shown once" }) }),
          }),
        ],
      },
    },
  },
  "/api/auth/login": {
    post: {
      operationId: "logIn",
      summary: "Log in",
      description:
        'With two-factor sign-in on, the right password without `code` answers 401 `{ message: "Two-factor code required", twoFactorRequired: true }`; send it again with `code` (the authenticator app\'s 6 digits, or a recovery code). The password is checked first.',
      body: loginSchema,
      errors: [[401, "`Invalid email or password`, an unverified e-mail, or a two-factor code required (`twoFactorRequired`) or wrong"], 429],
      ok: { 200: ["Logged in", MessageSchema.extend({ token: z.string(), user: UserSchema })] },
    },
  },
  "/api/auth/verify-email": {
    get: {
      operationId: "verifyEmail",
      summary: "Verify an e-mail address",
      query: tokenQuerySchema,
      description:
        "The e-mailed link points here. A browser (`Accept: text/html`) is redirected (303) to the page that verifies and shows the outcome; an API client gets JSON.",
      errors: [[400, "`Validation failed` (no token), or the link is invalid, already used or expired"]],
      ok: { 200: ["Verified", MessageSchema], 303: ["A browser: see `Location`, the verification page"] },
    },
  },
  "/api/auth/resend-verification": {
    post: {
      operationId: "resendVerificationEmail",
      summary: "Resend the verification e-mail",
      description: "Send a new verification e-mail.",
      body: emailOnlySchema,
      errors: [429],
      ok: { 200: ["Sent if the account exists and is unverified", MessageSchema] },
    },
  },
  "/api/auth/forgot-password": {
    post: {
      operationId: "forgotPassword",
      summary: "Request a password reset",
      description: "E-mail a password-reset link.",
      body: emailOnlySchema,
      errors: [429],
      ok: { 200: ["Sent if the account exists", MessageSchema] },
    },
  },
  "/api/auth/reset-password": {
    post: {
      operationId: "resetPassword",
      summary: "Reset your password",
      description:
        "Set a new password with the reset token. `removeTwoFactor: true` also asks to remove two-factor sign-in (for an account whose second factor is lost or was set up by someone else): it takes effect at the first log-in 72 hours later (`twoFactorRemovalAt`), the account's address is e-mailed at once, and a log-in with a valid code meanwhile cancels it.",
      body: resetPasswordSchema,
      errors: [429],
      ok: {
        200: [
          "Password updated",
          MessageSchema.extend({
            twoFactorRemovalAt: z.iso.datetime().optional().meta({ description: "When two-factor sign-in will be removed (asked for, and it was on)" }),
          }),
        ],
      },
    },
  },
  "/api/account": {
    get: {
      operationId: "getAccount",
      summary: "Get your account",
      description: "The logged-in user's account.",
      auth: "user",
      ok: { 200: ["The user", z.object({ user: UserSchema })] },
    },
    patch: {
      operationId: "updateAccount",
      summary: "Update your account",
      auth: "user",
      body: accountUpdateSchema,
      ok: { 200: ["Updated", MessageSchema.extend({ user: UserSchema })] },
    },
  },
  "/api/account/password": {
    post: {
      operationId: "changePassword",
      summary: "Change your password",
      description: "Change your password (needs the current one); other sessions are signed out.",
      auth: "user",
      body: changePasswordSchema,
      errors: [429],
      ok: { 200: ["Changed; a login-token caller gets a new token", MessageSchema.extend({ token: z.string().optional() })] },
    },
  },
  "/api/account/sign-out-others": {
    post: {
      operationId: "signOutOtherSessions",
      summary: "Sign out other sessions",
      description: "Sign out every other session, keeping this one.",
      auth: "user",
      ok: { 200: ["Done; a login-token caller gets a new token", MessageSchema.extend({ token: z.string().optional() })] },
    },
  },
});

export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    environment: env,
    publicKey: z.string().meta({ example: "pk_test_4eC39HqLyjWDarjtT1zdp7dcTnBq2X8M" }),
    secretKeyHint: z.string().meta({ description: "The secret key's last four characters", example: "9f2a" }),
    secretKeyPreview: z.string().meta({ description: "How to show the secret key without revealing it", example: "sk_test_…9f2a" }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When the secret key last authenticated a request (written with the request log, within seconds); null if never" }),
    secretKeyViewable: z.boolean().meta({ description: "Whether POST …/api-keys/reveal can show the secret key again (test keys; never live ones)" }),
    secretKey: z.string().optional().meta({ description: "The whole secret key: only in the answer that creates, rolls or reveals it" }),
  })
  .meta({ id: "ApiKey" });

const RestrictedKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string().meta({ example: "Invoicing server" }),
    environment: env,
    permissions: z.array(z.enum(KEY_GRANTABLE_PERMISSIONS as [Permission, ...Permission[]])).meta({ description: "Exactly what the key may do" }),
    secretKeyHint: z.string().meta({ description: "The secret key's last four characters", example: "9f2a" }),
    secretKeyPreview: z.string().meta({ example: "sk_test_…9f2a" }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable().meta({ description: "When the key last authenticated a request; null if never" }),
    secretKey: z.string().optional().meta({ description: "The whole secret key: only in the answer that creates it" }),
  })
  .meta({ id: "RestrictedKey" });

export const developerPaths = paths("Developers", "user", {
  "/api/merchants/{merchantId}/restricted-keys": {
    get: {
      operationId: "listRestrictedKeys",
      summary: "List restricted keys",
      description: "The active restricted keys of the caller's current mode, newest first (names, permissions and hints; never secrets).",
      ok: { 200: ["Keys", z.object({ keys: z.array(RestrictedKeySchema) })] },
    },
    post: {
      operationId: "createRestrictedKey",
      summary: "Create a restricted key",
      description:
        "A named secret key (`sk_test_…` / `sk_live_…`, in the caller's current mode) holding only the permissions chosen. Nobody may give a key a permission their role lacks (403 naming it). The secret is in this answer only: it is stored as a SHA-256 hash. Live keys need the go-live checklist done.",
      body: restrictedKeySchema,
      errors: [[409, "The mode already has the most restricted keys allowed, or (live) the go-live checklist is not done"]],
      ok: { 201: ["Created", MessageSchema.extend({ key: RestrictedKeySchema })] },
    },
  },
  "/api/merchants/{merchantId}/restricted-keys/{keyId}": {
    delete: {
      operationId: "revokeRestrictedKey",
      summary: "Revoke a restricted key",
      description: "The key stops working at once (401). A key of another merchant or of the other mode answers 404.",
      ok: { 200: ["Revoked", MessageSchema.extend({ key: RestrictedKeySchema })] },
    },
  },
  "/api/merchants/{merchantId}/api-keys": {
    get: {
      operationId: "listApiKeys",
      summary: "List API keys",
      description: "The merchant's API keys (public keys and hints; never secrets)",
      ok: { 200: ["Keys", z.object({ keys: z.array(ApiKeySchema) })] },
    },
    post: {
      operationId: "createApiKeys",
      summary: "Create API keys",
      description: "Create the keys of a mode (owners and admins; the secret is returned once). Live keys need the go-live checklist done.",
      body: environmentSchema,
      errors: [[409, "The mode already has keys, or (live) the go-live checklist is not done (`missing` lists the steps left)"]],
      ok: { 201: ["Created", MessageSchema.extend({ key: ApiKeySchema })] },
    },
  },
  "/api/merchants/{merchantId}/api-keys/roll": {
    post: {
      operationId: "rollApiKeys",
      summary: "Roll API keys",
      description: "Replace a mode's keys (owners and admins); the old secret stops working at once.",
      body: environmentSchema,
      errors: [[409, "Live keys of a business that never finished going live: the go-live checklist is not done (`missing` lists the steps left)"]],
      ok: { 200: ["Rolled", MessageSchema.extend({ key: ApiKeySchema })] },
    },
  },
  "/api/merchants/{merchantId}/api-keys/reveal": {
    post: {
      operationId: "revealApiKey",
      summary: "Show the test secret key",
      description:
        "Test secret keys are also kept sealed (AES-256-GCM), so owners and admins can see the active one again, as often as needed; each time is audited (`api_key.revealed`). Live secret keys are shown only when created or rolled: 404. A test key stored before this rule (`secretKeyViewable: false`) answers 404 too; rolling it gives one that can be shown.",
      body: environmentSchema,
      ok: { 200: ["The secret key", MessageSchema.extend({ key: ApiKeySchema })] },
    },
  },
  "/api/merchants/{merchantId}/environment": {
    put: {
      operationId: "switchEnvironment",
      summary: "Switch your own view to test or live",
      description:
        "Changes the caller's own view only: which mode's data the dashboard and this user's token calls show. Every other member keeps their own view, and a secret key always keeps its own mode. Any member may switch (a new member starts in test). Test is always allowed; live is locked until the go-live checklist is done: 409 with `missing` listing the steps left (business_profile, settlement_account, owner_two_factor, and the platform's live_processor while no live payment processor is configured).",
      body: environmentSchema,
      errors: [409],
      ok: { 200: ["Your view switched; `merchant.environment` is your new view", MessageSchema.extend({ merchant: MerchantSchema })] },
    },
  },
  "/api/merchants/{merchantId}/api-requests": {
    get: {
      operationId: "listApiRequests",
      summary: "List recent API requests",
      description:
        "API requests made with this merchant's keys or its users' tokens in your current mode (kept 30 days), newest first, with their bodies: JSON request and response bodies with secrets (passwords, tokens, keys, signing secrets, BVNs, card numbers) replaced by `[redacted]`, and over 8 KB cut to `{ truncated, size, preview }`. Filter by status class, method, path and key.",
      query: apiRequestsQuery,
      ok: { 200: ["A page of requests", pageOf(ApiRequestSchema)] },
    },
  },
});
