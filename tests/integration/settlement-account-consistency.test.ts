// Issue 23, finding 1: where the money goes is never ambiguous. Changes to one merchant's settlement
// account take turns (the processors' calls included), so the processor's subaccount, our row, the
// audit log and each e-mail name the same account; a change that fails halfway is put back; and a
// daily check finds a subaccount changed behind our back at the processor and tells the owner.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { reloadConfig } from "@/lib/config";
import { resetProcessors } from "@/lib/processors";
import { checkMerchantSubaccounts, checkSubaccounts, MISMATCH_ACTION, queueSubaccountChecks } from "@/lib/payouts/subaccount-check";
import * as accountRoute from "@/app/api/merchants/[merchantId]/settlement-account/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner } from "../helpers/factories";
import { deliverQueuedEmails } from "../helpers/mailbox";
import { withFakeProcessors } from "../helpers/fake-processors";

const fakes = withFakeProcessors({ timeoutMs: 2_000 });

const PASSWORD = "correct-horse-battery";
const A = "0001234567"; // resolves at both fakes (CHIDI OKAFOR)
const B = "0001116789";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

const putAccount = (owner: Owner, accountNumber: string) =>
  call(accountRoute.PUT, {
    path: `/api/merchants/${owner.merchant.id}/settlement-account`,
    params: { merchantId: owner.merchant.id },
    method: "PUT",
    token: owner.token,
    body: { bankCode: "058", accountNumber, password: PASSWORD },
  });

async function ownerWithAccount(accountNumber = A): Promise<Owner> {
  const owner = await createMerchantOwner({ password: PASSWORD });
  expect((await putAccount(owner, accountNumber)).status).toBe(200);
  return owner;
}

const lastFour = (text: string) => /ending\s+(\d{4})/.exec(text)?.[1] ?? null;

async function changeEmails(owner: Owner) {
  await deliverQueuedEmails();
  return db.storedEmail.findMany({ where: { to: owner.input.email, subject: { contains: "settlement account of" } }, orderBy: { createdAt: "asc" } });
}

async function auditLast4s(merchantId: string): Promise<string[]> {
  const entries = await db.auditLog.findMany({ where: { merchantId, action: "settlement_account.updated" }, orderBy: { createdAt: "asc" } });
  return entries.map((e) => (e.metadata as { accountNumberLast4: string }).accountNumberLast4);
}

