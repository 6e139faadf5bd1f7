// Issue 25, Deliver 4: a circuit breaker per processor and mode, shared by every app instance through
// PostgreSQL (lib/processors/breaker.ts). Paystack fails at the fake (503) on the route
// paystack,flutterwave; the breaker opens after PROCESSOR_BREAKER_FAILURES (3 here) and initiation
// stops calling it; after the cool-down one initiation probes it. A second app instance (its own Node
// process and pool) sees the same breaker.
import type { ChildProcess } from "node:child_process";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { reloadConfig } from "@/lib/config";
import { log } from "@/lib/log";
import { processorRoute } from "@/lib/processors";
import { recordProcessorResult, usableProcessors, type RoutedProcessor } from "@/lib/processors/breaker";
import * as healthRoute from "@/app/api/health/route";
import { call } from "../helpers/api";
import { startAppInstance, stopChildren } from "../helpers/app-process";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, transactionByReference } from "../helpers/payments";
import { initialization, withFakeProcessors } from "../helpers/fake-processors";
import type { FakeServer } from "../fakes/server";
import { apiError } from "../helpers/errors";

const TIMEOUT_MS = 1_000;
const LIMIT = 3;
const LONG_COOLDOWN_MS = 60_000;
const SHORT_COOLDOWN_MS = 300;
const fakes = withFakeProcessors({ timeoutMs: TIMEOUT_MS });
const children: ChildProcess[] = [];

const SETTINGS = ["PROCESSOR_BREAKER_FAILURES", "PROCESSOR_BREAKER_WINDOW_MS", "PROCESSOR_BREAKER_COOLDOWN_MS"] as const;

/** The breaker's settings for what follows (the fakes' route is set again, which reloads the config). */
function breakerSettings(cooldownMs: number) {
  Object.assign(process.env, {
    PROCESSOR_BREAKER_FAILURES: String(LIMIT),
    PROCESSOR_BREAKER_WINDOW_MS: "20000",
    PROCESSOR_BREAKER_COOLDOWN_MS: String(cooldownMs),
  });
  fakes.use(["paystack", "flutterwave"]);
}

beforeEach(async () => {
  await db.processorBreaker.deleteMany();
  breakerSettings(LONG_COOLDOWN_MS);
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await stopChildren(children);
  for (const name of SETTINGS) delete process.env[name];
  reloadConfig();
});

const initializations = (fake: FakeServer) => fake.requests.filter(initialization).length;
const counts = () => ({ paystack: initializations(fakes.paystack), flutterwave: initializations(fakes.flutterwave) });
const breaker = (processor: "paystack" | "flutterwave" = "paystack") =>
  db.processorBreaker.findUnique({ where: { processor_environment: { processor, environment: "test" } } });
const attemptsOf = async (reference: string) =>
  (await db.paymentAttempt.findMany({ where: { transaction: { reference } }, orderBy: { createdAt: "asc" } })).map((a) => [a.processor, a.outcome]);

function paystack(mode: "unavailable" | "error" | "garbage" | "ok") {
  fakes.paystack.failing = initialization;
  fakes.paystack.mode = mode;
}

/** Every "processor breaker changed state" line from now on, in order, as [processor, from, to, failures]. */
function changes() {
  const spies = [vi.spyOn(log, "warn"), vi.spyOn(log, "info")];
  return () =>
    spies
      .flatMap((spy) => spy.mock.calls.map((args, i) => ({ args, order: spy.mock.invocationCallOrder[i]! })))
      .filter(({ args }) => args[1] === "processor breaker changed state")
      .sort((a, b) => a.order - b.order)
      .map(({ args: [entry] }) => {
        const { processor, from, to, failures } = entry as unknown as Record<string, unknown>;
        return [processor, from, to, failures];
      });
}

/** LIMIT initiations while Paystack answers 503: each still gets a Flutterwave checkout; the last opens the breaker. */
async function openPaystack(key: string, merchantId: string) {
  paystack("unavailable");
  for (let i = 0; i < LIMIT; i++) {
    const res = await initiate(paymentBody(merchantId), { key });
    expect(res.status).toBe(201);
    expect(res.body.processor).toBe("flutterwave");
  }
  expect(await breaker()).toMatchObject({ state: "open", failures: LIMIT });
}

