// Issue 13, finding 7: the SSRF filter missed IPv6 forms that embed an IPv4 address (IPv4-compatible,
// IPv4-translated, NAT64, 6to4, Teredo). Checked through the real create/update routes, through a
// delivery to an IP literal, and through DNS answers at save time and at connect time.
import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { stopWorkers } from "@/lib/jobs/boss";
import { attemptDelivery } from "@/lib/webhooks/delivery";
import * as collection from "@/app/api/merchants/[merchantId]/webhooks/route";
import * as single from "@/app/api/merchants/[merchantId]/webhooks/[webhookId]/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { recordEvents } from "../helpers/webhooks";
import { insertWebhookEndpoint } from "../helpers/rows";

// Names under .paylink.test answer what this table says, at save time (dns/promises) and at connect
// time (dns.lookup, used by the delivery client); every other name resolves for real.
const FAKE_DNS = vi.hoisted(() => new Map<string, string[]>());
const familyOf = (address: string) => (address.includes(":") ? 6 : 4);
vi.mock("node:dns", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:dns")>();
  type Callback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
  const lookup = (hostname: string, options: { all?: boolean }, callback: Callback) => {
    const fake = FAKE_DNS.get(hostname);
    if (!fake) return (real.lookup as unknown as (h: string, o: object, c: Callback) => void)(hostname, options, callback);
    const answers = fake.map((address) => ({ address, family: familyOf(address) }));
    setImmediate(() => (options.all ? callback(null, answers) : callback(null, answers[0]!.address, answers[0]!.family)));
  };
  return { ...real, lookup, default: { ...real, lookup } };
});
vi.mock("node:dns/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:dns/promises")>();
  const lookup = async (hostname: string, options: object) => {
    const fake = FAKE_DNS.get(hostname);
    return fake ? fake.map((address) => ({ address, family: familyOf(address) })) : real.lookup(hostname, options as { all: true });
  };
  return { ...real, lookup, default: { ...real, lookup } };
});

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
let owner: Owner;

const EMBEDDED_PRIVATE = [
  ["IPv4-compatible loopback", "https://[::127.0.0.1]/hook"],
  ["IPv4-translated loopback", "https://[::ffff:0:127.0.0.1]/hook"],
  ["NAT64 loopback", "https://[64:ff9b::127.0.0.1]/hook"],
  ["NAT64 cloud metadata", "https://[64:ff9b::a9fe:a9fe]/hook"],
  ["6to4 loopback", "https://[2002:7f00:1::]/hook"],
  ["IPv4-mapped loopback", "https://[::ffff:127.0.0.1]/hook"],
  ["IPv4-mapped metadata (hex)", "https://[::ffff:a9fe:a9fe]/hook"],
  ["IPv4-mapped private", "https://[::ffff:10.0.0.1]/hook"],
  ["local-use NAT64", "https://[64:ff9b:1::a00:1]/hook"],
  ["6to4 of a public address", "https://[2002:101:101::1]/hook"],
  ["Teredo", "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook"],
] as const;

const OTHER_PRIVATE = [
  ["unspecified IPv6", "https://[::]/hook"],
  ["IPv6 loopback", "https://[::1]/hook"],
  ["unique local", "https://[fd00::1]/hook"],
  ["IPv6 link-local", "https://[fe80::1]/hook"],
  ["IPv6 documentation", "https://[2001:db8::1]/hook"],
  ["octal loopback", "https://0177.0.0.1/hook"],
  ["decimal loopback", "https://2130706433/hook"],
  ["carrier-grade NAT", "https://100.64.0.1/hook"],
  ["IPv4 documentation", "https://192.0.2.10/hook"],
  ["broadcast", "https://255.255.255.255/hook"],
] as const;

const PUBLIC = [
  ["public IPv4", "https://1.1.1.1/hook"],
  ["public IPv6", "https://[2606:4700:4700::1111]/hook"],
  ["IPv4-mapped public", "https://[::ffff:1.1.1.1]/hook"],
  ["NAT64 of a public address (IPv6-only networks)", "https://[64:ff9b::1.1.1.1]/hook"],
  ["a name that resolves to a public address", "https://public.paylink.test/hook"],
  ["a name that resolves to NAT64 of a public address", "https://public-nat64.paylink.test/hook"],
] as const;

