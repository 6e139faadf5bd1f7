// Dated API versions: the Paylink-Version header, merchants pinned by their first call, webhook
// endpoints by their creation, and an older version still getting the older shape (lib/api/versions.ts).
// Answers in 2026-11-22 are not checked against the OpenAPI document, which describes the latest.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startWorkers, stopWorkers } from "@/lib/jobs/boss";
import { LATEST_VERSION, VERSION_NAMES } from "@/lib/api/versions";
import { getDelivery } from "@/lib/webhooks/queries";
import * as invoicesRoute from "@/app/api/merchants/[merchantId]/invoices/route";
import * as invoiceRoute from "@/app/api/merchants/[merchantId]/invoices/[invoiceId]/route";
import * as customersRoute from "@/app/api/merchants/[merchantId]/customers/route";
import * as customerRoute from "@/app/api/merchants/[merchantId]/customers/[customerId]/route";
import * as webhooksRoute from "@/app/api/merchants/[merchantId]/webhooks/route";
import * as eventsRoute from "@/app/api/events/route";
import * as eventRoute from "@/app/api/events/[eventId]/route";
import * as healthRoute from "@/app/api/health/route";
import { call, type CallOptions } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { eventData, recordEvents, waitFor } from "../helpers/webhooks";
import { insertCustomer } from "../helpers/rows";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
const OLD = "2026-11-22";
const OLD_SHAPE = "an answer in 2026-11-22; the document describes the latest version";
const NEW_INVOICE_FIELDS = ["amountPaid", "amountDue", "allowPartialPayments", "minimumPaymentAmount", "allocations"];
const version = (v: string | undefined) => (v ? { "Paylink-Version": v } : undefined);
/** Call options asking for version `v`: an answer in OLD is not checked against the document, which describes the latest. */
const inVersion = (v: string | undefined) => ({ headers: version(v), unchecked: v === OLD ? OLD_SHAPE : undefined });
const pinnedOf = async (owner: Owner) => (await db.merchant.findUniqueOrThrow({ where: { id: owner.merchant.id } })).apiVersion;

const invoiceBody = { customerEmail: "ada@example.com", lineItems: [{ description: "Catering", amount: 500_000, quantity: 1 }] };

/** Creates invoiceBody's invoice in version `v` (none: the merchant's own); with an idempotency key, a repeat is a replay. */
function createInvoice(owner: Owner, v?: string, idempotencyKey?: string) {
  const merchantId = owner.merchant.id;
  return call(invoicesRoute.POST, {
    path: `/api/merchants/${merchantId}/invoices`,
    params: { merchantId },
    body: invoiceBody,
    token: owner.token,
    ...inVersion(v),
    headers: { ...version(v), ...(idempotencyKey && { "Idempotency-Key": idempotencyKey }) },
  });
}

function listInvoices(owner: Owner, options: Partial<CallOptions> = {}) {
  const merchantId = owner.merchant.id;
  return call(invoicesRoute.GET, { path: `/api/merchants/${merchantId}/invoices`, params: { merchantId }, token: owner.token, ...options });
}

function getInvoice(owner: Owner, invoiceId: string, options: Partial<CallOptions> = {}) {
  const merchantId = owner.merchant.id;
  return call(invoiceRoute.GET, {
    path: `/api/merchants/${merchantId}/invoices/${invoiceId}`,
    params: { merchantId, invoiceId },
    token: owner.token,
    ...options,
  });
}

/** An invoice paid in part (made so directly: the shapes are what this file is about, not instalments). */
async function partlyPaidInvoice(owner: Owner) {
  const created = await createInvoice(owner, LATEST_VERSION);
  expect(created.status).toBe(201);
  await db.invoice.update({ where: { id: created.body.invoice.id }, data: { status: "PARTIALLY_PAID", amountPaid: 200_000n, sentAt: new Date() } });
  return created.body.invoice.id as string;
}

let receiver: Receiver;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  receiver = await startReceiver();
  await startWorkers();
});

afterAll(async () => {
  await stopWorkers();
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
});

