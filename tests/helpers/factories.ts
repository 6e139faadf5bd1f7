// Builds accounts through the real services, so tests start from states users really reach.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { signup } from "@/lib/auth/sign-up-and-log-in";
import { signApiToken } from "@/lib/auth/jwt";
import { hashPassword } from "@/lib/auth/password";
import type { MembershipRole } from "@/lib/db/generated/enums";
import { waitForEmail } from "./mailbox";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Ada",
    lastName: "Obi",
    email: uniqueEmail(),
    password: "correct-horse-battery",
    businessName: "Ada's Kitchen",
    ...overrides,
  };
}

/** A signed-up, verified merchant owner with an API JWT and the merchant's test secret key. */
export async function createMerchantOwner(overrides: Record<string, unknown> = {}) {
  const input = signupBody(overrides);
  const { user, merchant } = await signup(input as Parameters<typeof signup>[0], `10.0.0.${Math.floor(Math.random() * 250)}`);
  await db.user.update({ where: { id: user.id }, data: { isEmailVerified: true } });
  const token = await signApiToken(user.id, 0);
  return { input, user, merchant, token, secretKey: merchant.testSecretKey };
}

export type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

/** The owner a test file works as and another merchant's owner, for the answers across merchants. */
export async function ownerAndStranger(overrides: Record<string, unknown> = {}): Promise<{ owner: Owner; stranger: Owner }> {
  return { owner: await createMerchantOwner(overrides), stranger: await createMerchantOwner() };
}

/**
 * Makes a merchant ready for live and unlocks it through the real rule (lib/merchants/activation.ts):
 * a complete business profile, a verified settlement account, the owner's two-factor sign-in on.
 * For tests that need live keys, payments or objects; going-live.test.ts covers the routes themselves.
 */
export async function readyForLive(merchantId: string) {
  const merchant = await db.merchant.update({
    where: { id: merchantId },
    data: { supportEmail: "help@example.com", supportPhone: "+2348012345678" },
    select: { ownerId: true, settlementAccount: { select: { id: true } } },
  });
  if (!merchant.settlementAccount) {
    await db.settlementAccount.create({ data: { merchantId, bankCode: "058", bankName: "GTBank", accountNumber: "0123456789", accountName: "ADA OBI" } });
  }
  await db.user.updateMany({ where: { id: merchant.ownerId, twoFactorEnabledAt: null }, data: { twoFactorEnabledAt: new Date() } });
  // Stamped directly: a business unlocked while the platform had a live processor (unlockLive also
  // needs one configured now, which the default sandbox is not; live payments still check it).
  await db.merchant.updateMany({ where: { id: merchantId, liveEnabledAt: null }, data: { liveEnabledAt: new Date() } });
}

/** The token in the latest stored e-mail to `to` whose link contains `path` (queued e-mails are delivered first). */
export async function tokenFromMailbox(to: string, path: string): Promise<string> {
  const email = await waitForEmail(() => db.storedEmail.findFirst({ where: { to, text: { contains: path } }, orderBy: { createdAt: "desc" } }));
  const match = email && new RegExp(`${path.replace(/[/?]/g, "\\$&")}\\?token=([\\w-]+)`).exec(email.text);
  if (!match) throw new Error(`No e-mail to ${to} with a ${path} link`);
  return match[1]!;
}

/** A verified user who belongs to `merchantId` with `role`, with an API JWT (no usable password unless one is given). */
export async function createMember(merchantId: string, role: MembershipRole, { password }: { password?: string } = {}) {
  const email = uniqueEmail(role.toLowerCase());
  const user = await db.user.create({
    data: {
      firstName: "Tunde",
      lastName: "Bello",
      email,
      passwordHash: password ? await hashPassword(password) : "!",
      role: "team_member",
      isEmailVerified: true,
      memberships: { create: { merchantId, role } },
    },
    include: { memberships: true },
  });
  return { user, email, membership: user.memberships[0]!, token: await signApiToken(user.id, 0) };
}

/** Sets one member's own view (test or live) directly, as PUT …/environment stores it. */
export async function setView(merchantId: string, userId: string, environment: "test" | "live") {
  await db.membership.update({ where: { userId_merchantId: { userId, merchantId } }, data: { environment } });
}

/** One member's own view, as stored. */
export async function viewOf(merchantId: string, userId: string) {
  return (await db.membership.findUniqueOrThrow({ where: { userId_merchantId: { userId, merchantId } }, select: { environment: true } })).environment;
}