const sorted = (values: (string | null)[]) => [...values].sort();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("changes to one merchant's settlement account take turns", () => {
  it("six parallel PUTs alternating two accounts end with our row, the processor's subaccount, the last audit entry and the e-mails naming the same account", async () => {
    fakes.use("paystack");
    fakes.paystack.accounts.set(`058:${B}`, "CHIDI OKAFOR");
    const owner = await ownerWithAccount(A);

    // Each update is held longer than the one after it, so unserialised calls finish in the reverse
    // of the order the processor applied them.
    let updates = 0;
    fakes.paystack.delay = (request) => (request.method === "PUT" && request.path.startsWith("/subaccount/") ? (6 - updates++) * 150 : 0);
    const answers = await Promise.all([B, A, B, A, B, A].map((number) => putAccount(owner, number)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);

    const row = await db.settlementAccount.findUniqueOrThrow({ where: { merchantId: owner.merchant.id } });
    const sub = await db.processorSubaccount.findFirstOrThrow({ where: { merchantId: owner.merchant.id, processor: "paystack", environment: "test" } });
    expect(fakes.paystack.subaccounts.get(sub.code)?.account_number).toBe(row.accountNumber);
    const audits = await auditLast4s(owner.merchant.id);
    expect(audits).toHaveLength(7);
    expect(audits.at(-1)).toBe(row.accountNumber.slice(-4));

    // One e-mail per change (the first save's too), each naming the account that change set.
    const emails = await changeEmails(owner);
    expect(emails).toHaveLength(7);
    expect(sorted(emails.map((e) => lastFour(e.text)))).toEqual(sorted(audits));
    expect(sorted(audits)).toEqual(["4567", "4567", "4567", "4567", "6789", "6789", "6789"]);
    for (const email of emails) expect(email.text).not.toMatch(/0001234567|0001116789/);
  });

  it("more changes waiting at once than the pool has connections still all go through (waiting holds no connection)", async () => {
    // The sandbox writes its own rows, so the change holding the turn needs a second connection.
    fakes.use("paystack", { PAYSTACK_SECRET_KEY: undefined });
    delete process.env.PAYMENT_PROCESSOR;
    reloadConfig();
    const owner = await createMerchantOwner({ password: PASSWORD });
    // The owner and 11 admins, one change each: every person has their own confirmation attempts
    // (lib/auth/attempts.ts spends one per check before refunding it, so 12 at once by one person hit its limit).
    const admins = await Promise.all(Array.from({ length: 11 }, () => createMember(owner.merchant.id, "ADMIN", { password: PASSWORD })));
    const people = [owner, ...admins.map((admin) => ({ ...owner, token: admin.token }))];
    const answers = await Promise.all(people.map((person) => putAccount(person, "0123456789")));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(await db.processorSubaccount.count({ where: { merchantId: owner.merchant.id } })).toBe(1);
    expect(await auditLast4s(owner.merchant.id)).toHaveLength(12);
  });

  it("a change that fails at the second processor puts the first back, and our account stays as it was", async () => {
    fakes.use("paystack", {
      PAYSTACK_SECRET_KEY: undefined,
      PAYSTACK_TEST_SECRET_KEY: fakes.paystack.secretKey,
      PAYSTACK_LIVE_SECRET_KEY: fakes.paystack.liveSecretKey,
    });
    fakes.paystack.accounts.set(`058:${B}`, "CHIDI OKAFOR");
    const owner = await ownerWithAccount(A);
    const subs = await db.processorSubaccount.findMany({ where: { merchantId: owner.merchant.id }, orderBy: { environment: "asc" } });
    expect(subs.map((s) => s.environment)).toEqual(["test", "live"]);
    const [test, live] = subs as [(typeof subs)[number], (typeof subs)[number]];
    // The live subaccount is gone at the processor: its update is refused after the test one succeeded.
    fakes.paystack.subaccounts.delete(live.code);

    const res = await putAccount(owner, B);
    expect(res.status).toBe(502);
    expect((await db.settlementAccount.findUniqueOrThrow({ where: { merchantId: owner.merchant.id } })).accountNumber).toBe(A);
    expect(fakes.paystack.subaccounts.get(test.code)?.account_number).toBe(A);
    const codes = (rows: typeof subs) => rows.map(({ processor, environment, code }) => ({ processor, environment, code }));
    expect(codes(await db.processorSubaccount.findMany({ where: { merchantId: owner.merchant.id }, orderBy: { environment: "asc" } }))).toEqual(codes(subs));
    expect(await auditLast4s(owner.merchant.id)).toEqual(["4567"]);
  });

  it("when our own write fails after the processor changed, the processor is put back on the account we still name", async () => {
    fakes.use("paystack");
    fakes.paystack.accounts.set(`058:${B}`, "CHIDI OKAFOR");
    const owner = await ownerWithAccount(A);
    const sub = await db.processorSubaccount.findFirstOrThrow({ where: { merchantId: owner.merchant.id } });
    // The database refuses this merchant's settlement-account update (a real failure, not a mock).
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_in_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await db.$executeRawUnsafe(
      `CREATE TRIGGER refuse_in_test BEFORE UPDATE ON "SettlementAccount" FOR EACH ROW WHEN (NEW."merchantId" = '${owner.merchant.id}'::uuid) EXECUTE FUNCTION refuse_in_test()`,
    );
    try {
      expect((await putAccount(owner, B)).status).toBe(500);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_in_test ON "SettlementAccount"`);
    }
    expect(fakes.paystack.requests.filter((r) => r.method === "PUT" && r.path === `/subaccount/${sub.code}`).map((r) => r.body.account_number)).toEqual([B, A]);
    expect(fakes.paystack.subaccounts.get(sub.code)?.account_number).toBe(A);
    expect((await db.settlementAccount.findUniqueOrThrow({ where: { merchantId: owner.merchant.id } })).accountNumber).toBe(A);
    expect(await auditLast4s(owner.merchant.id)).toEqual(["4567"]);
  });

  it("a change that cannot have its turn within the processor budget answers 409 and changes nothing", async () => {
    fakes.use("paystack");
    fakes.paystack.accounts.set(`058:${B}`, "CHIDI OKAFOR");
    const owner = await ownerWithAccount(A);
    process.env.PROCESSOR_TIMEOUT_MS = "200"; // a budget of 800 ms for the wait
    reloadConfig();
    resetProcessors();

    // Another change holds the merchant's turn for longer than that.
    let locked!: () => void;
    let release!: () => void;
    const hasLock = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`paylink:merchant-processor:${owner.merchant.id}`}, 0))`;
        locked();
        await released;
      },
      { timeout: 20_000 },
    );
    await hasLock;
    const start = fakes.paystack.requests.length;
    const res = await putAccount(owner, B).finally(release);
    await holder;

    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Another change to this business's payout settings is under way/);
    expect(fakes.paystack.requests.slice(start).filter((r) => r.path.startsWith("/subaccount"))).toEqual([]);
    expect((await db.settlementAccount.findUniqueOrThrow({ where: { merchantId: owner.merchant.id } })).accountNumber).toBe(A);
    expect(await auditLast4s(owner.merchant.id)).toEqual(["4567"]);
  });
});