describe("the Paylink-Version header", () => {
  it("is answered on every response: the version sent, else the latest", async () => {
    const sent = await call(healthRoute.GET, { path: "/api/health", headers: version(OLD) });
    expect(sent.status).toBe(200);
    expect(sent.headers.get("paylink-version")).toBe(OLD);
    const none = await call(healthRoute.GET, { path: "/api/health" });
    expect(none.headers.get("paylink-version")).toBe(LATEST_VERSION);
  });

  it("refuses an unknown version with 400 invalid_api_version naming the known ones, and pins nothing", async () => {
    const owner = await createMerchantOwner();
    const res = await call(eventsRoute.GET, { path: "/api/events", token: owner.secretKey, headers: version("2026-01-01") });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_api_version");
    expect(res.body.knownVersions).toEqual(VERSION_NAMES);
    for (const known of VERSION_NAMES) expect(res.body.message).toContain(known);
    expect(res.headers.get("paylink-version")).toBe(LATEST_VERSION);
    expect(await pinnedOf(owner)).toBeNull();

    const garbage = await call(healthRoute.GET, { path: "/api/health", headers: version("latest") });
    expect(garbage.status).toBe(400);
    expect(garbage.body.code).toBe("invalid_api_version");
  });
});

describe("a merchant pinned by its first call", () => {
  it("answers later calls without the header in the pinned version's shape; the header still overrides", async () => {
    const owner = await createMerchantOwner();
    expect(await pinnedOf(owner)).toBeNull();
    const first = await listInvoices(owner, inVersion(OLD));
    expect(first.status).toBe(200);
    expect(await pinnedOf(owner)).toBe(OLD);

    const invoiceId = await partlyPaidInvoice(owner);
    const old = await getInvoice(owner, invoiceId, { unchecked: OLD_SHAPE });
    expect(old.status).toBe(200);
    expect(old.headers.get("paylink-version")).toBe(OLD);
    expect(old.body.invoice).toMatchObject({ id: invoiceId, status: "SENT", amount: 500_000 });
    for (const field of NEW_INVOICE_FIELDS) expect(old.body.invoice).not.toHaveProperty(field);

    const latest = await getInvoice(owner, invoiceId, { headers: version(LATEST_VERSION) });
    expect(latest.headers.get("paylink-version")).toBe(LATEST_VERSION);
    expect(latest.body.invoice).toMatchObject({ id: invoiceId, status: "PARTIALLY_PAID", amountPaid: 200_000, amountDue: 300_000, allocations: [] });
    // The header does not move the pin.
    expect(await pinnedOf(owner)).toBe(OLD);

    // Lists: every item in the old shape.
    const list = await listInvoices(owner, { unchecked: OLD_SHAPE });
    const listed = list.body.data.find((i: { id: string }) => i.id === invoiceId);
    expect(listed.status).toBe("SENT");
    expect(listed).not.toHaveProperty("amountDue");
  });

  it("pins to the latest when the first call sends no header, and a secret key pins too", async () => {
    const owner = await createMerchantOwner();
    const res = await call(eventsRoute.GET, { path: "/api/events", token: owner.secretKey });
    expect(res.status).toBe(200);
    expect(res.headers.get("paylink-version")).toBe(LATEST_VERSION);
    expect(await pinnedOf(owner)).toBe(LATEST_VERSION);
    // A later header for an older version answers in it, but leaves the pin.
    const older = await call(eventsRoute.GET, { path: "/api/events", token: owner.secretKey, ...inVersion(OLD) });
    expect(older.headers.get("paylink-version")).toBe(OLD);
    expect(await pinnedOf(owner)).toBe(LATEST_VERSION);
  });

  it("gives customers without their credit in the old version", async () => {
    const owner = await createMerchantOwner();
    const customer = await insertCustomer({ merchantId: owner.merchant.id, email: "ada@example.com", balance: 70_000n, lastPaymentAt: new Date() });
    const merchantId = owner.merchant.id;
    const listOld = await call(customersRoute.GET, {
      path: `/api/merchants/${merchantId}/customers`,
      params: { merchantId },
      token: owner.secretKey,
      ...inVersion(OLD),
    });
    expect(listOld.body.data).toHaveLength(1);
    expect(listOld.body.data[0]).toMatchObject({ id: customer.id, email: "ada@example.com" });
    expect(listOld.body.data[0]).not.toHaveProperty("balance");

    const params = { merchantId, customerId: customer.id };
    const path = `/api/merchants/${merchantId}/customers/${customer.id}`;
    const oneOld = await call(customerRoute.GET, { path, params, token: owner.secretKey, unchecked: OLD_SHAPE });
    expect(oneOld.headers.get("paylink-version")).toBe(OLD);
    expect(oneOld.body.customer).not.toHaveProperty("balance");
    expect(Object.keys(oneOld.body).sort()).toEqual(["customer", "invoices", "transactions"]);

    const oneNew = await call(customerRoute.GET, { path, params, token: owner.secretKey, headers: version(LATEST_VERSION) });
    expect(oneNew.body.customer.balance).toBe(70_000);
    expect(oneNew.body).toHaveProperty("allocations");
  });
});

