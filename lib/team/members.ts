// Members of a merchant's team. There is always exactly one OWNER (Merchant.ownerId): nobody can
// remove or demote them; ownership moves only by transfer, which makes the previous owner an ADMIN.
import { findOr404 } from "@/lib/api/find";
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { MembershipRole } from "@/lib/db/generated/enums";
import { recordAudit, type AuditAction, type AuditSource } from "./audit";
import type { AssignableRole } from "./schemas";
import { toMemberResponse, toMembershipResponse } from "./serializers";

const ROLE_ORDER: MembershipRole[] = ["OWNER", "ADMIN", "DEVELOPER", "OPERATIONS", "VIEWER"];
const userFields = { select: { id: true, firstName: true, lastName: true, email: true } } as const;
/** Team changes are audited against the membership they change. */
const auditMembership = (tx: Tx, source: AuditSource, merchantId: string, action: AuditAction, membershipId: string, metadata: Record<string, unknown>) =>
  recordAudit(tx, { ...source, merchantId, action, targetType: "membership", targetId: membershipId, metadata });
const ownerIsFixed = () => ApiError.conflict("The owner cannot be removed or given another role; transfer ownership first");

/** The whole team (teams are small), owner first, then by role and joining date. */
export async function listMembers(merchantId: string) {
  const rows = await db.membership.findMany({ where: { merchantId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { user: userFields } });
  return rows.sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role)).map(toMemberResponse);
}

export async function changeMemberRole(merchantId: string, membershipId: string, role: AssignableRole, source: AuditSource) {
  const member = await findMember(merchantId, membershipId);
  if (member.role === "OWNER") throw ownerIsFixed();
  if (member.role === role) return toMemberResponse(member);
  const updated = await db.$transaction(async (tx) => {
    // Conditional on the role read above, so a concurrent transfer cannot be overwritten.
    const changed = await tx.membership.updateMany({ where: { id: member.id, role: member.role }, data: { role } });
    if (changed.count === 0) throw ApiError.conflict("This member changed meanwhile; reload and try again");
    await auditMembership(tx, source, merchantId, "member.role_changed", member.id, { email: member.user.email, from: member.role, to: role });
    return tx.membership.findUniqueOrThrow({ where: { id: member.id }, include: { user: userFields } });
  });
  return toMemberResponse(updated);
}

export async function removeMember(merchantId: string, membershipId: string, source: AuditSource) {
  const member = await findMember(merchantId, membershipId);
  if (member.role === "OWNER") throw ownerIsFixed();
  await db.$transaction(async (tx) => {
    const removed = await tx.membership.deleteMany({ where: { id: member.id, role: { not: "OWNER" } } });
    if (removed.count === 0) throw ApiError.notFound("Member not found");
    await auditMembership(tx, source, merchantId, "member.removed", member.id, { email: member.user.email, role: member.role });
  });
}

/** Only the owner may call this (permission merchant:transfer). The previous owner stays on as ADMIN. */
export async function transferOwnership(merchantId: string, membershipId: string, source: AuditSource<{ kind: "user"; userId: string }>) {
  const target = await findMember(merchantId, membershipId);
  if (target.userId === source.actor.userId) throw ApiError.badRequest("You already own this business; choose another member");
  await requireOwnerTwoFactorIfLive(merchantId, target.userId);
  const result = await db.$transaction(async (tx) => {
    const demoted = await tx.membership.updateMany({ where: { merchantId, userId: source.actor.userId, role: "OWNER" }, data: { role: "ADMIN" } });
    if (demoted.count === 0) throw ApiError.conflict("Ownership changed meanwhile; reload and try again");
    const promoted = await tx.membership.update({ where: { id: target.id }, data: { role: "OWNER" } });
    await tx.merchant.update({ where: { id: merchantId }, data: { ownerId: target.userId } });
    // User.role is the contract's account label: merchant_owner while the person owns any business.
    await tx.user.update({ where: { id: target.userId }, data: { role: "merchant_owner" } });
    const stillOwns = await tx.merchant.count({ where: { ownerId: source.actor.userId } });
    if (stillOwns === 0) await tx.user.update({ where: { id: source.actor.userId }, data: { role: "team_member" } });
    await auditMembership(tx, source, merchantId, "merchant.ownership_transferred", target.id, { to: target.user.email, previousRole: target.role });
    return promoted;
  });
  return toMembershipResponse(result);
}

/** The owner's two-factor sign-in is a go-live step: a live business never passes to an owner without it. */
async function requireOwnerTwoFactorIfLive(merchantId: string, newOwnerId: string) {
  const [merchant, newOwner] = await Promise.all([
    db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { liveEnabledAt: true } }),
    db.user.findUniqueOrThrow({ where: { id: newOwnerId }, select: { twoFactorEnabledAt: true } }),
  ]);
  if (merchant.liveEnabledAt && !newOwner.twoFactorEnabledAt) {
    throw ApiError.conflict("This business takes live payments: its new owner must turn on two-factor sign-in first");
  }
}

function findMember(merchantId: string, membershipId: string) {
  return findOr404(membershipId, "Member not found", (id) => db.membership.findFirst({ where: { id, merchantId }, include: { user: userFields } }));
}
