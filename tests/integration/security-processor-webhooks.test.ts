// Issue 13, finding 10: a correctly signed processor webhook with a malformed field answered 500 (and
// was retried for days). Every processor's payload is parsed with a schema at the boundary: a bad
// field is a 400 naming it, the event is recorded once (outcome "malformed"), and the transaction is
// unchanged. All bodies are signed for real and posted through the real webhook route.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, sandboxEvent, transactionByReference } from "../helpers/payments";
import { FLW_HASH, withFakeProcessors } from "../helpers/fake-processors";
import { paystackWebhook } from "../fakes/paystack";
import { flutterwaveWebhook } from "../fakes/flutterwave";

const fakes = withFakeProcessors({ timeoutMs: 2_000 });
type Processor = "paystack" | "flutterwave" | "sandbox";

async function pendingPayment(processor: Processor) {
  if (processor === "sandbox") {
    delete process.env.PAYMENT_PROCESSOR;
    const { reloadConfig } = await import("@/lib/config");
    const { resetProcessors } = await import("@/lib/processors");
    reloadConfig();
    resetProcessors();
  } else {
    fakes.use(processor);
  }
  const owner = await createMerchantOwner();
  const res = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
  expect(res.status).toBe(201);
  const reference = res.body.reference as string;
  if (processor !== "sandbox") fakes[processor].setOutcome(reference, "success");
  return reference;
}

/** A signed success event for `reference` with some fields replaced. */
function signedEvent(processor: Processor, reference: string, change: Record<string, unknown>) {
  if (processor === "sandbox") return sandboxEvent(reference, change);
  if (processor === "paystack") return paystackWebhook(fakes.paystack.secretKey, "charge.success", { ...fakes.paystack.webhookData(reference), ...change });
  return flutterwaveWebhook(FLW_HASH, { ...fakes.flutterwave.webhookData(reference), ...change });
}

const malformedCount = (processor: Processor) => db.processorEvent.count({ where: { processor, outcome: "malformed" } });

async function expectUnchanged(reference: string) {
  const t = await transactionByReference(reference);
  expect(t).toMatchObject({ status: "PENDING", fee: 0n, completedAt: null, flaggedReason: null, failureReason: null, paymentMethod: null });
  expect(await db.event.count({ where: { merchantId: t.merchantId } })).toBe(0);
}

const AMOUNT = { paystack: "amount", flutterwave: "amount", sandbox: "amount" } as const;
const PAID_AT = { paystack: "paid_at", flutterwave: "created_at", sandbox: "paid_at" } as const;
const REFERENCE = { paystack: "reference", flutterwave: "tx_ref", sandbox: "reference" } as const;

const CASES = (p: Processor): [string, Record<string, unknown>][] => [
  ["an amount in exponent notation", { [AMOUNT[p]]: "1e5" }],
  ["an amount that is not a number", { [AMOUNT[p]]: "lots" }],
  ["a negative amount", { [AMOUNT[p]]: -250_000 }],
  ["an amount past 2^53", { [AMOUNT[p]]: 2 ** 60 }],
  ["a date that is not a date", { [PAID_AT[p]]: "not-a-date" }],
  ["a date PostgreSQL cannot store", { [PAID_AT[p]]: "-271821-04-20T00:00:00.000Z" }],
  ["a currency that is not a code", { currency: "N\u0000G" }],
  ["an id that is an object", { id: { nested: true } }],
  ["a reference with a NUL character", { [REFERENCE[p]]: "TXN-\u0000" }],
  ["a status that is not text", { status: 7 }],
  ["a reference with a lone surrogate", { [REFERENCE[p]]: "TXN-\ud800" }],
];

