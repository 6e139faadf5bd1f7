// Issue 25, Deliver 2 leftovers: every processor of a mode's route holds the merchant's subaccount,
// including one added to the route after the account was saved (the backfill job), and payouts are
// read back from each of them.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { runJob } from "@/lib/jobs/registry";
import { startWorkers, stopWorkers } from "@/lib/jobs/boss";
import { backfillMerchantSubaccounts, backfillSubaccounts } from "@/lib/payouts/subaccount-backfill";
import { syncPayouts } from "@/lib/payouts/sync";
import * as payoutsRoute from "@/app/api/merchants/[merchantId]/payouts/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import type { RecordedRequest } from "../fakes/server";
import { withFakeProcessors } from "../helpers/fake-processors";
import { saveSettlementAccount } from "../helpers/settlement-account";
import { waitFor } from "../helpers/webhooks";

const fakes = withFakeProcessors({ timeoutMs: 2_000 });
const ACCOUNT = "0001234567"; // resolves at both fakes

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

afterAll(async () => {
  await stopWorkers();
});

async function ownerWithAccount(): Promise<Owner> {
  const owner = await createMerchantOwner();
  await saveSettlementAccount(owner, ACCOUNT);
  return owner;
}

/** Requests that create (not update) a subaccount at each fake. */
const flutterwaveCreates = () => fakes.flutterwave.requests.filter((r) => r.method === "POST" && new URL(r.path, "http://f").pathname === "/v3/subaccounts");
const paystackSaves = () => fakes.paystack.requests.filter((r) => r.path.startsWith("/subaccount") && r.method !== "GET");

const subsOf = async (owner: Owner) =>
  (await db.processorSubaccount.findMany({ where: { merchantId: owner.merchant.id } }))
    .map(({ processor, environment, code }) => ({ processor, environment, code }))
    .sort((a, b) => `${a.processor}:${a.environment}`.localeCompare(`${b.processor}:${b.environment}`));

const waitingBackfills = () =>
  db.$queryRaw<{ singletonKey: string }[]>`
    SELECT singleton_key AS "singletonKey" FROM pgboss.job WHERE name = 'backfill-merchant-subaccounts' AND state = 'created'`;

