// Local fake Paystack and Flutterwave servers for one test file, and switching the app between them.
//
// Virtual accounts and inbound transfers (issue 27): each fake issues accounts over its documented API
// (Paystack: POST /customer then POST /dedicated_account, in `fakes.paystack.dedicatedAccounts`;
// Flutterwave: POST /v3/virtual-account-numbers, in `fakes.flutterwave.virtualAccounts`), both keyed by
// account number. `dedicatedAccountRefusal` / `virtualAccountRefusal` (a message) make creation refuse.
// A transfer into an account is one call; post its body and headers to the processor's webhook route:
//
//   const event = fakes.paystack.transferEvent({ accountNumber, amount: 250_000n, senderName: "ADA OBI" });
//   await fetch(`${base}/api/transactions/webhooks/paystack`, { method: "POST", headers: event.headers, body: event.body });
//
// `amount` is kobo for both. Paystack's is a signed charge.success (channel dedicated_nuban, the key of
// the account's mode); Flutterwave's a charge.completed (payment_type bank_transfer, tx_ref = the
// account's tx_ref, the sender in meta_data) with FLW_HASH. Each answers `reference` and `id`: the
// processor's verify answers that charge (Flutterwave's by id, GET /v3/transactions/:id/verify).
// Optional: senderBank, senderAccountNumber, narration.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { resetProcessors } from "@/lib/processors";
import { ProcessorError, type InitializeInput, type ProcessorAdapter, type SavedCardChargeInput, type VirtualAccountInput } from "@/lib/processors/types";
import { startFakePaystack, type FakePaystack } from "../fakes/paystack";
import { startFakeFlutterwave, type FakeFlutterwave } from "../fakes/flutterwave";
import type { RecordedRequest } from "../fakes/server";

export const FLW_HASH = "flw-webhook-hash-for-tests";

export type FakeProcessors = {
  paystack: FakePaystack;
  flutterwave: FakeFlutterwave;
  /**
   * Makes `route` the configured processor (one name: PAYMENT_PROCESSOR; a list: PAYMENT_PROCESSORS, in
   * order), each pointed at its fake, with this file's timeout. By default
   * both processors get their fake's test key under the older single names (PAYSTACK_SECRET_KEY,
   * FLUTTERWAVE_SECRET_KEY); `keys` replaces any key setting (undefined removes it).
   */
  use(route: FakeName | [FakeName, ...FakeName[]], keys?: Partial<Record<KeyName, string | undefined>>): void;
};

type FakeName = "paystack" | "flutterwave";
type KeyName = (typeof KEY_NAMES)[number];
const KEY_NAMES = [
  "PAYSTACK_SECRET_KEY",
  "PAYSTACK_TEST_SECRET_KEY",
  "PAYSTACK_LIVE_SECRET_KEY",
  "FLUTTERWAVE_SECRET_KEY",
  "FLUTTERWAVE_TEST_SECRET_KEY",
  "FLUTTERWAVE_LIVE_SECRET_KEY",
] as const;

