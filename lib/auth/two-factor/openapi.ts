import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { merchantParams, operation } from "@/lib/api/openapi/operation";
import { MessageSchema } from "@/lib/api/openapi/resources";
import { twoFactorCodeSchema, twoFactorDisableSchema, twoFactorRequirementSchema } from "./schemas";

const tags = ["Accounts"];
const recoveryCodes = z
  .array(z.string().meta({ example: "7k2m-9xqp-4hbd-w3ta" }))
  .length(10)
  .meta({ description: "Shown only in this answer; each works once" });

export const twoFactorPaths: ZodOpenApiPathsObject = {
  "/api/account/two-factor": {
    get: operation({
      operationId: "getTwoFactorStatus",
      summary: "Get two-factor status",
      description: "Whether two-factor sign-in (TOTP) is on for your account.",
      tags,
      auth: "user",
      ok: { 200: ["Status", z.object({ enabled: z.boolean(), enabledAt: z.iso.datetime().nullable(), recoveryCodesRemaining: z.int() })] },
    }),
  },
  "/api/account/two-factor/setup": {
    post: operation({
      operationId: "startTwoFactorSetup",
      summary: "Set up two-factor sign-in",
      description:
        "Put `otpauthUri` in a QR code, or type `secret` into the app, then confirm with a code. Calling it again replaces a set-up not yet confirmed.",
      tags,
      auth: "user",
      errors: [409],
      ok: {
        200: [
          "A secret to confirm",
          MessageSchema.extend({
            secret: z.string().meta({ description: "Base32" }),
            otpauthUri: z.string().meta({ example: "otpauth://totp/Paylink:ada%40example.com?issuer=Paylink&secret=…&algorithm=SHA1&digits=6&period=30" }),
          }),
        ],
      },
    }),
  },
  "/api/account/two-factor/confirm": {
    post: operation({
      operationId: "confirmTwoFactor",
      summary: "Confirm two-factor sign-in",
      description: "Turn two-factor sign-in on with a code from the app; answers 10 recovery codes once and signs out your other sessions.",
      tags,
      auth: "user",
      body: twoFactorCodeSchema,
      errors: [409, 429],
      ok: { 200: ["On; a login-token caller gets a new token", MessageSchema.extend({ recoveryCodes, token: z.string().optional() })] },
    }),
  },
  "/api/account/two-factor/disable": {
    post: operation({
      operationId: "disableTwoFactor",
      summary: "Turn off two-factor sign-in",
      description: "Businesses that require two-factor sign-in answer 403 `twoFactorSetupRequired` until you set it up again.",
      tags,
      auth: "user",
      body: twoFactorDisableSchema,
      errors: [409, 429],
      ok: { 200: ["Off", MessageSchema] },
    }),
  },
  "/api/account/two-factor/recovery-codes": {
    post: operation({
      operationId: "replaceRecoveryCodes",
      summary: "Replace recovery codes",
      description: "Replace your recovery codes (needs a code); the new ones are shown once.",
      tags,
      auth: "user",
      body: twoFactorCodeSchema,
      errors: [409, 429],
      ok: { 200: ["New codes", MessageSchema.extend({ recoveryCodes })] },
    }),
  },
  "/api/merchants/{merchantId}/require-two-factor": {
    put: operation({
      operationId: "setTwoFactorRequirement",
      summary: "Require two-factor sign-in",
      description:
        "Owner: require two-factor sign-in of every member (or stop); members without it get 403 with `twoFactorSetupRequired` on this business's routes.",
      tags: ["Team"],
      auth: "user",
      params: merchantParams,
      body: twoFactorRequirementSchema,
      errors: [403, 404, 409],
      ok: { 200: ["Saved", MessageSchema.extend({ requireTwoFactor: z.boolean() })] },
    }),
  },
};
