// Members' e-mail notifications: "You've been paid" (Membership.notifyPayments; null = the default,
// on for the owner, off for everyone else) and the daily summary. Each member sets only their own.
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/api/errors";
import type { MembershipRole } from "@/lib/db/generated/enums";
import { queueEmail } from "@/lib/email/queue";
import type { NotificationSettingsUpdate } from "./schemas";

export type NotificationSettings = { notifyPayments: boolean; notifyPaymentsIsDefault: boolean; dailySummary: boolean };

/** The default is decided by the role, so it follows an ownership transfer. */
export function wantsPaymentEmails(membership: { role: MembershipRole; notifyPayments: boolean | null }): boolean {
  return membership.notifyPayments ?? membership.role === "OWNER";
}

const view = (m: { role: MembershipRole; notifyPayments: boolean | null; dailySummary: boolean }): NotificationSettings => ({
  notifyPayments: wantsPaymentEmails(m),
  notifyPaymentsIsDefault: m.notifyPayments === null,
  dailySummary: m.dailySummary,
});

const select = { role: true, notifyPayments: true, dailySummary: true } as const;

export async function getNotificationSettings(userId: string, merchantId: string): Promise<NotificationSettings> {
  const membership = await db.membership.findUnique({ where: { userId_merchantId: { userId, merchantId } }, select });
  if (!membership) throw ApiError.notFound("Merchant not found");
  return view(membership);
}

export async function updateNotificationSettings(userId: string, merchantId: string, update: NotificationSettingsUpdate): Promise<NotificationSettings> {
  const membership = await db.membership.update({ where: { userId_merchantId: { userId, merchantId } }, data: update, select }).catch((error: unknown) => {
    // Removed from the business between the access check and now.
    if (error instanceof Error && "code" in error && error.code === "P2025") throw ApiError.notFound("Merchant not found");
    throw error;
  });
  return view(membership);
}

/**
 * The members a business's "You've been paid" e-mail goes to (wantsPaymentEmails, verified addresses
 * only), as SQL over "Membership" m: also used inside lib/payments/complete-statement.ts's statement.
 */
export const PAYMENT_RECIPIENTS_SQL = `SELECT m."userId" FROM "Membership" m JOIN "User" u ON u.id = m."userId"
  WHERE u."isEmailVerified" AND (m."notifyPayments" OR (m."notifyPayments" IS NULL AND m.role = 'OWNER'))`;

/** In a payment's completion transaction: one "You've been paid" e-mail per member who wants it. */
export async function queuePaymentNotifications(tx: Tx, transactionId: string, merchantId: string): Promise<number> {
  const members = await tx.$queryRaw<
    { userId: string }[]
  >`${Prisma.raw(PAYMENT_RECIPIENTS_SQL)} AND m."merchantId" = ${merchantId}::uuid ORDER BY m."createdAt"`;
  for (const { userId } of members) await queueEmail(tx, { kind: "payment-received", transactionId, userId });
  return members.length;
}
