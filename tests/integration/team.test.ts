import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import * as invitationsRoute from "@/app/api/merchants/[merchantId]/invitations/route";
import * as invitationRoute from "@/app/api/merchants/[merchantId]/invitations/[invitationId]/route";
import * as resendRoute from "@/app/api/merchants/[merchantId]/invitations/[invitationId]/resend/route";
import * as acceptRoute from "@/app/api/invitations/accept/route";
import * as describeRoute from "@/app/api/invitations/[token]/route";
import * as membersRoute from "@/app/api/merchants/[merchantId]/members/route";
import * as memberRoute from "@/app/api/merchants/[merchantId]/members/[membershipId]/route";
import * as transferRoute from "@/app/api/merchants/[merchantId]/transfer-ownership/route";
import * as auditRoute from "@/app/api/merchants/[merchantId]/audit-logs/route";
import * as merchantRoute from "@/app/api/merchants/[merchantId]/route";
import * as meRoute from "@/app/api/merchants/me/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as refundRoute from "@/app/api/transactions/[transactionId]/refund/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner, tokenFromMailbox, uniqueEmail } from "../helpers/factories";
import { deliverQueuedEmails } from "../helpers/mailbox";
import { initiate, paymentBody, postWebhook, sandboxEvent } from "../helpers/payments";
import { apiError, validationError } from "../helpers/errors";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

const invite = (owner: Pick<Owner, "merchant" | "token">, body: unknown, token = owner.token) =>
  call(invitationsRoute.POST, { path: `/api/merchants/${owner.merchant.id}/invitations`, params: { merchantId: owner.merchant.id }, body, token });
const accept = (body: unknown) =>
  call(acceptRoute.POST, { path: "/api/invitations/accept", body, headers: { "user-agent": "vitest", "x-forwarded-for": "203.0.113.9" } });
const resend = (owner: Owner, invitationId: string) =>
  call(resendRoute.POST, {
    method: "POST",
    path: `/api/merchants/${owner.merchant.id}/invitations/${invitationId}/resend`,
    params: { merchantId: owner.merchant.id, invitationId },
    token: owner.token,
  });
const audit = (merchantId: string, token: string, query = "") =>
  call(auditRoute.GET, { path: `/api/merchants/${merchantId}/audit-logs${query}`, params: { merchantId }, token });

/** Invites `email` and returns the token from the dev mailbox. */
async function invited(owner: Owner, email = uniqueEmail("invitee"), role = "DEVELOPER") {
  const res = await invite(owner, { email, role });
  expect(res.status).toBe(201);
  return { email, invitation: res.body.invitation, token: await tokenFromMailbox(email, "/invitations/accept") };
}

const newUser = { firstName: "Tunde", lastName: "Bello", password: "tunde-password-1" };

