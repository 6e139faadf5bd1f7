import { z } from "@/lib/zod";
import { paths } from "@/lib/api/openapi/operation";
import { MessageSchema } from "@/lib/api/openapi/resources";
import { NotificationSettingsSchema, notificationSettingsUpdateSchema } from "./schemas";

export const notificationPaths = paths(
  "Notifications",
  "user",
  {
    "/api/merchants/{merchantId}/notifications": {
      get: {
        operationId: "getNotificationSettings",
        summary: "Get your notifications",
        description: "Your e-mail notifications for this business.",
        ok: { 200: ["Your settings", z.object({ notifications: NotificationSettingsSchema })] },
      },
      put: {
        operationId: "updateNotificationSettings",
        summary: "Update your notifications",
        description: 'Turn your "You\'ve been paid" e-mails or daily summary on or off.',
        body: notificationSettingsUpdateSchema,
        ok: { 200: ["Saved", MessageSchema.extend({ notifications: NotificationSettingsSchema })] },
      },
    },
  },
  { note: "The calling member's own settings for this business (any role; a secret key has no member, so it gets 401)." },
);
