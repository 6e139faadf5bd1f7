// Issue 23, finding 10 and finding 1's "a payout records the account the processor says it paid":
// payouts are read per subaccount (one pg-boss job each, retried alone), paced per processor (429s
// back off), and record the bank account named on the processor's settlement, not ours.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { getProcessor } from "@/lib/processors";
import { queuePayoutSync } from "@/lib/payouts/sync";
import { startWorkers, stopWorkers } from "@/lib/jobs/boss";
import * as devSyncRoute from "@/app/api/dev/payouts/sync/route";
import * as payoutsRoute from "@/app/api/merchants/[merchantId]/payouts/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { withFakeProcessors } from "../helpers/fake-processors";
import { waitFor } from "../helpers/webhooks";

const fakes = withFakeProcessors({ timeoutMs: 5_000 });
/** The per-subaccount queue (JOBS.syncSubaccountPayouts). */
const JOB = "sync-subaccount-payouts";

afterAll(async () => {
  await stopWorkers();
});

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

/** A merchant with a test-mode subaccount at `processor`, paying into GTBank 0001234567 there. */
async function merchantAt(processor: "paystack" | "flutterwave") {
  const owner = await createMerchantOwner();
  const { code } = await getProcessor(processor, "test").saveSubaccount({
    businessName: owner.merchant.businessName,
    bankCode: "058",
    accountNumber: "0001234567",
  });
  const sub = await db.processorSubaccount.create({ data: { merchantId: owner.merchant.id, processor, environment: "test", code } });
  return { owner, code, sub };
}

/** Paystack settles `total` kobo to subaccount `code`, less its 1.5% fee, naming no charges; `fields` replace what it says. */
function paystackSettles(code: string, total: number, fields: Partial<Parameters<typeof fakes.paystack.addSettlement>[0]> = {}) {
  fakes.paystack.addSettlement({ subaccount: code, references: [], total_processed: total, total_fees: (total * 15) / 1000, domain: "test", ...fields });
}

/** Our record of the merchant's account, changed since the processor paid (to Access Bank …4321). */
async function changedSettlementAccount(owner: Owner) {
  await db.settlementAccount.create({
    data: { merchantId: owner.merchant.id, bankCode: "044", bankName: "Access Bank", accountNumber: "0007654321", accountName: "ADA OBI" },
  });
}

/** Runs the sync through the dev trigger (the route the dashboard tests use). */
async function devSync() {
  const res = await call(devSyncRoute.POST, { path: "/api/dev/payouts/sync", body: { asOf: new Date().toISOString() } });
  expect(res.status).toBe(200);
  return res.body.result as { subaccounts: number; payouts: number; paid: number; errors: number };
}

async function listedPayouts(owner: Owner) {
  const res = await call(payoutsRoute.GET, {
    path: `/api/merchants/${owner.merchant.id}/payouts`,
    params: { merchantId: owner.merchant.id },
    token: owner.token,
  });
  expect(res.status).toBe(200);
  return res.body.data as Array<{ bankName: string | null; accountNumberLast4: string | null; status: string }>;
}

const jobsOf = (state?: string) =>
  db.$queryRaw<{ singletonKey: string; state: string; retryCount: number }[]>`
    SELECT singleton_key AS "singletonKey", state::text AS state, retry_count AS "retryCount" FROM pgboss.job
    WHERE name = ${JOB} AND (${state ?? null}::text IS NULL OR state::text = ${state ?? null})`;

describe("a payout records the account the processor says it paid", () => {
  /** The payouts listed after a sync, for a merchant at `processor` paid by `settle` (to its subaccount) before it changed account. */
  async function payoutsAfterAccountChange(processor: "paystack" | "flutterwave", settle: (code: string) => void) {
    fakes.use(processor);
    const { owner, code } = await merchantAt(processor);
    settle(code);
    await changedSettlementAccount(owner);

    await devSync();
    return listedPayouts(owner);
  }

  it("Paystack: the bank and last four digits on its settlement, not our settlement account as it is now", async () => {
    const payouts = await payoutsAfterAccountChange("paystack", (code) => paystackSettles(code, 100_000));
    expect(payouts).toEqual([expect.objectContaining({ status: "paid", bankName: "Guaranty Trust Bank", accountNumberLast4: "4567" })]);
  });

  it("Flutterwave: settlement_account's last four digits, and bank_code named from Flutterwave's bank list", async () => {
    const payouts = await payoutsAfterAccountChange("flutterwave", (code) =>
      fakes.flutterwave.addSettlement({
        subaccount_id: code,
        references: [],
        gross_amount: 1000,
        app_fee: 14,
        merchant_fee: 0,
        net_amount: 986,
        domain: "test",
      }),
    );
    expect(payouts).toEqual([expect.objectContaining({ status: "paid", bankName: "GTBank Plc", accountNumberLast4: "4567" })]);
  });

  it("stores nothing (null) when the processor does not say which account it paid, never our own record", async () => {
    const payouts = await payoutsAfterAccountChange("paystack", (code) => paystackSettles(code, 50_000, { settlement_bank: null, account_number: null }));
    expect(payouts).toEqual([expect.objectContaining({ bankName: null, accountNumberLast4: null })]);
  });
});

