import { z } from "@/lib/zod";

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

/** PUT …/notifications: the caller's own choices for this business; send either or both. */
export const notificationSettingsUpdateSchema = z
  .strictObject(
    { notifyPayments: flag("notifyPayments").optional(), dailySummary: flag("dailySummary").optional() },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys.join(", ")}` : undefined) },
  )
  .refine((value) => Object.keys(value).length > 0, { message: "Send notifyPayments, dailySummary or both" });
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

export const NotificationSettingsSchema = z
  .object({
    notifyPayments: z
      .boolean()
      .meta({ description: 'A "You\'ve been paid" e-mail for every completed payment. Unless set, on for the owner and off for everyone else.' }),
    notifyPaymentsIsDefault: z.boolean().meta({ description: "true while notifyPayments has never been set, so it follows the role" }),
    dailySummary: z.boolean().meta({ description: "At 08:00 Lagos time, yesterday's payments (count and total); nothing is sent for a day without any" }),
  })
  .meta({ id: "NotificationSettings", description: "The calling member's own e-mail notifications for one business." });
