// Restricted keys (issue 28, item 1): named secret keys holding a chosen set of permissions. Created,
// listed and revoked by people only; the secret shown once and stored as a hash; each key holds exactly
// its permissions; the default secret key keeps its powers (and its 401 on link and invoice writes).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { sha256 } from "@/lib/auth/tokens";
import { KEY_PRESETS } from "@/lib/auth/permissions";
import { createLink } from "@/lib/links/service";
import { log } from "@/lib/log";
import * as restrictedRoute from "@/app/api/merchants/[merchantId]/restricted-keys/route";
import * as revokeRoute from "@/app/api/merchants/[merchantId]/restricted-keys/[keyId]/route";
import * as keysRoute from "@/app/api/merchants/[merchantId]/api-keys/route";
import * as linksRoute from "@/app/api/merchants/[merchantId]/payment-links/route";
import * as linkRoute from "@/app/api/merchants/[merchantId]/payment-links/[linkId]/route";
import * as invoicesRoute from "@/app/api/merchants/[merchantId]/invoices/route";
import * as plansRoute from "@/app/api/merchants/[merchantId]/plans/route";
import * as txListRoute from "@/app/api/merchants/[merchantId]/transactions/route";
import * as membersRoute from "@/app/api/merchants/[merchantId]/members/route";
import * as verifyRoute from "@/app/api/transactions/[transactionId]/verify/route";
import * as refundRoute from "@/app/api/transactions/[transactionId]/refund/route";
import * as auditRoute from "@/app/api/merchants/[merchantId]/audit-logs/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner, readyForLive, uniqueEmail } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";
import { insertLiveCopy } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
type Key = { id: string; name: string; permissions: string[]; secretKey?: string; secretKeyPreview: string; lastUsedAt: string | null };

const at = (merchantId: string, sub: string) => ({ path: `/api/merchants/${merchantId}${sub}`, params: { merchantId } });
const create = (owner: Owner, token: string, body: unknown) =>
  call<{ key: Key; message: string; errors?: unknown[] }>(restrictedRoute.POST, { ...at(owner.merchant.id, "/restricted-keys"), token, body });
const list = async (owner: Owner, token = owner.token) =>
  (await call<{ keys: Key[] }>(restrictedRoute.GET, { ...at(owner.merchant.id, "/restricted-keys"), token })).body.keys;
const revoke = (owner: Owner, token: string, keyId: string) =>
  call(revokeRoute.DELETE, {
    method: "DELETE",
    path: `/api/merchants/${owner.merchant.id}/restricted-keys/${keyId}`,
    params: { merchantId: owner.merchant.id, keyId },
    token,
  });
const newLink = (owner: Owner, token: string, title = "Restricted key link") =>
  call(linksRoute.POST, { ...at(owner.merchant.id, "/payment-links"), token, body: { title, amount: 500_000 } });
const newInvoice = (owner: Owner, token: string) =>
  call(invoicesRoute.POST, {
    ...at(owner.merchant.id, "/invoices"),
    token,
    body: { customerEmail: uniqueEmail("billed"), lineItems: [{ description: "Jollof for 20", amount: 250_000, quantity: 1 }] },
  });
const txList = (owner: Owner, token: string) => call(txListRoute.GET, { ...at(owner.merchant.id, "/transactions"), token });
const refund = (transactionId: string, token: string) =>
  call(refundRoute.POST, { path: `/api/transactions/${transactionId}/refund`, params: { transactionId }, token, body: {} });

/** Every line logged while the test runs, as text: a secret must never be in one. */
function logged(): () => string {
  const spies = (["debug", "info", "warn", "error"] as const).map((level) => vi.spyOn(log, level));
  return () => JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
}
afterEach(() => vi.restoreAllMocks());

let owner: Owner;
let stranger: Owner;
let readOnly: Key & { secretKey: string };
let linksOnly: Key & { secretKey: string };

beforeAll(async () => {
  owner = await createMerchantOwner();
  stranger = await createMerchantOwner();
  readOnly = (await create(owner, owner.token, { name: "Reporting", permissions: KEY_PRESETS.readOnly })).body.key as typeof readOnly;
  linksOnly = (await create(owner, owner.token, { name: "Storefront", permissions: KEY_PRESETS.linksAndInvoices })).body.key as typeof linksOnly;
});