describe("the payout job fans out: one job per subaccount", () => {
  it("queues one job per subaccount (keyed by it), and a second run while they wait queues none", async () => {
    fakes.use("paystack");
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = ${JOB}`.catch(() => undefined); // no queue table yet is fine
    const subs = await db.processorSubaccount.findMany({ select: { id: true } });
    expect(await queuePayoutSync()).toBe(subs.length);
    expect(await queuePayoutSync()).toBe(subs.length);
    const waiting = await jobsOf("created");
    expect(waiting.map((job) => job.singletonKey).sort()).toEqual(subs.map((sub) => sub.id).sort());
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = ${JOB}`;
  });

  it("retries a subaccount the processor fails for alone, while the others are recorded once; a second run records nothing twice", async () => {
    fakes.use("paystack");
    await db.payout.deleteMany({});
    await db.processorSubaccount.deleteMany({});
    const merchants = await Promise.all([merchantAt("paystack"), merchantAt("paystack"), merchantAt("paystack")]);
    for (const { code } of merchants) paystackSettles(code, 10_000);
    const [good1, failing, good2] = merchants as [(typeof merchants)[0], (typeof merchants)[0], (typeof merchants)[0]];
    fakes.paystack.failingSettlements.add(failing.code);
    const reads = (code: string) => fakes.paystack.requests.filter((r) => r.path.startsWith("/settlement?") && r.path.includes(`subaccount=${code}`)).length;

    try {
      await queuePayoutSync();
      await startWorkers();
      await waitFor(
        async () => (await jobsOf("retry")).find((job) => job.singletonKey === failing.sub.id),
        20_000,
        "the failing subaccount's job to wait for its retry",
      );
      await waitFor(
        async () => (await db.payout.count({ where: { merchantId: { in: [good1.owner.merchant.id, good2.owner.merchant.id] } } })) === 2,
        20_000,
        "the other two payouts",
      );
      expect(await db.payout.count({ where: { merchantId: failing.owner.merchant.id } })).toBe(0);

      // The processor is back; the retry comes due (pg-boss would wait about a minute).
      fakes.paystack.failingSettlements.delete(failing.code);
      await db.$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE name = ${JOB} AND state = 'retry'`;
      await waitFor(async () => (await db.payout.count({ where: { merchantId: failing.owner.merchant.id } })) === 1, 20_000, "the retried payout");
    } finally {
      fakes.paystack.failingSettlements.clear();
    }
    // Only the failing subaccount was read again.
    expect([reads(good1.code), reads(failing.code), reads(good2.code)]).toEqual([1, 2, 1]);

    // A second run reads every subaccount again and records nothing twice.
    await waitFor(async () => (await jobsOf()).every((job) => job.state === "completed"), 20_000, "the first run's jobs to finish");
    await queuePayoutSync();
    await waitFor(async () => reads(good1.code) === 2 && reads(failing.code) === 3 && reads(good2.code) === 2, 20_000, "the second run's reads");
    await waitFor(async () => (await jobsOf()).every((job) => job.state === "completed"), 20_000, "the second run's jobs to finish");
    const ids = merchants.map((m) => m.owner.merchant.id);
    expect(await db.payout.count({ where: { merchantId: { in: ids } } })).toBe(3);
    expect(await db.event.count({ where: { merchantId: { in: ids }, type: "payout.paid" } })).toBe(3);
    await stopWorkers();
  });
});

describe("the pace of settlement reads", () => {
  it("waits out a 429 (Retry-After) and then reads, instead of failing the subaccount", async () => {
    fakes.use("paystack");
    await db.processorSubaccount.deleteMany({});
    const { owner, code } = await merchantAt("paystack");
    paystackSettles(code, 20_000);
    fakes.paystack.rateLimitedSettlements = 1;
    const start = fakes.paystack.requests.length;
    const began = Date.now();

    const result = await devSync();
    expect(result).toMatchObject({ subaccounts: 1, payouts: 1, errors: 0 });
    expect(Date.now() - began).toBeGreaterThanOrEqual(900); // Retry-After: 1
    expect(fakes.paystack.requests.slice(start).filter((r) => r.path.startsWith("/settlement?"))).toHaveLength(2);
    expect(await listedPayouts(owner)).toHaveLength(1);
  });
});
