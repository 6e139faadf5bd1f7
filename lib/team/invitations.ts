// Invitations: an owner or admin invites an e-mail address with a role; the e-mail carries a
// single-use token (stored only as SHA-256) that expires after 7 days. The token is made when the
// e-mail job runs (invitationEmailFor), so it never waits in the queue; until then the invitation
// holds the hash of a token nobody has.
import { findOr404 } from "@/lib/api/find";
import { db, type Tx } from "@/lib/db/client";
import { config } from "@/lib/config";
import { ApiError, isUniqueViolation } from "@/lib/api/errors";
import { fieldErrors } from "@/lib/api/validation";
import { LIMITS } from "@/lib/api/limits";
import { discardUnverifiedAccount } from "@/lib/auth/credentials";
import { hashPassword } from "@/lib/auth/password";
import { randomToken, sha256 } from "@/lib/auth/tokens";
import { invitationEmail, type EmailMessage } from "@/lib/email/messages";
import { mayEmailOthers, queueEmail } from "@/lib/email/queue";
import { recordAudit, type AuditAction, type AuditSource } from "./audit";
import { newMemberSchema, type AcceptInvitationInput, type InviteInput } from "./schemas";
import { invitationStatus, toInvitationResponse, toMembershipResponse } from "./serializers";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const inviterFields = { select: { id: true, firstName: true, lastName: true, email: true } } as const;

type UserSource = AuditSource<{ kind: "user"; userId: string }>;

export async function createInvitation(merchantId: string, input: InviteInput, source: UserSource) {
  await mayEmailOthers(merchantId, LIMITS.invitationsByMerchant);
  const invitation = await db.$transaction(async (tx) => {
    // Two admins inviting the same address at the same moment: the second waits here, then sees the first.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`invite:${merchantId}:${input.email}`}, 0))`;
    const existingMember = await tx.membership.findFirst({ where: { merchantId, user: { email: input.email } }, select: { id: true } });
    if (existingMember) throw ApiError.conflict("This person is already a member of the team");
    const pending = await tx.invitation.findFirst({
      where: { merchantId, email: input.email, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      select: { id: true },
    });
    if (pending) throw ApiError.conflict("An invitation to this email is already pending; resend or revoke it instead");

    const created = await tx.invitation.create({
      data: { merchantId, email: input.email, role: input.role, tokenHash: unknownTokenHash(), invitedById: source.actor.userId, expiresAt: expiry() },
      include: { invitedBy: inviterFields },
    });
    await auditInvitation(tx, source, "member.invited", created);
    await queueEmail(tx, { kind: "invitation", invitationId: created.id });
    return created;
  });
  return toInvitationResponse(invitation);
}

/** Invitations not yet accepted or revoked (expired ones too, so they can be resent). Newest first. */
export async function listOpenInvitations(merchantId: string) {
  const rows = await db.invitation.findMany({
    where: { merchantId, acceptedAt: null, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { invitedBy: inviterFields },
  });
  return rows.map(toInvitationResponse);
}

/** A new token and a fresh 7 days; the previous link stops working. */
export async function resendInvitation(merchantId: string, invitationId: string, source: UserSource) {
  const current = await findInvitation(merchantId, invitationId);
  const status = invitationStatus(current);
  if (status === "accepted" || status === "revoked") throw ApiError.badRequest(`This invitation was ${status} and cannot be resent`);
  await LIMITS.invitationResend.consume(current.id);
  await mayEmailOthers(merchantId, LIMITS.invitationsByMerchant);
  const invitation = await db.$transaction(async (tx) => {
    const updated = await tx.invitation.update({
      where: { id: current.id },
      data: { tokenHash: unknownTokenHash(), expiresAt: expiry() },
      include: { invitedBy: inviterFields },
    });
    await auditInvitation(tx, source, "member.invitation_resent", updated);
    await queueEmail(tx, { kind: "invitation", invitationId: updated.id });
    return updated;
  });
  return toInvitationResponse(invitation);
}

/** Revoking twice is harmless; an accepted invitation cannot be revoked (remove the member instead). */
export async function revokeInvitation(merchantId: string, invitationId: string, source: UserSource) {
  const current = await findInvitation(merchantId, invitationId);
  if (current.acceptedAt) throw ApiError.badRequest("This invitation was already accepted; remove the member instead");
  if (current.revokedAt) return toInvitationResponse(current);
  const invitation = await db.$transaction(async (tx) => {
    const updated = await tx.invitation.update({ where: { id: current.id }, data: { revokedAt: new Date() }, include: { invitedBy: inviterFields } });
    await auditInvitation(tx, source, "member.invitation_revoked", updated);
    return updated;
  });
  return toInvitationResponse(invitation);
}

/**
 * What the accept page shows before the person commits: the business, the role, and whether they
 * have an account to join with (a verified one; otherwise they choose a name and password).
 */
export async function describeInvitation(token: string) {
  const invitation = await usableInvitation(token);
  const user = await db.user.findUnique({ where: { email: invitation.email }, select: { isEmailVerified: true } });
  return {
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    merchant: { id: invitation.merchant.id, businessName: invitation.merchant.businessName },
    invitedBy: invitation.invitedBy ? `${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`.trim() : null,
    userExists: user?.isEmailVerified === true,
    /** An unconfirmed sign-up with this address exists; accepting replaces it and what it set up. */
    replacesUnverifiedAccount: user?.isEmailVerified === false,
  };
}

/**
 * POST /api/invitations/accept. The token proves the e-mail address: a verified user joins with the
 * token alone; anyone else gives a name and a password and is created with a verified e-mail. An
 * unverified account with the address is not theirs to inherit (anyone can sign up with any address
 * and wait): it is deleted with everything it holds, and the person accepting starts afresh.
 */
export async function acceptInvitation(input: AcceptInvitationInput, source: { ip?: string; userAgent?: string }) {
  const invitation = await usableInvitation(input.token);
  const existing = await db.user.findUnique({ where: { email: invitation.email }, select: { id: true, isEmailVerified: true } });
  const joining = existing?.isEmailVerified ? existing : undefined;
  let newUser: { firstName: string; lastName: string; passwordHash: string } | undefined;
  if (!joining) {
    const parsed = newMemberSchema.safeParse(input);
    if (!parsed.success) throw ApiError.validation(fieldErrors(parsed.error));
    newUser = { firstName: parsed.data.firstName, lastName: parsed.data.lastName, passwordHash: await hashPassword(parsed.data.password) };
  }

  const now = new Date();
  try {
    const membership = await db.$transaction(async (tx) => {
      // Claimed with a conditional update: two concurrent accepts give one membership.
      const claimed = await tx.invitation.updateMany({
        where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { acceptedAt: now },
      });
      if (claimed.count === 0) throw ApiError.badRequest("This invitation has already been used");
      const replaced = existing && !joining ? await discardUnverifiedAccount(tx, existing.id) : undefined;
      if (replaced === false) throw ApiError.badRequest("This account was confirmed a moment ago; accept the invitation again to join with it");
      const userId = joining
        ? joining.id
        : (await tx.user.create({ data: { ...newUser!, email: invitation.email, role: "team_member", isEmailVerified: true, emailVerifiedAt: now } })).id;
      const created = await tx.membership.create({ data: { userId, merchantId: invitation.merchantId, role: invitation.role } });
      await recordAudit(tx, {
        ...source,
        merchantId: invitation.merchantId,
        actor: { kind: "user", userId },
        action: "member.joined",
        targetType: "membership",
        targetId: created.id,
        metadata: {
          email: invitation.email,
          role: invitation.role,
          invitationId: invitation.id,
          ...(replaced && { replacedUnverifiedAccount: true, merchantsRemoved: replaced.merchantsRemoved }),
        },
      });
      return created;
    });
    // Someone new chose their password just now: the route signs them in (an existing user logs in as usual).
    const createdUserId = joining ? undefined : membership.userId;
    return { message: `You have joined ${invitation.merchant.businessName}`, membership: toMembershipResponse(membership), createdUserId };
  } catch (error) {
    if (isUniqueViolation(error, "userId") || isUniqueViolation(error, "merchantId")) throw ApiError.badRequest("You are already a member of this business");
    if (isUniqueViolation(error, "email"))
      throw ApiError.badRequest("An account with this email was just created; accept the invitation again to join with it");
    throw error;
  }
}

async function usableInvitation(token: string) {
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: sha256(token) },
    include: { merchant: { select: { id: true, businessName: true } }, invitedBy: inviterFields },
  });
  if (!invitation) throw ApiError.badRequest("This invitation link is invalid");
  const status = invitationStatus(invitation);
  if (status === "accepted") throw ApiError.badRequest("This invitation has already been used");
  if (status === "revoked") throw ApiError.badRequest("This invitation has been revoked");
  if (status === "expired") throw ApiError.badRequest("This invitation has expired; ask for a new one");
  return invitation;
}

