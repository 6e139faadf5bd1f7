import { z } from "@/lib/zod";
import { paths } from "@/lib/api/openapi/operation";
import { MessageSchema } from "@/lib/api/openapi/resources";
import { twoFactorCodeSchema, twoFactorDisableSchema, twoFactorRequirementSchema, twoFactorSetupSchema } from "./schemas";

const recoveryCodes = z
  .array(z.string().meta({ example: "7k2m-9xqp-4hbd-w3ta" }))
  .length(10)
  .meta({ description: "Shown only in this answer; each works once" });

export const twoFactorPaths = paths("Accounts", "user", {
  "/api/account/two-factor": {
    get: {
      operationId: "getTwoFactorStatus",
      summary: "Get two-factor status",
      description: "Whether two-factor sign-in (TOTP) is on for your account.",
      ok: { 200: ["Status", z.object({ enabled: z.boolean(), enabledAt: z.iso.datetime().nullable(), recoveryCodesRemaining: z.int() })] },
    },
  },
  "/api/account/two-factor/setup": {
    post: {
      operationId: "startTwoFactorSetup",
      summary: "Set up two-factor sign-in",
      description:
        "Needs your password (a wrong one counts against your account's confirmation attempts: 10 per 15 minutes, then 429). Put `otpauthUri` in a QR code, or type `secret` into the app, then confirm with a code. Calling it again replaces a set-up not yet confirmed.",
      body: twoFactorSetupSchema,
      errors: [409, 429],
      ok: {
        200: [
          "A secret to confirm",
          MessageSchema.extend({
            secret: z.string().meta({ description: "Base32" }),
            otpauthUri: z.string().meta({ example: "otpauth://totp/Paylink:ada%40example.com?issuer=Paylink&secret=…&algorithm=SHA1&digits=6&period=30" }),
          }),
        ],
      },
    },
  },
  "/api/account/two-factor/confirm": {
    post: {
      operationId: "confirmTwoFactor",
      summary: "Confirm two-factor sign-in",
      description: "Turn two-factor sign-in on with a code from the app; answers 10 recovery codes once and signs out your other sessions.",
      body: twoFactorCodeSchema,
      errors: [409, 429],
      ok: { 200: ["On; a login-token caller gets a new token", MessageSchema.extend({ recoveryCodes, token: z.string().optional() })] },
    },
  },
  "/api/account/two-factor/disable": {
    post: {
      operationId: "disableTwoFactor",
      summary: "Turn off two-factor sign-in",
      description:
        "Needs the password and a code. Businesses that require two-factor sign-in answer 403 `twoFactorSetupRequired` until you set it up again. The owner of a business that went live cannot turn it off (409): it is a go-live step.",
      body: twoFactorDisableSchema,
      errors: [[409, "Not on, or you own a business that went live"], 429],
      ok: { 200: ["Off", MessageSchema] },
    },
  },
  "/api/account/two-factor/recovery-codes": {
    post: {
      operationId: "replaceRecoveryCodes",
      summary: "Replace recovery codes",
      description: "Replace your recovery codes (needs a code); the new ones are shown once.",
      body: twoFactorCodeSchema,
      errors: [409, 429],
      ok: { 200: ["New codes", MessageSchema.extend({ recoveryCodes })] },
    },
  },
  "/api/merchants/{merchantId}/require-two-factor": {
    put: {
      operationId: "setTwoFactorRequirement",
      summary: "Require two-factor sign-in",
      description:
        "Owner: require two-factor sign-in of every member (or stop); members without it get 403 with `twoFactorSetupRequired` on this business's routes.",
      tags: ["Team"],
      body: twoFactorRequirementSchema,
      errors: [409],
      ok: { 200: ["Saved", MessageSchema.extend({ requireTwoFactor: z.boolean() })] },
    },
  },
});