describe("creating, listing and revoking", () => {
  it("shows the secret once, stores only its hash, and lists keys without secrets", async () => {
    const logs = logged();
    const res = await create(owner, owner.token, { name: "  Invoicing server ", permissions: ["merchant:read", "invoices:write"] });
    expect(res.status).toBe(201);
    const { secretKey, ...shown } = res.body.key;
    expect(secretKey).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(shown).toMatchObject({ name: "Invoicing server", environment: "test", permissions: ["merchant:read", "invoices:write"], lastUsedAt: null });
    expect(shown.secretKeyPreview).toBe(`sk_test_…${secretKey!.slice(-4)}`);

    const row = await db.apiKey.findUniqueOrThrow({ where: { id: shown.id } });
    expect(row).toMatchObject({ restricted: true, secretKeyHash: sha256(secretKey!), secretKeySealed: null, revokedAt: null });
    expect(JSON.stringify(row)).not.toContain(secretKey);

    const keys = await list(owner);
    expect(keys.map((k) => k.name)).toEqual(expect.arrayContaining(["Invoicing server", "Reporting", "Storefront"]));
    expect(keys.find((k) => k.id === shown.id)).toMatchObject({ permissions: ["merchant:read", "invoices:write"], secretKeyPreview: shown.secretKeyPreview });
    expect(keys.every((k) => k.secretKey === undefined)).toBe(true);
    // The Developers page's default keys stay one pair per mode.
    const defaults = (await call(keysRoute.GET, { ...at(owner.merchant.id, "/api-keys"), token: owner.token })).body.keys as { id: string }[];
    expect(defaults.map((k) => k.id)).not.toContain(shown.id);

    const audit = await call(auditRoute.GET, { ...at(owner.merchant.id, "/audit-logs"), token: owner.token });
    expect(audit.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "api_key.restricted_created", targetId: shown.id, metadata: expect.objectContaining({ name: "Invoicing server" }) }),
      ]),
    );
    expect(audit.text).not.toContain(secretKey);
    expect(logs()).not.toContain(secretKey);
  });

  it("revokes a key at once: it then answers 401, and revoking again is 404", async () => {
    const key = (await create(owner, owner.token, { name: "Short-lived", permissions: KEY_PRESETS.readOnly })).body.key;
    expect((await txList(owner, key.secretKey!)).status).toBe(200);
    const res = await revoke(owner, owner.token, key.id);
    expect(res.status).toBe(200);
    expect(res.body.key).toMatchObject({ id: key.id, name: "Short-lived" });
    expect((await txList(owner, key.secretKey!)).status).toBe(401);
    expect((await revoke(owner, owner.token, key.id)).status).toBe(404);
    expect((await list(owner)).map((k) => k.id)).not.toContain(key.id);
  });

  it("refuses bad input with 400 and creates nothing", async () => {
    const before = await db.apiKey.count({ where: { merchantId: owner.merchant.id } });
    for (const body of [
      { name: "No powers", permissions: [] },
      { name: "Team", permissions: ["team:manage"] },
      { name: "Keys", permissions: ["keys:issue"] },
      { name: "", permissions: ["merchant:read"] },
      { name: "Twice", permissions: ["merchant:read", "merchant:read"] },
    ]) {
      const res = await create(owner, owner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.length).toBeGreaterThan(0);
    }
    expect(await db.apiKey.count({ where: { merchantId: owner.merchant.id } })).toBe(before);
  });
});

