import { otherMethods } from "@/lib/api/methods";
import { route } from "@/lib/api/handler";
import { json } from "@/lib/api/respond";
import { notificationSettingsUpdateSchema } from "@/lib/notifications/schemas";
import { getNotificationSettings, updateNotificationSettings } from "@/lib/notifications/service";

// Any member reads and sets their own choices (merchant:read); nobody sets anyone else's.
export const GET = route({ auth: "user", merchant: "merchant:read" }, async (ctx) => {
  return json({ notifications: await getNotificationSettings(ctx.principal.userId, ctx.merchant.merchantId) });
});

export const PUT = route({ auth: "user", merchant: "merchant:read", body: notificationSettingsUpdateSchema }, async (ctx) => {
  const notifications = await updateNotificationSettings(ctx.principal.userId, ctx.merchant.merchantId, ctx.body);
  return json({ message: "Notification settings saved", notifications });
});

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