/** Starts both fakes before the file's tests, answers normally again (breakers closed) after each test, stops them after. */
export function withFakeProcessors({ timeoutMs }: { timeoutMs: number }): FakeProcessors {
  const fakes = {
    use(route, keys = {}) {
      const names = typeof route === "string" ? [route] : route;
      for (const key of KEY_NAMES) delete process.env[key];
      delete process.env.PAYMENT_PROCESSORS;
      if (names.length > 1) process.env.PAYMENT_PROCESSORS = names.join(",");
      Object.assign(process.env, {
        PAYMENT_PROCESSOR: names[0],
        PAYSTACK_SECRET_KEY: fakes.paystack.secretKey,
        PAYSTACK_BASE_URL: fakes.paystack.baseUrl,
        FLUTTERWAVE_SECRET_KEY: fakes.flutterwave.secretKey,
        FLUTTERWAVE_SECRET_HASH: FLW_HASH,
        FLUTTERWAVE_BASE_URL: fakes.flutterwave.baseUrl,
        PROCESSOR_TIMEOUT_MS: String(timeoutMs),
      });
      for (const [key, value] of Object.entries(keys)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      reloadConfig();
      resetProcessors();
    },
  } as FakeProcessors;

  beforeAll(async () => {
    [fakes.paystack, fakes.flutterwave] = await Promise.all([startFakePaystack(), startFakeFlutterwave({ webhookHash: FLW_HASH })]);
  });
  afterEach(async () => {
    // Failures a test provoked may have opened a breaker (lib/processors/breaker.ts): the next test starts closed.
    await db.processorBreaker.deleteMany();
    fakes.paystack.mode = "ok";
    fakes.flutterwave.mode = "ok";
    fakes.paystack.delay = null;
    fakes.flutterwave.delay = null;
    fakes.paystack.failing = null;
    fakes.flutterwave.failing = null;
    fakes.paystack.dedicatedAccountRefusal = null;
    fakes.flutterwave.virtualAccountRefusal = null;
  });
  afterAll(async () => {
    await Promise.all([fakes.paystack.close(), fakes.flutterwave.close()]);
    for (const name of ["PAYMENT_PROCESSOR", "PAYMENT_PROCESSORS", "PROCESSOR_TIMEOUT_MS", ...KEY_NAMES]) delete process.env[name];
    reloadConfig();
    resetProcessors();
  });
  return fakes;
}

/** A `failing` filter: only payment initialization (Paystack's and Flutterwave's) meets the failure mode. */
export function initialization(request: RecordedRequest): boolean {
  const path = new URL(request.path, "http://fake").pathname;
  return request.method === "POST" && (path === "/transaction/initialize" || path === "/v3/payments");
}

/** A `failing` filter: only issuing a virtual account (Paystack's customer and account, Flutterwave's account). */
export function virtualAccountCreation(request: RecordedRequest): boolean {
  const path = new URL(request.path, "http://fake").pathname;
  return request.method === "POST" && ["/customer", "/dedicated_account", "/v3/virtual-account-numbers"].includes(path);
}

let charges = 0;

/** An adapter's initialize() input with a fresh reference (the adapter tests). */
export function chargeInput(amount: bigint, overrides: Partial<InitializeInput> = {}): InitializeInput {
  return {
    reference: `TXN-${Date.now()}-${++charges}`,
    amount,
    currency: "NGN",
    email: "ada@example.com",
    customerName: "Ada Obi",
    callbackUrl: "https://shop.example.com/done",
    channel: "bank_transfer",
    metadata: { orderId: "A-1" },
    ...overrides,
  };
}

let renewals = 0;

/** An adapter's chargeSavedCard() input for `authorization` with a fresh reference (the adapter tests). */
export function savedCardInput(amount: bigint, authorization: string, overrides: Partial<SavedCardChargeInput> = {}): SavedCardChargeInput {
  return {
    reference: `SUB1-${Date.now()}-${++renewals}`,
    amount,
    currency: "NGN",
    email: "ada@example.com",
    authorization,
    metadata: { subscriptionId: "sub_1" },
    ...overrides,
  };
}

let virtualAccounts = 0;

/** A customer to issue a virtual account for: a new e-mail each time (processors keep one customer per e-mail). */
export function virtualAccountInput(overrides: Partial<VirtualAccountInput> = {}): VirtualAccountInput {
  return {
    customerId: randomUUID(),
    email: `ada.va${++virtualAccounts}@example.com`,
    firstName: "Ada",
    lastName: "Obi",
    phone: "+2348012345678",
    narration: "Mama Put",
    ...overrides,
  };
}

/** The fake's last request, checked to be `method path` with the Bearer key `secret`. */
export function lastRequestTo(fake: FakePaystack | FakeFlutterwave, method: string, path: string, secret: string): RecordedRequest {
  const request = fake.requests.at(-1)!;
  expect(request).toMatchObject({ method, path });
  expect(request.headers.authorization).toBe(`Bearer ${secret}`);
  return request;
}

/**
 * The initialize() failures both adapters answer alike: a 503 and a 429 as unavailable, and a failure
 * of initialization alone leaving verify working. `name` is the processor's, as the test names say it.
 */
export function itReportsInitializeFailures(
  name: string,
  subject: () => { adapter: ProcessorAdapter; fake: FakePaystack | FakeFlutterwave },
  input: () => InitializeInput,
) {
  it(`reports a 503 and a 429 from ${name} as unavailable, the 429 with its Retry-After`, async () => {
    const { adapter, fake } = subject();
    fake.mode = "unavailable";
    expect(await processorError(adapter.initialize(input()))).toMatchObject({ kind: "unavailable", message: "Service temporarily unavailable" });
    fake.mode = "rate_limited";
    expect(await processorError(adapter.initialize(input()))).toMatchObject({ kind: "unavailable", message: "Too many requests", retryAfterMs: 1000 });
  });

  it("fails only initialization when told to: verify still answers", async () => {
    const { adapter, fake } = subject();
    const charge = input();
    await adapter.initialize(charge);
    fake.failing = initialization;
    fake.mode = "unavailable";
    expect((await processorError(adapter.initialize(input()))).kind).toBe("unavailable");
    expect((await adapter.verify(charge.reference)).reference).toBe(charge.reference);
  });
}

/** The ProcessorError a call rejects with; the test fails if it resolves or throws something else. */
export async function processorError(promise: Promise<unknown>): Promise<ProcessorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProcessorError);
  return error as ProcessorError;
}

/** The base URL of a port that was just listening and is now closed: a processor that cannot be reached. */
export async function closedProcessorUrl(): Promise<string> {
  const closed = await startFakePaystack();
  await closed.close();
  return closed.baseUrl;
}

/**
 * A processor that answers 503 is unavailable, one that hangs is a timeout, and one that cannot be reached
 * (`unreachable` gets a closed port's base URL) is unavailable: each a ProcessorError of that kind. Leaves the fake "ok".
 */
export async function expectOutagesAsProcessorErrors(
  fake: FakePaystack | FakeFlutterwave,
  call: () => Promise<unknown>,
  unreachable: (baseUrl: string) => Promise<unknown>,
) {
  fake.mode = "unavailable";
  expect((await processorError(call())).kind).toBe("unavailable");
  fake.mode = "hang";
  expect((await processorError(call())).kind).toBe("timeout");
  fake.mode = "ok";
  expect((await processorError(unreachable(await closedProcessorUrl()))).kind).toBe("unavailable");
}