describe("nobody gives a key a power they lack", () => {
  it("lets a developer make a read-only key but not a refunding one; operations cannot manage keys", async () => {
    const developer = await createMember(owner.merchant.id, "DEVELOPER");
    const before = await db.apiKey.count({ where: { merchantId: owner.merchant.id } });
    const refunding = await create(owner, developer.token, { name: "Refunds", permissions: ["payments:read", "payments:refund"] });
    expect(refunding.status).toBe(403);
    expect(refunding.body.message).toContain("payments:refund");
    const links = await create(owner, developer.token, { name: "Links", permissions: ["links:write"] });
    expect(links.status).toBe(403);
    expect(links.body.message).toContain("links:write");
    expect(await db.apiKey.count({ where: { merchantId: owner.merchant.id } })).toBe(before);
    expect((await create(owner, developer.token, { name: "Dashboards", permissions: KEY_PRESETS.readOnly })).status).toBe(201);

    const operations = await createMember(owner.merchant.id, "OPERATIONS");
    expect((await create(owner, operations.token, { name: "Ops", permissions: ["links:write"] })).status).toBe(403);
  });

  it("never lets a key manage keys or the team (401)", async () => {
    for (const key of [readOnly.secretKey, linksOnly.secretKey, owner.secretKey]) {
      expect((await create(owner, key, { name: "From a key", permissions: ["merchant:read"] })).status).toBe(401);
      expect((await call(restrictedRoute.GET, { ...at(owner.merchant.id, "/restricted-keys"), token: key })).status).toBe(401);
      expect((await call(membersRoute.GET, { ...at(owner.merchant.id, "/members"), token: key })).status).toBe(401);
    }
  });
});

describe("a restricted key holds exactly its permissions", () => {
  it("read only: lists transactions, links and invoices, but creates nothing (403 naming the permission)", async () => {
    expect((await txList(owner, readOnly.secretKey)).status).toBe(200);
    expect((await call(linksRoute.GET, { ...at(owner.merchant.id, "/payment-links"), token: readOnly.secretKey })).status).toBe(200);
    expect((await call(invoicesRoute.GET, { ...at(owner.merchant.id, "/invoices"), token: readOnly.secretKey })).status).toBe(200);
    const links = await db.paymentLink.count({ where: { merchantId: owner.merchant.id } });
    const link = await newLink(owner, readOnly.secretKey);
    expect(link.status).toBe(403);
    expect(link.body.message).toBe("This restricted key lacks the links:write permission");
    const plan = await call(plansRoute.POST, {
      ...at(owner.merchant.id, "/plans"),
      token: readOnly.secretKey,
      body: { name: "Gold", amount: 500_000, interval: "monthly" },
    });
    expect(plan.status).toBe(403);
    expect(plan.body.message).toContain("plans:write");
    expect(await db.paymentLink.count({ where: { merchantId: owner.merchant.id } })).toBe(links);
  });

  it("links and invoices: creates a link and an invoice, but cannot read payments or refund", async () => {
    const link = await newLink(owner, linksOnly.secretKey, "Made by a key");
    expect(link.status).toBe(201);
    expect(link.body.link).toMatchObject({ title: "Made by a key", amount: 500_000 });
    const invoice = await newInvoice(owner, linksOnly.secretKey);
    expect(invoice.status).toBe(201);
    expect(invoice.body.invoice.amount).toBe(250_000);

    const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    const refused = await refund(started.body.transactionId, linksOnly.secretKey);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("payments:read");
    const tx = await db.transaction.findUniqueOrThrow({ where: { id: started.body.transactionId } });
    expect(tx.refundedAmount).toBe(0n);
    expect((await txList(owner, linksOnly.secretKey)).status).toBe(403);
  });

  it("never replays another key's answer for the same Idempotency-Key", async () => {
    const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    const transactionId = started.body.transactionId as string;
    const send = (token: string) =>
      call(refundRoute.POST, {
        path: `/api/transactions/${transactionId}/refund`,
        params: { transactionId },
        token,
        body: {},
        headers: { "idempotency-key": `shared-${transactionId}` },
      });
    // The default key's answer (400: still pending) is stored for that key...
    expect((await send(owner.secretKey)).status).toBe(400);
    const stored = { key: `shared-${transactionId}`, responseStatus: 400 };
    expect(await db.idempotencyKey.count({ where: stored })).toBe(1);
    // ...and never handed to a restricted key without payments:read.
    const other = await send(linksOnly.secretKey);
    expect(other.status).toBe(403);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
  });

  it("starts payments only with payments:initiate", async () => {
    const refused = await initiate(paymentBody(owner.merchant.id), { key: readOnly.secretKey });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("payments:initiate");
    const key = (await create(owner, owner.token, { name: "Checkout", permissions: ["payments:initiate"] })).body.key;
    const started = await initiate(paymentBody(owner.merchant.id), { key: key.secretKey });
    expect(started.status).toBe(201);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: started.body.transactionId } })).environment).toBe("test");
  });

  it("records when a key was last used", async () => {
    const key = (await create(owner, owner.token, { name: "Used once", permissions: KEY_PRESETS.readOnly })).body.key;
    expect((await txList(owner, key.secretKey!)).status).toBe(200);
    await vi.waitFor(async () => expect((await list(owner)).find((k) => k.id === key.id)?.lastUsedAt).not.toBeNull(), { timeout: 5_000 });
  });
});