describe.each(["paystack", "flutterwave", "sandbox"] as const)("%s: a signed webhook with a malformed field", (processor) => {
  it.each(CASES(processor))("answers 400 to %s, records it once and changes nothing", async (_what, change) => {
    const reference = await pendingPayment(processor);
    const before = await malformedCount(processor);
    const event = signedEvent(processor, reference, change);
    const res = await postWebhook(processor, event);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(/^Malformed webhook: /);
    expect(await malformedCount(processor)).toBe(before + 1);
    // The processor retries the same bytes: recorded once, answered the same.
    expect((await postWebhook(processor, event)).status).toBe(400);
    expect(await malformedCount(processor)).toBe(before + 1);
    await expectUnchanged(reference);
  });

  it("links the recorded event to the transaction its reference names, keeping the payload", async () => {
    const reference = await pendingPayment(processor);
    const res = await postWebhook(processor, signedEvent(processor, reference, { [AMOUNT[processor]]: "1e5" }));
    expect(res.status).toBe(400);
    const t = await transactionByReference(reference);
    const stored = await db.processorEvent.findFirstOrThrow({ where: { transactionId: t.id } });
    expect(stored).toMatchObject({ processor, outcome: "malformed", externalId: expect.stringMatching(/^malformed:[0-9a-f]{64}$/) });
    expect(JSON.stringify(stored.payload)).toContain("1e5");
  });

  it("still answers 401 to the same body unsigned, storing nothing", async () => {
    const reference = await pendingPayment(processor);
    const before = await db.processorEvent.count();
    const event = signedEvent(processor, reference, { [AMOUNT[processor]]: "1e5" });
    const res = await postWebhook(processor, { body: event.body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(401);
    expect(await db.processorEvent.count()).toBe(before);
  });
});

describe("fields the settlement does not read", () => {
  it.each(["paystack", "flutterwave", "sandbox"] as const)(
    "%s: a NUL in customer metadata does not stop a valid event (stored with U+FFFD)",
    async (processor) => {
      const reference = await pendingPayment(processor);
      const res = await postWebhook(processor, signedEvent(processor, reference, { customer: { email: "a@example.com", name: "Ada\u0000Obi" } }));
      expect(res.status, res.text).toBe(200);
      const t = await transactionByReference(reference);
      expect(t.status).toBe("COMPLETED");
      const stored = await db.processorEvent.findFirstOrThrow({ where: { transactionId: t.id } });
      expect(JSON.stringify(stored.payload)).toContain("Ada\uFFFDObi");
    },
  );
});

describe("a signed body that is not an event at all", () => {
  it.each([
    ["not JSON", "{not json"],
    ["a JSON array", "[1,2,3]"],
    ["no data object", JSON.stringify({ event: "charge.success", data: "x" })],
    ["an event type that is not text", JSON.stringify({ event: 42, data: { id: 1, reference: "TXN-1" } })],
  ])("sandbox: %s answers 400 and is recorded", async (_what, body) => {
    const { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } = await import("@/lib/processors/sandbox");
    await pendingPayment("sandbox");
    const before = await malformedCount("sandbox");
    const res = await postWebhook("sandbox", { body, headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body) } });
    expect(res.status, res.text).toBe(400);
    expect(await malformedCount("sandbox")).toBe(before + 1);
  });
});

/** `event` with `placeholder` (a JSON string) replaced by `json`, signed again as the processor would. */
async function resigned(processor: Processor, event: { body: string; headers: Record<string, string> }, placeholder: string, json: string) {
  const body = event.body.replace(JSON.stringify(placeholder), json);
  const headers = { ...event.headers };
  if (processor === "paystack") headers["x-paystack-signature"] = createHmac("sha512", fakes.paystack.secretKey).update(body).digest("hex");
  if (processor === "sandbox") {
    const { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } = await import("@/lib/processors/sandbox");
    headers[SANDBOX_SIGNATURE_HEADER] = signSandboxPayload(body);
  }
  return { body, headers };
}

// Issue 23, finding 6: these answered 500 on every retry (a recursive walk overflowed the stack, and
// PostgreSQL refused the lone surrogate in the stored jsonb payload).
describe.each(["paystack", "flutterwave", "sandbox"] as const)("%s: a signed webhook with hostile JSON", (processor) => {
  it.each([
    ["arrays nested 30,000 deep", `${"[".repeat(30_000)}${"]".repeat(30_000)}`],
    ["objects nested 10,000 deep", `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`],
    ["nested 65 deep", `${"[".repeat(65)}${"]".repeat(65)}`],
  ])("answers 400 to %s in an unread field, records it once and changes nothing", async (_what, deep) => {
    const reference = await pendingPayment(processor);
    const before = await malformedCount(processor);
    const event = await resigned(processor, signedEvent(processor, reference, { customer: "DEEP" }), "DEEP", deep);
    const res = await postWebhook(processor, event);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(/^Malformed webhook: .*nested too deeply/);
    expect(await malformedCount(processor)).toBe(before + 1);
    expect((await postWebhook(processor, event)).status).toBe(400);
    expect(await malformedCount(processor)).toBe(before + 1);
    await expectUnchanged(reference);
    const stored = await db.processorEvent.findFirstOrThrow({ where: { processor, outcome: "malformed" }, orderBy: { createdAt: "desc" } });
    expect(JSON.stringify(stored.payload)).toContain("unparsedBody");
  });

  it("settles a valid event with lone surrogates in unread fields and keys (stored with U+FFFD)", async () => {
    const reference = await pendingPayment(processor);
    const event = await resigned(
      processor,
      signedEvent(processor, reference, { customer: "META" }),
      "META",
      '{"email":"a@example.com","name":"Ada\\ud800Obi","\\udc00":1}',
    );
    expect(event.body).toContain("Ada\\ud800Obi");
    const res = await postWebhook(processor, event);
    expect(res.status, res.text).toBe(200);
    const t = await transactionByReference(reference);
    expect(t.status).toBe("COMPLETED");
    const stored = await db.processorEvent.findFirstOrThrow({ where: { transactionId: t.id } });
    expect(stored.payload).toMatchObject({ data: { customer: { name: "Ada\uFFFDObi", "\uFFFD": 1 } } });
  });
});