describe("idempotent replays", () => {
  it("replay the stored answer in the replaying request's version", async () => {
    const owner = await createMerchantOwner();
    const merchantId = owner.merchant.id;
    const post = (v: string) => createInvoice(owner, v, "versions-replay-1");
    const first = await post(OLD);
    expect(first.status).toBe(201);
    expect(first.body.invoice).not.toHaveProperty("amountDue");
    const replay = await post(LATEST_VERSION);
    expect(replay.status).toBe(201);
    expect(replay.body.invoice).toMatchObject({ id: first.body.invoice.id, amountDue: 500_000 });
    expect(await db.invoice.count({ where: { merchantId } })).toBe(1);
  });
});

describe("webhook endpoints and events", () => {
  async function createEndpoint(owner: Owner, path: string, v?: string) {
    const merchantId = owner.merchant.id;
    const res = await call(webhooksRoute.POST, {
      path: `/api/merchants/${merchantId}/webhooks`,
      params: { merchantId },
      token: owner.secretKey,
      headers: version(v),
      body: { url: `${receiver.url}${path}`, events: ["invoice.partially_paid"] },
    });
    expect(res.status).toBe(201);
    receiver.secrets.set(path, res.body.webhook.secretKey);
    return res.body.webhook as { id: string; apiVersion: string };
  }

  it("pins each endpoint to the version it was created with, and delivers each event in it", async () => {
    const owner = await createMerchantOwner();
    const old = await createEndpoint(owner, "/versions-old", OLD);
    expect(old.apiVersion).toBe(OLD);
    // The merchant was pinned to 2026-11-22 by that first call; this one asks for the latest.
    const latest = await createEndpoint(owner, "/versions-latest", LATEST_VERSION);
    expect(latest.apiVersion).toBe(LATEST_VERSION);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: old.id } })).apiVersion).toBe(OLD);

    const [eventId] = await recordEvents(owner.merchant.id, 1, "invoice.partially_paid");
    await waitFor(() => receiver.received.filter((r) => r.id === eventId).length === 2, 15_000, "both deliveries");
    const got = (path: string) => receiver.received.find((r) => r.id === eventId && r.path === path)!;
    const [oldGot, latestGot] = [got("/versions-old"), got("/versions-latest")];
    expect(oldGot.verified).toBe(true);
    expect(latestGot.verified).toBe(true);

    const data = eventData("invoice.partially_paid", 0);
    expect(latestGot.payload).toMatchObject({ id: eventId, type: "invoice.partially_paid", apiVersion: LATEST_VERSION, data });
    const oldPayload = oldGot.payload as { apiVersion: string; data: Record<string, unknown> };
    expect(oldPayload.apiVersion).toBe(OLD);
    expect(oldPayload.data).toMatchObject({ id: data.id, status: "SENT", amount: 500_000, transactionId: data.transactionId, reference: data.reference });
    for (const field of [...NEW_INVOICE_FIELDS, "amountApplied"]) expect(oldPayload.data).not.toHaveProperty(field);

    // The delivery log shows each payload as it was sent.
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId, endpointId: old.id } });
    const logged = await getDelivery({ merchantId: owner.merchant.id, environment: "test" }, old.id, delivery.id);
    expect(JSON.parse(JSON.stringify(logged.payload))).toEqual(oldPayload);
  });

  it("answers the events API in the request's version", async () => {
    const owner = await createMerchantOwner();
    const [eventId] = await recordEvents(owner.merchant.id, 1, "invoice.partially_paid");
    const one = (v?: string) =>
      call(eventRoute.GET, {
        path: `/api/events/${eventId}`,
        params: { eventId: eventId! },
        token: owner.secretKey,
        ...inVersion(v),
      });

    const latest = await one();
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({
      id: eventId,
      apiVersion: LATEST_VERSION,
      data: { status: "PARTIALLY_PAID", amountPaid: 200_000, amountApplied: 200_000 },
    });

    const old = await one(OLD);
    expect(old.headers.get("paylink-version")).toBe(OLD);
    expect(old.body).toMatchObject({ id: eventId, apiVersion: OLD, data: { status: "SENT" } });
    expect(old.body.data).not.toHaveProperty("amountApplied");
    expect(old.body.data).not.toHaveProperty("amountPaid");

    const list = await call(eventsRoute.GET, { path: "/api/events", token: owner.secretKey, ...inVersion(OLD) });
    expect(list.body.data).toEqual([old.body]);
  });
});

describe("the changelog", () => {
  it("lists every version of lib/api/versions.ts", () => {
    const changelog = readFileSync("docs/api-changelog.md", "utf8");
    for (const v of VERSION_NAMES) expect(changelog).toMatch(new RegExp(`^## ${v}`, "m"));
  });
});