describe("the default secret key", () => {
  it("keeps today's powers, gains link and invoice reads, and still answers 401 on their writes (the contract)", async () => {
    const plan = await call(plansRoute.POST, {
      ...at(owner.merchant.id, "/plans"),
      token: owner.secretKey,
      body: { name: "Silver", amount: 300_000, interval: "monthly" },
    });
    expect(plan.status).toBe(201);
    expect((await txList(owner, owner.secretKey)).status).toBe(200);
    expect((await call(linksRoute.GET, { ...at(owner.merchant.id, "/payment-links"), token: owner.secretKey })).status).toBe(200);
    const link = await newLink(owner, owner.secretKey);
    expect(link.status).toBe(401);
    expect(link.body.message).toContain("user token");
    expect((await newInvoice(owner, owner.secretKey)).status).toBe(401);
  });
});

describe("walls", () => {
  it("another merchant's key, objects and key ids answer 404", async () => {
    const theirs = (await create(stranger, stranger.token, { name: "Theirs", permissions: KEY_PRESETS.linksAndInvoices })).body.key;
    // Their key on our merchant, our key on theirs.
    expect((await newLink(owner, theirs.secretKey!)).status).toBe(404);
    expect((await newLink(stranger, linksOnly.secretKey)).status).toBe(404);
    // Their link through our key's merchant path.
    const link = await createLink({ merchantId: stranger.merchant.id, environment: "test" }, { title: "Not yours" });
    const read = await call(linkRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/payment-links/${link.id}`,
      params: { merchantId: owner.merchant.id, linkId: link.id },
      token: readOnly.secretKey,
    });
    expect(read.status).toBe(404);
    // Revoking their key from our merchant.
    expect((await revoke(owner, owner.token, theirs.id!)).status).toBe(404);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: theirs.id } })).revokedAt).toBeNull();
  });

  it("a test key never reaches live objects", async () => {
    const live = await createMerchantOwner();
    await readyForLive(live.merchant.id);
    const key = (await create(live, live.token, { name: "Test reader", permissions: ["merchant:read", "payments:read", "payments:refund", "links:write"] }))
      .body.key;
    const liveLink = await createLink({ merchantId: live.merchant.id, environment: "live" }, { title: "Live link" });
    const testTx = (await initiate(paymentBody(live.merchant.id), { key: live.secretKey })).body.transactionId as string;
    const liveTx = await insertLiveCopy(testTx, { status: "COMPLETED" });

    const links = await call(linksRoute.GET, { ...at(live.merchant.id, "/payment-links"), token: key.secretKey });
    expect(links.body.data.map((l: { id: string }) => l.id)).not.toContain(liveLink.id);
    const linkPath = `/api/merchants/${live.merchant.id}/payment-links/${liveLink.id}`;
    expect((await call(linkRoute.GET, { path: linkPath, params: { merchantId: live.merchant.id, linkId: liveLink.id }, token: key.secretKey })).status).toBe(
      404,
    );
    const verify = await call(verifyRoute.GET, { path: `/api/transactions/${liveTx.id}/verify`, params: { transactionId: liveTx.id }, token: key.secretKey });
    expect(verify.status).toBe(404);
    expect((await refund(liveTx.id, key.secretKey!)).status).toBe(404);
    expect((await txList(live, key.secretKey!)).body.data.map((t: { id: string }) => t.id)).not.toContain(liveTx.id);
    // A key without payments:read is told nothing about the other mode either (404, not 403).
    const linksKey = (await create(live, live.token, { name: "Links", permissions: ["links:write"] })).body.key.secretKey!;
    const verifyWith = (transactionId: string) =>
      call(verifyRoute.GET, { path: `/api/transactions/${transactionId}/verify`, params: { transactionId }, token: linksKey });
    expect((await verifyWith(liveTx.id)).status).toBe(404);
    expect((await verifyWith(testTx)).status).toBe(403);
  });
});
