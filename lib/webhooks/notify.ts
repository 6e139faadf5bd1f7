import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { webhookDisabledEmail } from "@/lib/email/messages";
import { sendEmail } from "@/lib/email/send";

/** E-mails the merchant's owners and admins that an endpoint was disabled for failing. */
export async function notifyEndpointDisabled(endpointId: string): Promise<void> {
  const endpoint = await db.webhookEndpoint.findUnique({
    where: { id: endpointId },
    select: { url: true, merchant: { select: { businessName: true, memberships: { where: { role: { in: ["OWNER", "ADMIN"] } }, select: { user: { select: { email: true } } } } } } },
  });
  if (!endpoint) return;
  for (const { user } of endpoint.merchant.memberships) {
    const message = await webhookDisabledEmail({
      to: user.email,
      businessName: endpoint.merchant.businessName,
      endpointUrl: endpoint.url,
      url: `${config().appUrl}/dashboard/webhooks`,
    });
    await sendEmail(message);
  }
}