/** An invitation's audit entry (sent, resent, revoked): whom it invites, with which role. */
function auditInvitation(tx: Tx, source: AuditSource, action: AuditAction, invitation: { id: string; merchantId: string; email: string; role: string }) {
  const { id, merchantId, email, role } = invitation;
  return recordAudit(tx, { ...source, merchantId, action, targetType: "invitation", targetId: id, metadata: { email, role } });
}

function findInvitation(merchantId: string, invitationId: string) {
  return findOr404(invitationId, "Invitation not found", (id) => db.invitation.findFirst({ where: { id, merchantId }, include: { invitedBy: inviterFields } }));
}

/**
 * The e-mail job's message: a fresh link for a still-pending invitation (any earlier link stops
 * working), or null for one accepted, revoked or expired since it was queued.
 */
export async function invitationEmailFor(invitationId: string): Promise<EmailMessage | null> {
  const token = randomToken();
  const updated = await db.invitation.updateMany({
    where: { id: invitationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    data: { tokenHash: sha256(token) },
  });
  if (updated.count === 0) return null;
  const invitation = await db.invitation.findUniqueOrThrow({
    where: { id: invitationId },
    include: { merchant: { select: { businessName: true } }, invitedBy: inviterFields },
  });
  const { businessName } = invitation.merchant;
  const inviterName = invitation.invitedBy ? `${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`.trim() : businessName;
  return invitationEmail({ to: invitation.email, inviterName, businessName, role: invitation.role, url: acceptUrl(token) });
}

/** Until the e-mail job makes the real token: the hash of one nobody has (the column is required and unique). */
function unknownTokenHash(): string {
  return sha256(randomToken());
}

function acceptUrl(token: string): string {
  return `${config().appUrl}/invitations/accept?token=${token}`;
}

function expiry(): Date {
  return new Date(Date.now() + INVITATION_TTL_MS);
}