describe("the daily check of every subaccount against our settlement account", () => {
  it.each(["paystack", "flutterwave"] as const)(
    "%s: a subaccount changed behind our back is audited, logged for the operator and e-mailed to the owner once",
    async (name) => {
      fakes.use(name);
      fakes[name].accounts.set(`058:${B}`, "CHIDI OKAFOR");
      const owner = await ownerWithAccount(A);
      const sub = await db.processorSubaccount.findFirstOrThrow({ where: { merchantId: owner.merchant.id, processor: name } });
      await deliverQueuedEmails();
      const errors = vi.spyOn(log, "error");

      await checkSubaccounts();
      expect(await db.auditLog.count({ where: { merchantId: owner.merchant.id, action: MISMATCH_ACTION } })).toBe(0);

      // Someone changes the bank account in the processor's dashboard.
      const theirs = name === "paystack" ? fakes.paystack.subaccounts.get(sub.code)! : fakes.flutterwave.subaccounts.get(sub.code)!;
      theirs.account_number = B;
      await checkSubaccounts();
      const reports = await db.auditLog.findMany({ where: { merchantId: owner.merchant.id, action: MISMATCH_ACTION } });
      expect(reports).toHaveLength(1);
      expect(reports[0]!.metadata).toMatchObject({ processor: name, environment: "test", processorAccountLast4: "6789", ourAccountLast4: "4567" });
      const alert = errors.mock.calls.find(([fields]) => (fields as { merchantId?: string }).merchantId === owner.merchant.id);
      expect(alert?.[0]).toMatchObject({ processor: name, processorAccountLast4: "6789", ourAccountLast4: "4567" });
      expect(JSON.stringify(errors.mock.calls)).not.toMatch(/0001234567|0001116789/);

      await deliverQueuedEmails();
      const mail = () => db.storedEmail.findMany({ where: { to: owner.input.email, subject: { startsWith: "Check the settlement account" } } });
      const sent = await mail();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.text).toMatch(/ending\s+6789/);
      expect(sent[0]!.text).toMatch(/ending\s+4567/);
      expect(sent[0]!.text).not.toMatch(/0001234567|0001116789/);

      // The next day, the same unresolved difference is logged again but not e-mailed or audited again.
      errors.mockClear();
      await checkSubaccounts();
      await deliverQueuedEmails();
      expect(await mail()).toHaveLength(1);
      expect(await db.auditLog.count({ where: { merchantId: owner.merchant.id, action: MISMATCH_ACTION } })).toBe(1);
      expect(errors.mock.calls.some(([fields]) => (fields as { merchantId?: string }).merchantId === owner.merchant.id)).toBe(true);

      // Saving the account again puts the processor right: nothing to report.
      expect((await putAccount(owner, A)).status).toBe(200);
      errors.mockClear();
      await checkSubaccounts();
      expect(errors.mock.calls.some(([fields]) => (fields as { merchantId?: string }).merchantId === owner.merchant.id)).toBe(false);
    },
  );

  it("the sandbox: a subaccount whose bank account differs from ours is reported too", async () => {
    fakes.use("paystack", { PAYSTACK_SECRET_KEY: undefined });
    delete process.env.PAYMENT_PROCESSOR;
    (await import("@/lib/config")).reloadConfig();
    const owner = await createMerchantOwner({ password: PASSWORD });
    expect((await putAccount(owner, "0123456789")).status).toBe(200);
    const sub = await db.processorSubaccount.findFirstOrThrow({ where: { merchantId: owner.merchant.id } });
    expect(sub.processor).toBe("sandbox");
    await db.sandboxSubaccount.update({ where: { code: sub.code }, data: { accountNumber: "0987654321" } });
    await checkSubaccounts();
    expect(await db.auditLog.findMany({ where: { merchantId: owner.merchant.id, action: MISMATCH_ACTION } })).toEqual([
      expect.objectContaining({ metadata: expect.objectContaining({ processor: "sandbox", processorAccountLast4: "4321", ourAccountLast4: "6789" }) }),
    ]);
  });

  it("the daily run queues one job per merchant (keyed by it; a second run while they wait queues none), and a processor that cannot answer fails that merchant's job alone", async () => {
    fakes.use("paystack");
    const owners = [await ownerWithAccount(A), await ownerWithAccount(A)];
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'check-merchant-subaccounts'`.catch(() => undefined); // no queue table yet is fine
    const merchants = await db.processorSubaccount.findMany({ distinct: ["merchantId"], select: { merchantId: true } });
    expect(await queueSubaccountChecks()).toBe(merchants.length);
    expect(await queueSubaccountChecks()).toBe(merchants.length);
    const waiting = await db.$queryRaw<
      { singleton_key: string }[]
    >`SELECT singleton_key FROM pgboss.job WHERE name = 'check-merchant-subaccounts' AND state = 'created'`;
    expect(waiting.map((job) => job.singleton_key).sort()).toEqual(merchants.map((m) => m.merchantId).sort());
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'check-merchant-subaccounts'`;

    // One merchant's subaccount is unknown at the processor: its check reports an error (the job then
    // fails and is retried); the other merchant's check is unaffected.
    const [broken, fine] = owners as [(typeof owners)[0], (typeof owners)[0]];
    const sub = await db.processorSubaccount.findFirstOrThrow({ where: { merchantId: broken.merchant.id } });
    fakes.paystack.subaccounts.delete(sub.code);
    expect((await checkMerchantSubaccounts(broken.merchant.id)).errors).toBe(1);
    expect(await checkMerchantSubaccounts(fine.merchant.id)).toMatchObject({ errors: 0, mismatches: 0 });
  });
});