describe("invitations", () => {
  it("invites by e-mail with a role; the e-mail carries a single-use link; secrets stay out of responses", async () => {
    const owner = await createMerchantOwner();
    const email = uniqueEmail("Invitee").toUpperCase();
    const res = await invite(owner, { email, role: "OPERATIONS" });
    expect(res.status).toBe(201);
    expect(res.body.invitation).toMatchObject({ email: email.toLowerCase(), role: "OPERATIONS", status: "pending", invitedBy: { id: owner.user.id } });
    expect(new Date(res.body.invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
    await deliverQueuedEmails();
    const stored = await db.storedEmail.findFirstOrThrow({ where: { to: email.toLowerCase() } });
    expect(stored.subject).toBe("You're invited to join Ada's Kitchen on Paylink");
    expect(stored.text).toMatch(/\/invitations\/accept\?token=[\w-]{40,}/);

    const list = await call(invitationsRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/invitations`,
      params: { merchantId: owner.merchant.id },
      token: owner.token,
    });
    expect(list.body.data.map((i: { email: string }) => i.email)).toEqual([email.toLowerCase()]);
    // The same address twice, an existing member, the OWNER role, or a bad e-mail are refused.
    expect((await invite(owner, { email, role: "VIEWER" })).status).toBe(409);
    expect((await invite(owner, { email: owner.input.email, role: "VIEWER" })).status).toBe(409);
    expect((await invite(owner, { email: uniqueEmail(), role: "OWNER" })).status).toBe(400);
    expect((await invite(owner, { email: "nope", role: "VIEWER" })).body.errors).toEqual([{ field: "email", message: "Enter a valid email address" }]);
  });

  it("gives one pending invitation when the same address is invited concurrently", async () => {
    const owner = await createMerchantOwner();
    const email = uniqueEmail("twice");
    const answers = await Promise.all(Array.from({ length: 8 }, () => invite(owner, { email, role: "VIEWER" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await db.invitation.count({ where: { merchantId: owner.merchant.id, email } })).toBe(1);
  });

  it("describes a usable invitation to the accept page", async () => {
    const owner = await createMerchantOwner();
    const { token, email } = await invited(owner);
    const res = await call(describeRoute.GET, { path: `/api/invitations/${token}`, params: { token } });
    expect(res.status).toBe(200);
    expect(res.body.invitation).toMatchObject({
      email,
      role: "DEVELOPER",
      merchant: { id: owner.merchant.id, businessName: "Ada's Kitchen" },
      invitedBy: "Ada Obi",
      userExists: false,
    });
    expect((await call(describeRoute.GET, { path: "/api/invitations/nope", params: { token: "nope" } })).status).toBe(400);
  });
});

describe("POST /api/invitations/accept", () => {
  it("creates a new user with a verified e-mail and answers { message, membership }", async () => {
    const owner = await createMerchantOwner();
    const { token, email } = await invited(owner);
    const res = await accept({ token, ...newUser });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: expect.any(String),
      membership: { id: expect.any(String), userId: expect.any(String), merchantId: owner.merchant.id, role: "DEVELOPER", createdAt: expect.any(String) },
    });
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ id: res.body.membership.userId, firstName: "Tunde", isEmailVerified: true, role: "team_member" });
    const login = await call(loginRoute.POST, { path: "/api/auth/login", body: { email, password: newUser.password } });
    expect(login.status).toBe(200);
    const me = await call(meRoute.GET, { path: "/api/merchants/me", token: login.body.token });
    expect(me.body.merchants.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([[owner.merchant.id, "DEVELOPER"]]);
  });

  it("400 when a new user leaves out the name or password, or the password is short; the token stays usable", async () => {
    const owner = await createMerchantOwner();
    const { token } = await invited(owner);
    const missing = await accept({ token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Validation failed");
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["firstName", "lastName", "password"]);
    const short = await accept({ token, ...newUser, password: "short" });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ field: "password", message: "Password must be at least 8 characters" }]);
    expect((await accept({ token, ...newUser })).status).toBe(200);
  });

  it("lets an existing user join with the token alone; they then belong to both merchants", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner({ businessName: "Bola Bakes" });
    const { token } = await invited(owner, other.input.email, "ADMIN");
    const res = await accept({ token });
    expect(res.status).toBe(200);
    expect(res.body.membership).toMatchObject({ userId: other.user.id, merchantId: owner.merchant.id, role: "ADMIN" });
    const me = await call(meRoute.GET, { path: "/api/merchants/me", token: other.token });
    expect(me.body.merchants.map((m: { businessName: string; role: string }) => [m.businessName, m.role])).toEqual([
      ["Bola Bakes", "OWNER"],
      ["Ada's Kitchen", "ADMIN"],
    ]);
  });

  it("400 for a missing, unknown, used, expired or revoked token, changing nothing", async () => {
    const owner = await createMerchantOwner();
    expect((await accept({})).body).toEqual(validationError("token", "Invitation token is required"));
    expect((await accept({ token: "not-a-token", ...newUser })).body).toEqual(apiError({ message: "This invitation link is invalid", code: "bad_request" }));

    const used = await invited(owner);
    expect((await accept({ token: used.token, ...newUser })).status).toBe(200);
    const again = await accept({ token: used.token, ...newUser });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already been used/);

    const expired = await invited(owner);
    await db.invitation.update({ where: { id: expired.invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await accept({ token: expired.token, ...newUser })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/expired/) } });

    const revoked = await invited(owner);
    const revoke = await call(invitationRoute.DELETE, {
      method: "DELETE",
      path: `/api/merchants/${owner.merchant.id}/invitations/${revoked.invitation.id}`,
      params: { merchantId: owner.merchant.id, invitationId: revoked.invitation.id },
      token: owner.token,
    });
    expect(revoke.status).toBe(200);
    expect(revoke.body.invitation.status).toBe("revoked");
    expect(await accept({ token: revoked.token, ...newUser })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/revoked/) } });

    for (const email of [expired.email, revoked.email]) expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("gives one membership when the same token is accepted concurrently", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner();
    const { token } = await invited(owner, other.input.email);
    const results = await Promise.all(Array.from({ length: 5 }, () => accept({ token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await db.membership.count({ where: { merchantId: owner.merchant.id, userId: other.user.id } })).toBe(1);
  });

  it("resend e-mails a fresh link and the old one stops working", async () => {
    const owner = await createMerchantOwner();
    const first = await invited(owner);
    await db.invitation.update({ where: { id: first.invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await resend(owner, first.invitation.id);
    expect(res.status).toBe(200);
    expect(res.body.invitation.status).toBe("pending");
    const fresh = await tokenFromMailbox(first.email, "/invitations/accept");
    expect(fresh).not.toBe(first.token);
    expect((await accept({ token: first.token, ...newUser })).status).toBe(400);
    expect((await accept({ token: fresh, ...newUser })).status).toBe(200);
    const afterAccept = await resend(owner, first.invitation.id);
    expect(afterAccept.status).toBe(400);
  });
});

describe("members", () => {
  const members = (owner: Owner, token = owner.token) =>
    call(membersRoute.GET, { path: `/api/merchants/${owner.merchant.id}/members`, params: { merchantId: owner.merchant.id }, token });
  const patch = (owner: Owner, membershipId: string, body: unknown, token = owner.token) =>
    call(memberRoute.PATCH, {
      method: "PATCH",
      path: `/api/merchants/${owner.merchant.id}/members/${membershipId}`,
      params: { merchantId: owner.merchant.id, membershipId },
      body,
      token,
    });
  const remove = (owner: Owner, membershipId: string, token = owner.token) =>
    call(memberRoute.DELETE, {
      method: "DELETE",
      path: `/api/merchants/${owner.merchant.id}/members/${membershipId}`,
      params: { merchantId: owner.merchant.id, membershipId },
      token,
    });

  it("lists the team owner first; admins change roles and remove members; removal ends access at once", async () => {
    const owner = await createMerchantOwner();
    const viewer = await createMember(owner.merchant.id, "VIEWER");
    const admin = await createMember(owner.merchant.id, "ADMIN");
    const list = await members(owner, viewer.token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { role: string }) => m.role)).toEqual(["OWNER", "ADMIN", "VIEWER"]);
    expect(list.body.data[0].user).toEqual({ id: owner.user.id, firstName: "Ada", lastName: "Obi", email: owner.input.email });

    const changed = await patch(owner, viewer.membership.id, { role: "OPERATIONS" }, admin.token);
    expect(changed.status).toBe(200);
    expect(changed.body.member.role).toBe("OPERATIONS");
    expect((await patch(owner, viewer.membership.id, { role: "OWNER" }, admin.token)).status).toBe(400);

    expect((await remove(owner, viewer.membership.id, admin.token)).status).toBe(200);
    expect((await members(owner, viewer.token)).status).toBe(404);
    expect((await remove(owner, viewer.membership.id, admin.token)).status).toBe(404);
  });

  it("nobody can remove or demote the owner, not even the owner", async () => {
    const owner = await createMerchantOwner();
    const admin = await createMember(owner.merchant.id, "ADMIN");
    const ownerMembership = await db.membership.findFirstOrThrow({ where: { merchantId: owner.merchant.id, role: "OWNER" } });
    for (const token of [owner.token, admin.token]) {
      expect((await patch(owner, ownerMembership.id, { role: "ADMIN" }, token)).status).toBe(409);
      expect((await remove(owner, ownerMembership.id, token)).status).toBe(409);
    }
    expect(await db.membership.findUniqueOrThrow({ where: { id: ownerMembership.id } })).toMatchObject({ role: "OWNER" });
  });

  it("a member of another merchant is 404 here", async () => {
    const owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    const theirs = await createMember(stranger.merchant.id, "VIEWER");
    expect((await patch(owner, theirs.membership.id, { role: "ADMIN" })).status).toBe(404);
    expect((await remove(owner, theirs.membership.id)).status).toBe(404);
  });
});

describe("POST /api/merchants/:merchantId/transfer-ownership", () => {
  const transfer = (owner: Owner, membershipId: unknown, token = owner.token) =>
    call(transferRoute.POST, {
      path: `/api/merchants/${owner.merchant.id}/transfer-ownership`,
      params: { merchantId: owner.merchant.id },
      body: { membershipId },
      token,
    });

  it("makes the chosen member the owner and the previous owner an admin; only the owner may", async () => {
    const owner = await createMerchantOwner();
    const admin = await createMember(owner.merchant.id, "ADMIN");
    expect((await transfer(owner, admin.membership.id, admin.token)).status).toBe(403);
    const ownMembership = await db.membership.findFirstOrThrow({ where: { merchantId: owner.merchant.id, userId: owner.user.id } });
    expect((await transfer(owner, ownMembership.id)).status).toBe(400);

    const res = await transfer(owner, admin.membership.id);
    expect(res.status).toBe(200);
    expect(res.body.membership).toMatchObject({ id: admin.membership.id, role: "OWNER" });
    expect(await db.merchant.findUniqueOrThrow({ where: { id: owner.merchant.id } })).toMatchObject({ ownerId: admin.user.id });
    expect(await db.membership.findUniqueOrThrow({ where: { id: ownMembership.id } })).toMatchObject({ role: "ADMIN" });
    expect(await db.user.findUniqueOrThrow({ where: { id: admin.user.id } })).toMatchObject({ role: "merchant_owner" });
    expect(await db.user.findUniqueOrThrow({ where: { id: owner.user.id } })).toMatchObject({ role: "team_member" });
    expect((await transfer(owner, admin.membership.id)).status).toBe(403);
  });
});

describe("audit log", () => {
  it("records who did what, when and from where, for owners and admins only, newest first and paginated", async () => {
    const owner = await createMerchantOwner();
    const viewer = await createMember(owner.merchant.id, "VIEWER");
    const { token } = await invited(owner, uniqueEmail(), "VIEWER");
    await accept({ token, ...newUser });
    await call(merchantRoute.PUT, {
      method: "PUT",
      path: `/api/merchants/${owner.merchant.id}`,
      params: { merchantId: owner.merchant.id },
      body: { businessName: "Ada's Kitchen Lagos", website: null },
      token: owner.token,
      headers: { "user-agent": "Mozilla/5.0 test", "x-forwarded-for": "198.51.100.7" },
    });

    const page = await audit(owner.merchant.id, owner.token);
    expect(page.status).toBe(200);
    expect(page.body.data.map((e: { action: string }) => e.action)).toEqual(["merchant.updated", "member.joined", "member.invited"]);
    expect(page.body.data[0]).toMatchObject({
      actor: { type: "user", id: owner.user.id, name: "Ada Obi", email: owner.input.email },
      targetType: "merchant",
      ipAddress: "198.51.100.7",
      userAgent: "Mozilla/5.0 test",
      metadata: { fields: ["businessName"], from: { businessName: "Ada's Kitchen" }, to: { businessName: "Ada's Kitchen Lagos" } },
    });
    expect(page.body.data[1]).toMatchObject({ actor: { type: "user", name: "Tunde Bello" }, ipAddress: "203.0.113.9", metadata: { role: "VIEWER" } });

    const first = await audit(owner.merchant.id, owner.token, "?limit=1");
    expect(first.body.data).toHaveLength(1);
    const second = await audit(owner.merchant.id, owner.token, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((e: { action: string }) => e.action)).toEqual(["member.joined", "member.invited"]);
    expect(second.body.nextCursor).toBeNull();
    expect((await audit(owner.merchant.id, owner.token, "?cursor=bad!")).status).toBe(400);
    expect((await audit(owner.merchant.id, viewer.token)).status).toBe(403);
  });

  it("records refunds with the amount and the actor", async () => {
    const owner = await createMerchantOwner();
    const ops = await createMember(owner.merchant.id, "OPERATIONS");
    const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084084084084081" });
    await postWebhook("sandbox", sandboxEvent(started.body.reference));
    const id = started.body.transactionId as string;
    const res = await call(refundRoute.POST, {
      path: `/api/transactions/${id}/refund`,
      params: { transactionId: id },
      body: { amount: 50_000, reason: "Out of stock" },
      token: ops.token,
    });
    expect(res.status).toBe(200);
    const entry = await db.auditLog.findFirstOrThrow({ where: { merchantId: owner.merchant.id, action: "refund.issued" } });
    expect(entry).toMatchObject({
      actorUserId: ops.user.id,
      targetType: "transaction",
      targetId: id,
      metadata: { amount: 50_000, reason: "Out of stock", reference: started.body.reference },
    });
  });
});
