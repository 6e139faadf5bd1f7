import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { merchantParams, operation } from "@/lib/api/openapi/operation";
import { MessageSchema } from "@/lib/api/openapi/resources";
import { NotificationSettingsSchema, notificationSettingsUpdateSchema } from "./schemas";

const tags = ["Notifications"];
const description = "The calling member's own settings for this business (any role; a secret key has no member, so it gets 401).";

export const notificationPaths: ZodOpenApiPathsObject = {
  "/api/merchants/{merchantId}/notifications": {
    get: operation({
      operationId: "getNotificationSettings",
      summary: "Get your notifications",
      description: `Your e-mail notifications for this business. ${description}`,
      tags,
      auth: "user",
      params: merchantParams,
      errors: [403, 404],
      ok: { 200: ["Your settings", z.object({ notifications: NotificationSettingsSchema })] },
    }),
    put: operation({
      operationId: "updateNotificationSettings",
      summary: "Update your notifications",
      description: `Turn your "You've been paid" e-mails or daily summary on or off. ${description}`,
      tags,
      auth: "user",
      params: merchantParams,
      body: notificationSettingsUpdateSchema,
      errors: [403, 404],
      ok: { 200: ["Saved", MessageSchema.extend({ notifications: NotificationSettingsSchema })] },
    }),
  },
};