describe("a processor added to the route gets every existing merchant's subaccount (the backfill job)", () => {
  it("creates exactly one Flutterwave subaccount, which the merchant's row names; running it again creates nothing", async () => {
    fakes.use("paystack");
    const owner = await ownerWithAccount();
    const [paystack] = await subsOf(owner);
    expect(await subsOf(owner)).toEqual([{ processor: "paystack", environment: "test", code: paystack!.code }]);
    const paystackBefore = paystackSaves().length;

    // The operator adds Flutterwave to the route and restarts: the start run queues this merchant's job.
    fakes.use(["paystack", "flutterwave"]);
    await runJob("backfillSubaccounts", {});
    expect((await waitingBackfills()).map((job) => job.singletonKey)).toContain(owner.merchant.id);
    await runJob("backfillMerchantSubaccounts", { merchantId: owner.merchant.id });

    expect(flutterwaveCreates()).toHaveLength(1);
    const created = flutterwaveCreates()[0]!;
    expect(created.body).toMatchObject({ account_bank: "058", account_number: ACCOUNT, business_name: owner.merchant.businessName });
    const subs = await subsOf(owner);
    expect(subs).toEqual([
      { processor: "flutterwave", environment: "test", code: expect.stringMatching(/^RS_/) },
      { processor: "paystack", environment: "test", code: paystack!.code },
    ]);
    expect(fakes.flutterwave.subaccounts.get(subs[0]!.code)).toMatchObject({ account_number: ACCOUNT, domain: "test" });
    // Paystack's subaccount was left alone (no update).
    expect(paystackSaves()).toHaveLength(paystackBefore);

    // Again: the merchant is not queued, its job (had it been) makes nothing, nor does the in-process run.
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'backfill-merchant-subaccounts'`;
    await runJob("backfillSubaccounts", {});
    expect(await waitingBackfills()).toEqual([]);
    await runJob("backfillMerchantSubaccounts", { merchantId: owner.merchant.id });
    expect(await backfillSubaccounts()).toEqual({ merchants: 0, created: 0, errors: 0 });
    expect(flutterwaveCreates()).toHaveLength(1);
    expect(await subsOf(owner)).toEqual(subs);
  });

  it("per mode that has keys for the processor: a test key makes the test subaccount only, a live key later the live one", async () => {
    const paystackKeys = {
      PAYSTACK_SECRET_KEY: undefined,
      PAYSTACK_TEST_SECRET_KEY: fakes.paystack.secretKey,
      PAYSTACK_LIVE_SECRET_KEY: fakes.paystack.liveSecretKey,
    };
    fakes.use("paystack", paystackKeys);
    const owner = await ownerWithAccount();
    expect((await subsOf(owner)).map((s) => `${s.processor}:${s.environment}`)).toEqual(["paystack:live", "paystack:test"]);

    fakes.use(["paystack", "flutterwave"], paystackKeys); // Flutterwave with its test key only
    expect(await backfillMerchantSubaccounts(owner.merchant.id)).toEqual({ merchants: 1, created: 1, errors: 0 });
    expect((await subsOf(owner)).map((s) => `${s.processor}:${s.environment}`)).toEqual(["flutterwave:test", "paystack:live", "paystack:test"]);

    fakes.use(["paystack", "flutterwave"], { ...paystackKeys, FLUTTERWAVE_LIVE_SECRET_KEY: fakes.flutterwave.liveSecretKey });
    expect(await backfillMerchantSubaccounts(owner.merchant.id)).toEqual({ merchants: 1, created: 1, errors: 0 });
    const subs = await subsOf(owner);
    expect(subs.map((s) => `${s.processor}:${s.environment}`)).toEqual(["flutterwave:live", "flutterwave:test", "paystack:live", "paystack:test"]);
    // Made with the live key, in Flutterwave's live world.
    expect(fakes.flutterwave.subaccounts.get(subs[0]!.code)?.domain).toBe("live");
  });

  it("a processor that fails fails that merchant's job (retried later) and makes nothing; the next run makes it", async () => {
    fakes.use("paystack");
    const owner = await ownerWithAccount();
    fakes.use(["paystack", "flutterwave"]);
    fakes.flutterwave.mode = "unavailable";
    fakes.flutterwave.failing = (r: RecordedRequest) => r.path.startsWith("/v3/subaccounts");

    await expect(runJob("backfillMerchantSubaccounts", { merchantId: owner.merchant.id })).rejects.toThrow("1 subaccount(s) could not be backfilled");
    expect((await subsOf(owner)).map((s) => s.processor)).toEqual(["paystack"]);

    fakes.flutterwave.mode = "ok";
    await runJob("backfillMerchantSubaccounts", { merchantId: owner.merchant.id });
    expect((await subsOf(owner)).map((s) => s.processor)).toEqual(["flutterwave", "paystack"]);
  });

  it("is paced like the settlement reads: a 429 pauses that processor for its Retry-After and the save is tried again", async () => {
    fakes.use("paystack");
    const owner = await ownerWithAccount();
    fakes.use(["paystack", "flutterwave"]);
    let refused = 0;
    fakes.flutterwave.mode = "rate_limited";
    fakes.flutterwave.failing = (r: RecordedRequest) => r.method === "POST" && r.path.startsWith("/v3/subaccounts") && refused++ === 0;
    const before = flutterwaveCreates().length;
    const began = Date.now();

    expect(await backfillMerchantSubaccounts(owner.merchant.id)).toEqual({ merchants: 1, created: 1, errors: 0 });
    expect(Date.now() - began).toBeGreaterThanOrEqual(900); // Retry-After: 1
    expect(flutterwaveCreates().length - before).toBe(2);
    expect((await subsOf(owner)).map((s) => s.processor)).toEqual(["flutterwave", "paystack"]);
  });

  it("runs as the workers start, so a restart with a new route fills the gap without anyone asking", async () => {
    fakes.use("paystack");
    const owner = await ownerWithAccount();
    fakes.use(["paystack", "flutterwave"]);
    await startWorkers();
    try {
      await waitFor(
        () =>
          db.processorSubaccount.findUnique({
            where: { merchantId_processor_environment: { merchantId: owner.merchant.id, processor: "flutterwave", environment: "test" } },
          }),
        20_000,
        "the Flutterwave subaccount",
      );
    } finally {
      await stopWorkers();
    }
  });
});

describe("payouts are read from each processor of the route", () => {
  it("a merchant with subaccounts at Paystack and Flutterwave gets a payout from each, naming its processor and the account it paid", async () => {
    fakes.use(["paystack", "flutterwave"]);
    const owner = await ownerWithAccount();
    const subs = await subsOf(owner);
    const codeAt = (processor: string) => subs.find((s) => s.processor === processor && s.environment === "test")!.code;
    fakes.paystack.addSettlement({ subaccount: codeAt("paystack"), references: [], total_processed: 100_000, total_fees: 1_500, domain: "test" });
    // Flutterwave says it paid another account of the merchant's at the same bank: the payout names what Flutterwave says.
    fakes.flutterwave.addSettlement({
      subaccount_id: codeAt("flutterwave"),
      references: [],
      gross_amount: 2_000,
      app_fee: 28,
      merchant_fee: 0,
      net_amount: 1_972,
      domain: "test",
      settlement_account: "0001116789",
    });

    // Only this merchant's subaccounts: the earlier tests' live ones have no key in this route.
    await db.processorSubaccount.deleteMany({ where: { merchantId: { not: owner.merchant.id } } });
    expect(await syncPayouts()).toEqual({ subaccounts: 2, payouts: 2, paid: 2, errors: 0 });
    const stored = await db.payout.findMany({ where: { merchantId: owner.merchant.id }, orderBy: { processor: "asc" } });
    expect(
      stored.map(({ processor, environment, amount, bankName, accountNumberLast4 }) => ({ processor, environment, amount, bankName, accountNumberLast4 })),
    ).toEqual([
      { processor: "paystack", environment: "test", amount: 98_500n, bankName: "Guaranty Trust Bank", accountNumberLast4: "4567" },
      { processor: "flutterwave", environment: "test", amount: 197_200n, bankName: "GTBank Plc", accountNumberLast4: "6789" },
    ]);

    const listed = await call(payoutsRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/payouts`,
      params: { merchantId: owner.merchant.id },
      token: owner.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p: { processor: string; accountNumberLast4: string }) => [p.processor, p.accountNumberLast4]).sort()).toEqual([
      ["flutterwave", "6789"],
      ["paystack", "4567"],
    ]);
  });
});
