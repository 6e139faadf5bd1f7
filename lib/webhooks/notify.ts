import { config } from "@/lib/config";
import type { Tx } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import { webhookDisabledEmail, type EmailMessage } from "@/lib/email/messages";
import { queueEmail } from "@/lib/email/queue";

/** In the transaction that disables it: an e-mail to each of the merchant's owners and admins, the endpoint was disabled for failing. */
export async function notifyEndpointDisabled(tx: Tx, endpointId: string): Promise<void> {
  const endpoint = await tx.webhookEndpoint.findUnique({
    where: { id: endpointId },
    select: { merchant: { select: { memberships: { where: { role: { in: ["OWNER", "ADMIN"] } }, select: { user: { select: { email: true } } } } } } },
  });
  if (!endpoint) return;
  for (const { user } of endpoint.merchant.memberships) await queueEmail(tx, { kind: "webhook-disabled", endpointId, to: user.email });
}

/** The e-mail job's message; null if the endpoint was deleted meanwhile. */
export async function endpointDisabledEmailFor(endpointId: string, to: string): Promise<EmailMessage | null> {
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { url: true, merchant: { select: { businessName: true } } } });
  if (!endpoint) return null;
  return webhookDisabledEmail({ to, businessName: endpoint.merchant.businessName, endpointUrl: endpoint.url, url: `${config().appUrl}/dashboard/webhooks` });
}