/** Waits (on the database's clock) until the open breaker's cool-down is over. */
async function coolDown() {
  for (;;) {
    const [row] = await db.$queryRaw<{ over: boolean }[]>`
      SELECT "retryAt" <= (now() AT TIME ZONE 'UTC') AS over FROM "ProcessorBreaker" WHERE processor = 'paystack' AND environment = 'test'`;
    if (row?.over) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("opening", () => {
  it("after N failures in the window, initiations do not call Paystack at all and still get a Flutterwave checkout", async () => {
    const { merchant, secretKey } = await createMerchantOwner();
    const logged = changes();
    const before = counts();
    await openPaystack(secretKey, merchant.id);
    expect(counts()).toEqual({ paystack: before.paystack + LIMIT, flutterwave: before.flutterwave + LIMIT });
    const row = (await breaker())!;
    expect(row.retryAt!.getTime() - row.openedAt!.getTime()).toBe(LONG_COOLDOWN_MS);
    expect(logged()).toEqual([["paystack", "closed", "open", LIMIT]]);

    // Paystack would answer now, but the breaker is open: it is not asked.
    paystack("ok");
    for (let i = 0; i < 3; i++) {
      const res = await initiate(paymentBody(merchant.id), { key: secretKey });
      expect(res.status).toBe(201);
      expect(res.body.processor).toBe("flutterwave");
      expect(res.body.authorizationUrl).toBe(fakes.flutterwave.charges.get(res.body.reference)!.link);
      expect(await attemptsOf(res.body.reference)).toEqual([["flutterwave", "started"]]);
      expect((await transactionByReference(res.body.reference)).processor).toBe("flutterwave");
    }
    expect(counts()).toEqual({ paystack: before.paystack + LIMIT, flutterwave: before.flutterwave + LIMIT + 3 });
  });

  it("failures older than the window start a new count", async () => {
    process.env.PROCESSOR_BREAKER_WINDOW_MS = "200";
    reloadConfig();
    await recordProcessorResult("paystack", "test", "unavailable");
    await recordProcessorResult("paystack", "test", "timeout");
    expect(await breaker()).toMatchObject({ state: "closed", failures: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await recordProcessorResult("paystack", "test", "unavailable");
    expect(await breaker()).toMatchObject({ state: "closed", failures: 1 });
  });

  it("every processor open: 502 at once, no processor called, no transaction made", async () => {
    const { merchant, secretKey } = await createMerchantOwner();
    const retryAt = new Date(Date.now() + LONG_COOLDOWN_MS);
    await db.processorBreaker.createMany({
      data: (["paystack", "flutterwave"] as const).map((processor) => ({
        processor,
        environment: "test" as const,
        state: "open" as const,
        failures: LIMIT,
        retryAt,
      })),
    });
    const before = counts();
    const res = await initiate(paymentBody(merchant.id), { key: secretKey });
    expect(res.status).toBe(502);
    expect(res.body).toEqual(apiError({ message: "Payment processor error: Paystack and Flutterwave are temporarily unavailable", code: "processor_error" }));
    expect(counts()).toEqual(before);
    expect(await db.transaction.count({ where: { merchantId: merchant.id } })).toBe(0);
  });

  it("20 failures at once are all counted, and the breaker opens exactly once", async () => {
    const logged = changes();
    await Promise.all(Array.from({ length: 20 }, () => recordProcessorResult("paystack", "test", "unavailable")));
    expect(await breaker()).toMatchObject({ state: "open", failures: 20 });
    expect(logged()).toEqual([["paystack", "closed", "open", LIMIT]]);
  });
});

describe("what counts", () => {
  it("a refusal does not count as a failure: Paystack keeps being asked, and its answer clears earlier failures", async () => {
    const { merchant, secretKey } = await createMerchantOwner();
    paystack("unavailable");
    for (let i = 0; i < LIMIT - 1; i++) expect((await initiate(paymentBody(merchant.id), { key: secretKey })).body.processor).toBe("flutterwave");
    expect(await breaker()).toMatchObject({ state: "closed", failures: LIMIT - 1 });

    paystack("error");
    const before = counts();
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await initiate(paymentBody(merchant.id), { key: secretKey });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe("Payment processor error: Invalid key");
    }
    expect(counts()).toEqual({ paystack: before.paystack + LIMIT + 1, flutterwave: before.flutterwave });
    expect(await breaker()).toMatchObject({ state: "closed", failures: 0, windowStart: null });
  });

  it("a garbled answer counts as neither a failure nor a success", async () => {
    const { merchant, secretKey } = await createMerchantOwner();
    paystack("unavailable");
    await initiate(paymentBody(merchant.id), { key: secretKey });
    paystack("garbage");
    for (let i = 0; i < LIMIT; i++) expect((await initiate(paymentBody(merchant.id), { key: secretKey })).status).toBe(502);
    expect(await breaker()).toMatchObject({ state: "closed", failures: 1 });
  });

  it("successes on a clean breaker write nothing (no row is made)", async () => {
    const { merchant, secretKey } = await createMerchantOwner();
    for (let i = 0; i < 3; i++) expect((await initiate(paymentBody(merchant.id), { key: secretKey })).body.processor).toBe("paystack");
    expect(await db.processorBreaker.count()).toBe(0);
  });
});

describe("the probe", () => {
  /** A new merchant's Paystack breaker opened and past its (short) cool-down, its changes logged from the start. */
  async function openedAndCooledDown() {
    breakerSettings(SHORT_COOLDOWN_MS);
    const { merchant, secretKey } = await createMerchantOwner();
    const logged = changes();
    await openPaystack(secretKey, merchant.id);
    await coolDown();
    return { merchant, secretKey, logged };
  }

  it("after the cool-down one initiation probes Paystack; its success closes the breaker and Paystack takes the next ones", async () => {
    const { merchant, secretKey, logged } = await openedAndCooledDown();

    paystack("ok");
    const before = counts();
    const probe = await initiate(paymentBody(merchant.id), { key: secretKey });
    expect(probe.body.processor).toBe("paystack");
    expect(await breaker()).toMatchObject({ state: "closed", failures: 0, retryAt: null, probeAt: null });
    const next = await initiate(paymentBody(merchant.id), { key: secretKey });
    expect(next.body.processor).toBe("paystack");
    expect(counts()).toEqual({ paystack: before.paystack + 2, flutterwave: before.flutterwave });
    expect(logged()).toEqual([
      ["paystack", "closed", "open", LIMIT],
      ["paystack", "open", "half_open", LIMIT],
      ["paystack", "half_open", "closed", LIMIT],
    ]);
  });

  it("a probe that fails re-opens the breaker at once, for a new cool-down", async () => {
    const { merchant, secretKey, logged } = await openedAndCooledDown();
    const first = (await breaker())!;
    breakerSettings(LONG_COOLDOWN_MS); // the re-opened breaker stays open for the rest of the test
    paystack("unavailable");

    const before = counts();
    const probe = await initiate(paymentBody(merchant.id), { key: secretKey });
    expect(probe.body.processor).toBe("flutterwave");
    expect(await attemptsOf(probe.body.reference)).toEqual([
      ["paystack", "unavailable"],
      ["flutterwave", "started"],
    ]);
    const reopened = (await breaker())!;
    expect(reopened).toMatchObject({ state: "open", failures: LIMIT + 1, probeAt: null });
    expect(reopened.retryAt!.getTime()).toBeGreaterThan(first.retryAt!.getTime() + LONG_COOLDOWN_MS / 2);

    expect((await initiate(paymentBody(merchant.id), { key: secretKey })).body.processor).toBe("flutterwave");
    expect(counts()).toEqual({ paystack: before.paystack + 1, flutterwave: before.flutterwave + 2 });
    expect(logged().slice(1)).toEqual([
      ["paystack", "open", "half_open", LIMIT],
      ["paystack", "half_open", "open", LIMIT + 1],
    ]);
  });

  it("concurrent claims of an expired cool-down let exactly one probe through", async () => {
    await db.processorBreaker.create({
      data: { processor: "paystack", environment: "test", state: "open", failures: LIMIT, retryAt: new Date(Date.now() - 1_000) },
    });
    const logged = changes();
    // The row is held while they start, so every claim has read "open" and queues on it: a real race.
    let claims: Promise<RoutedProcessor[][]> | undefined;
    await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "ProcessorBreaker" WHERE processor = 'paystack' FOR UPDATE`;
      claims = Promise.all(Array.from({ length: 8 }, () => usableProcessors("test", processorRoute("test"))));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const routes = await claims!;
    const names = routes.map((route) => route.map((processor) => processor.name).join(","));
    expect(names.filter((name) => name === "paystack,flutterwave")).toHaveLength(1);
    expect(names.filter((name) => name === "flutterwave")).toHaveLength(7);
    expect(await breaker()).toMatchObject({ state: "half_open", probeAt: expect.any(Date) });
    expect(logged()).toEqual([["paystack", "open", "half_open", LIMIT]]);
  });

  it("a later processor's probe is claimed only when an earlier one may fail: not behind a clean closed breaker", async () => {
    const expired = new Date(Date.now() - 1_000);
    await db.processorBreaker.create({ data: { processor: "flutterwave", environment: "test", state: "open", failures: LIMIT, retryAt: expired } });
    const names = async () => (await usableProcessors("test", processorRoute("test"))).map((processor) => processor.name);
    expect(await names()).toEqual(["paystack"]);
    expect(await breaker("flutterwave")).toMatchObject({ state: "open", probeAt: null });

    await recordProcessorResult("paystack", "test", "unavailable");
    expect(await names()).toEqual(["paystack", "flutterwave"]);
    expect(await breaker("flutterwave")).toMatchObject({ state: "half_open" });
  });

  it("a probe out longer than twice the timeout (its instance died) may be claimed again; a recent one may not", async () => {
    const probeAt = (ms: number) => new Date(Date.now() - ms);
    await db.processorBreaker.create({ data: { processor: "paystack", environment: "test", state: "half_open", failures: LIMIT, probeAt: probeAt(0) } });
    const names = async () => (await usableProcessors("test", processorRoute("test"))).map((processor) => processor.name);
    expect(await names()).toEqual(["flutterwave"]);
    await db.processorBreaker.updateMany({ data: { probeAt: probeAt(2 * TIMEOUT_MS + 1_000) } });
    expect(await names()).toEqual(["paystack", "flutterwave"]);
    expect(await names()).toEqual(["flutterwave"]);
  });
});

describe("shared by app instances", () => {
  it("a second instance does not call the Paystack the first opened, and its successful probe closes it for the first", async () => {
    const { merchant, secretKey } = await createMerchantOwner();
    const other = await startAppInstance({ ...process.env, LOG_LEVEL: "error" }, children);
    const initiateThere = async () => {
      const res = await fetch(`${other}/api/transactions/initiate`, {
        method: "POST",
        headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/json" },
        body: JSON.stringify(paymentBody(merchant.id)),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { processor: string }).processor;
    };

    await openPaystack(secretKey, merchant.id);
    paystack("ok");
    const before = counts();
    expect(await initiateThere()).toBe("flutterwave");
    expect(await initiateThere()).toBe("flutterwave");
    expect(counts()).toEqual({ paystack: before.paystack, flutterwave: before.flutterwave + 2 });

    // The cool-down is over (moved back rather than waited for: the other process's start-up takes its own time).
    await db.processorBreaker.updateMany({ data: { retryAt: new Date(Date.now() - 1_000) } });
    expect(await initiateThere()).toBe("paystack");
    expect(await breaker()).toMatchObject({ state: "closed", failures: 0 });
    expect((await initiate(paymentBody(merchant.id), { key: secretKey })).body.processor).toBe("paystack");
    expect(counts()).toEqual({ paystack: before.paystack + 2, flutterwave: before.flutterwave + 2 });
  }, 60_000);
});

describe("/api/health", () => {
  it("lists each mode's route with its breaker, and stays 200 with one open", async () => {
    const { merchant, secretKey } = await createMerchantOwner();
    const health = () => call(healthRoute.GET, { path: "/api/health" });
    expect((await health()).body).toEqual({
      status: "ok",
      processors: [
        { processor: "paystack", mode: "test", state: "closed", failures: 0, retryAt: null },
        { processor: "flutterwave", mode: "test", state: "closed", failures: 0, retryAt: null },
      ],
    });

    await openPaystack(secretKey, merchant.id);
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.body.processors).toEqual([
      { processor: "paystack", mode: "test", state: "open", failures: LIMIT, retryAt: (await breaker())!.retryAt!.toISOString() },
      { processor: "flutterwave", mode: "test", state: "closed", failures: 0, retryAt: null },
    ]);

    // A live key puts the live route beside it, with its own breakers.
    fakes.use(["paystack", "flutterwave"], { PAYSTACK_LIVE_SECRET_KEY: fakes.paystack.liveSecretKey });
    expect((await health()).body.processors).toContainEqual({ processor: "paystack", mode: "live", state: "closed", failures: 0, retryAt: null });
  });
});