const RESOLVES_PRIVATE = [
  ["NAT64 loopback", "https://nat64-loopback.paylink.test/hook", ["64:ff9b::7f00:1"]],
  ["IPv4-mapped metadata", "https://mapped-metadata.paylink.test/hook", ["::ffff:169.254.169.254"]],
  ["6to4 loopback", "https://sixtofour.paylink.test/hook", ["2002:7f00:1::"]],
  ["IPv4-compatible private", "https://compat.paylink.test/hook", ["::a00:1"]],
] as const;

const create = (url: string, merchant: Owner = owner) =>
  call(collection.POST, {
    path: `/api/merchants/${merchant.merchant.id}/webhooks`,
    params: { merchantId: merchant.merchant.id },
    token: merchant.token,
    body: { url, events: ["transaction.completed"] },
  });

beforeAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  process.env.WEBHOOK_TIMEOUT_MS = "2000";
  FAKE_DNS.set("public.paylink.test", ["1.1.1.1"]);
  FAKE_DNS.set("public-nat64.paylink.test", ["64:ff9b::101:101"]);
  for (const [, url, answers] of RESOLVES_PRIVATE) FAKE_DNS.set(new URL(url).hostname, [...answers]);
  owner = await createMerchantOwner();
});

beforeEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
});

afterAll(async () => {
  delete process.env.WEBHOOK_TIMEOUT_MS;
  await stopWorkers();
});

describe("saving a webhook URL", () => {
  it.each([...EMBEDDED_PRIVATE, ...OTHER_PRIVATE])("refuses %s (%s) with 400 and stores nothing", async (_name, url) => {
    const res = await create(url);
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([{ field: "url", message: expect.stringMatching(/private, loopback or link-local/) }]);
    expect(await db.webhookEndpoint.count({ where: { merchantId: owner.merchant.id, url } })).toBe(0);
  });

  it.each(RESOLVES_PRIVATE)("refuses a name whose DNS answer is %s (%s)", async (_name, url) => {
    const res = await create(url);
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors[0].field).toBe("url");
  });

  it("accepts public addresses, including a public IPv4 inside IPv4-mapped and NAT64 forms", async () => {
    const merchant = await createMerchantOwner();
    for (const [name, url] of PUBLIC) expect((await create(url, merchant)).status, name).toBe(201);
  });

  it("applies the same check when the URL is changed", async () => {
    const merchant = await createMerchantOwner();
    const made = await create("https://1.1.1.1/hook", merchant);
    const webhookId = made.body.webhook.id as string;
    const put = (url: string) =>
      call(single.PUT, {
        method: "PUT",
        path: `/api/merchants/${merchant.merchant.id}/webhooks/${webhookId}`,
        params: { merchantId: merchant.merchant.id, webhookId },
        token: merchant.token,
        body: { url },
      });
    for (const [name, url] of EMBEDDED_PRIVATE.slice(0, 5)) expect((await put(url)).status, name).toBe(400);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: webhookId } })).url).toBe("https://1.1.1.1/hook");
  });
});

describe("delivering to a saved URL", () => {
  // Rows written directly, as if saved before this fix or while WEBHOOK_ALLOW_PRIVATE_URLS was on.
  async function deliverTo(url: string) {
    const endpoint = await insertWebhookEndpoint({ merchantId: owner.merchant.id, url, secret: `whsec_${"a".repeat(32)}` });
    const [eventId] = await recordEvents(owner.merchant.id, 1);
    await db.event.update({ where: { id: eventId }, data: { dispatchedAt: new Date() } });
    const delivery = await db.webhookDelivery.create({ data: { eventId: eventId!, endpointId: endpoint.id, nextAttemptAt: new Date() } });
    const outcome = await attemptDelivery(delivery.id);
    const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: delivery.id } });
    await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
    return { outcome, attempt };
  }

  it.each(EMBEDDED_PRIVATE.slice(0, 5))("refuses to connect to %s (%s)", async (_name, url) => {
    const { outcome, attempt } = await deliverTo(url);
    expect(outcome.status).toBe("retry");
    expect(attempt).toMatchObject({ statusCode: null, succeeded: false });
    expect(attempt.error).toMatch(/private, loopback or link-local/);
  });

  it.each(RESOLVES_PRIVATE)("refuses a name whose DNS answer at connect time is %s (%s)", async (_name, url) => {
    const { attempt } = await deliverTo(url);
    expect(attempt).toMatchObject({ statusCode: null, succeeded: false });
    expect(attempt.error).toMatch(/private, loopback or link-local/);
  });
});
