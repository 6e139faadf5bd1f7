// Issue 14 ("Going live"), the processor layer: credentials per mode (a test payment never touches the
// live key; a live payment needs one), webhooks checked with the key of their own mode, and banks,
// account resolution, subaccounts and settlements for Paystack, Flutterwave (local fake servers that
// speak their documented APIs) and the built-in sandbox (offline, by Lagos calendar day).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { getProcessor, processorFor } from "@/lib/processors";
import { ProcessorError, type ProcessorAdapter } from "@/lib/processors/types";
import { createSandboxAdapter, SANDBOX_ACCOUNT_NAME, SANDBOX_BANKS, SANDBOX_RESOLVABLE_ACCOUNT, SANDBOX_UNRESOLVABLE_ACCOUNT } from "@/lib/processors/sandbox";
import { createMerchantOwner, readyForLive } from "../helpers/factories";
import { initiate, paymentBody, pendingPayment, postWebhook, transactionByReference } from "../helpers/payments";
import { FLW_HASH, withFakeProcessors } from "../helpers/fake-processors";
import { paystackWebhook } from "../fakes/paystack";
import { flutterwaveWebhook } from "../fakes/flutterwave";
import type { RecordedRequest } from "../fakes/server";

const fakes = withFakeProcessors({ timeoutMs: 2_000 });

const auth = (request: RecordedRequest) => request.headers.authorization;
const since = (requests: RecordedRequest[], from: number) => requests.slice(from);

async function caught(promise: Promise<unknown>): Promise<ProcessorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProcessorError);
  return error as ProcessorError;
}

/** A merchant ready for live with a live secret key and, when `processor` is given, its live subaccount there. */
async function liveMerchant(processor?: "paystack" | "flutterwave") {
  const owner = await createMerchantOwner();
  await readyForLive(owner.merchant.id);
  const liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
  let subaccountCode: string | null = null;
  if (processor) {
    ({ code: subaccountCode } = await getProcessor(processor, "live").saveSubaccount({
      businessName: owner.merchant.businessName,
      bankCode: "058",
      accountNumber: "0001234567",
      email: "owner@example.com",
      phone: "+2348012345678",
    }));
    await db.processorSubaccount.create({ data: { merchantId: owner.merchant.id, processor, environment: "live", code: subaccountCode } });
  }
  return { ...owner, liveKey, subaccountCode };
}

describe("processor keys per mode", () => {
  describe.each(["paystack", "flutterwave"] as const)("%s with both keys configured", (name) => {
    const keys = () =>
      name === "paystack"
        ? { PAYSTACK_SECRET_KEY: undefined, PAYSTACK_TEST_SECRET_KEY: fakes.paystack.secretKey, PAYSTACK_LIVE_SECRET_KEY: fakes.paystack.liveSecretKey }
        : {
            FLUTTERWAVE_SECRET_KEY: undefined,
            FLUTTERWAVE_TEST_SECRET_KEY: fakes.flutterwave.secretKey,
            FLUTTERWAVE_LIVE_SECRET_KEY: fakes.flutterwave.liveSecretKey,
          };

    it("a test-mode payment, its verification and its refund never touch the live key", async () => {
      fakes.use(name, keys());
      const fake = fakes[name];
      const owner = await createMerchantOwner();
      const start = fake.requests.length;
      const res = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
      expect(res.status).toBe(201);
      const reference = res.body.reference as string;
      expect(await transactionByReference(reference)).toMatchObject({ environment: "test", processor: name });
      fake.setOutcome(reference, "success");
      const webhook =
        name === "paystack"
          ? paystackWebhook(fakes.paystack.secretKey, "charge.success", fakes.paystack.webhookData(reference))
          : flutterwaveWebhook(FLW_HASH, fakes.flutterwave.webhookData(reference));
      expect((await postWebhook(name, webhook)).status).toBe(200);
      const t = await transactionByReference(reference);
      expect(t.status).toBe("COMPLETED");
      const { refundTransaction } = await import("@/lib/payments/refunds");
      await refundTransaction(t, 1_000n, "test");

      const sent = since(fake.requests, start);
      expect(sent.length).toBeGreaterThanOrEqual(name === "paystack" ? 2 : 3); // initialize, (verify), refund
      expect(sent.map(auth)).toEqual(sent.map(() => `Bearer ${fake.secretKey}`));
      expect(JSON.stringify(fake.requests.map(auth))).not.toContain(fake.liveSecretKey);
    });

    it("a live-mode payment goes out with the live key and carries the merchant's subaccount", async () => {
      fakes.use(name, keys());
      const fake = fakes[name];
      const owner = await liveMerchant(name);
      const start = fake.requests.length;
      const res = await initiate(paymentBody(owner.merchant.id, { amount: 505_050 }), { key: owner.liveKey });
      expect(res.status).toBe(201);
      expect(await transactionByReference(res.body.reference)).toMatchObject({ environment: "live", processor: name });
      const sent = since(fake.requests, start);
      expect(sent).toHaveLength(1);
      expect(auth(sent[0]!)).toBe(`Bearer ${fake.liveSecretKey}`);
      const platformFee = (await transactionByReference(res.body.reference)).platformFee;
      if (name === "paystack") {
        expect(sent[0]!.body).toMatchObject({ subaccount: owner.subaccountCode, bearer: "subaccount", transaction_charge: Number(platformFee) });
      } else {
        const naira = Number(platformFee) / 100;
        expect(sent[0]!.body.subaccounts).toEqual([{ id: owner.subaccountCode, transaction_charge_type: "flat", transaction_charge: naira }]);
      }
    });
  });

  it("the older PAYSTACK_SECRET_KEY serves the mode its prefix says: a test key leaves live payments refused (409, nothing sent, no setting named)", async () => {
    fakes.use("paystack"); // PAYSTACK_SECRET_KEY=sk_test_… only
    const owner = await liveMerchant();
    const test = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    expect(test.status).toBe(201);
    expect(fakes.paystack.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fakes.paystack.secretKey}`);

    const start = fakes.paystack.requests.length;
    const live = await initiate(paymentBody(owner.merchant.id), { key: owner.liveKey });
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ message: "Live payments are not available on this platform yet", missing: ["live_processor"] });
    expect(live.body.message).not.toContain(fakes.paystack.secretKey);
    expect(fakes.paystack.requests.length).toBe(start);
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id, environment: "live" } })).toBe(0);
  });

  it("an older single live key (sk_live_…) takes live payments only: test payments go to the sandbox", async () => {
    fakes.use("paystack", { PAYSTACK_SECRET_KEY: fakes.paystack.liveSecretKey });
    expect(processorFor("test").name).toBe("sandbox");
    const owner = await liveMerchant("paystack");
    const start = fakes.paystack.requests.length;
    const test = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    expect(test.status).toBe(201);
    expect(await transactionByReference(test.body.reference)).toMatchObject({ processor: "sandbox", environment: "test" });
    expect(fakes.paystack.requests.length).toBe(start);

    const live = await initiate(paymentBody(owner.merchant.id), { key: owner.liveKey });
    expect(live.status).toBe(201);
    expect(fakes.paystack.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fakes.paystack.liveSecretKey}`);
  });

  it("Flutterwave's older single key works the same way by its prefix (FLWSECK_TEST- / FLWSECK-)", async () => {
    fakes.use("flutterwave", { FLUTTERWAVE_SECRET_KEY: fakes.flutterwave.liveSecretKey });
    expect(processorFor("test").name).toBe("sandbox");
    expect(processorFor("live").name).toBe("flutterwave");
    fakes.use("flutterwave");
    expect(processorFor("test").name).toBe("flutterwave");
    expect(() => processorFor("live")).toThrow("Live payments are not available on this platform yet");
  });

  it("with the sandbox as processor, a live payment is refused (409) without naming settings", async () => {
    fakes.use("paystack");
    delete process.env.PAYMENT_PROCESSOR;
    (await import("@/lib/config")).reloadConfig();
    const owner = await liveMerchant();
    const res = await initiate(paymentBody(owner.merchant.id), { key: owner.liveKey });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "Live payments are not available on this platform yet", missing: ["live_processor"] });
    expect(res.text).not.toMatch(/PAYMENT_PROCESSOR|SECRET_KEY/);
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("verify and refund of an existing live payment use the live key; with none configured they fail cleanly", async () => {
    fakes.use("paystack", {
      PAYSTACK_SECRET_KEY: undefined,
      PAYSTACK_TEST_SECRET_KEY: fakes.paystack.secretKey,
      PAYSTACK_LIVE_SECRET_KEY: fakes.paystack.liveSecretKey,
    });
    const owner = await liveMerchant("paystack");
    const res = await initiate(paymentBody(owner.merchant.id), { key: owner.liveKey });
    const t = await transactionByReference(res.body.reference);
    const { reconcileTransaction } = await import("@/lib/payments/reconcile");
    fakes.paystack.setOutcome(t.reference, "success");
    expect(await reconcileTransaction(t)).toBe("completed");
    expect(fakes.paystack.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fakes.paystack.liveSecretKey}`);

    // The live key removed: nothing else may stand in for it.
    fakes.use("paystack", { PAYSTACK_SECRET_KEY: undefined, PAYSTACK_TEST_SECRET_KEY: fakes.paystack.secretKey });
    const start = fakes.paystack.requests.length;
    const { refundTransaction } = await import("@/lib/payments/refunds");
    await expect(refundTransaction(await transactionByReference(t.reference), undefined, undefined)).rejects.toMatchObject({
      status: 502,
      message: "Payment processor error: Paystack has no live key (PAYSTACK_LIVE_SECRET_KEY)",
    });
    expect(fakes.paystack.requests.length).toBe(start);
    expect((await transactionByReference(t.reference)).refundedAmount).toBe(0n);
  });
});

describe("webhooks are checked with the key of their own mode", () => {
  const bothKeys = () => ({
    PAYSTACK_SECRET_KEY: undefined,
    PAYSTACK_TEST_SECRET_KEY: fakes.paystack.secretKey,
    PAYSTACK_LIVE_SECRET_KEY: fakes.paystack.liveSecretKey,
    FLUTTERWAVE_SECRET_KEY: undefined,
    FLUTTERWAVE_TEST_SECRET_KEY: fakes.flutterwave.secretKey,
    FLUTTERWAVE_LIVE_SECRET_KEY: fakes.flutterwave.liveSecretKey,
  });

  it("Paystack: a test-key-signed success for a live payment does not settle it (wrong_mode); the live-key-signed one does", async () => {
    fakes.use("paystack", bothKeys());
    const owner = await liveMerchant("paystack");
    const { body } = await initiate(paymentBody(owner.merchant.id), { key: owner.liveKey });
    fakes.paystack.setOutcome(body.reference, "success");
    const data = fakes.paystack.webhookData(body.reference);

    const testSigned = await postWebhook("paystack", paystackWebhook(fakes.paystack.secretKey, "charge.success", data));
    expect(testSigned.status).toBe(200); // authentic (our test key), so acknowledged, but not for this payment
    expect(await transactionByReference(body.reference)).toMatchObject({ status: "PENDING", completedAt: null });
    const t = await transactionByReference(body.reference);
    expect(await db.processorEvent.findMany({ where: { transactionId: t.id }, select: { outcome: true } })).toEqual([{ outcome: "wrong_mode" }]);
    expect(await db.event.count({ where: { merchantId: owner.merchant.id } })).toBe(0);

    // Signed with the live key, the success settles it.
    const liveSigned = await postWebhook(
      "paystack",
      paystackWebhook(fakes.paystack.liveSecretKey, "charge.success", { ...data, id: `${data.id}-second-delivery` }),
    );
    expect(liveSigned.status).toBe(200);
    expect((await transactionByReference(body.reference)).status).toBe("COMPLETED");
  });

  it("Paystack: a live-key-signed event for a test payment does not settle it either", async () => {
    fakes.use("paystack", bothKeys());
    const { reference } = await pendingPayment();
    fakes.paystack.setOutcome(reference, "success");
    const res = await postWebhook("paystack", paystackWebhook(fakes.paystack.liveSecretKey, "charge.success", fakes.paystack.webhookData(reference)));
    expect(res.status).toBe(200);
    expect((await transactionByReference(reference)).status).toBe("PENDING");
    expect(await db.processorEvent.count({ where: { eventType: "charge.success", outcome: "wrong_mode", transaction: { reference } } })).toBe(1);
  });

  it("Paystack: a signature with neither key is 401", async () => {
    fakes.use("paystack", bothKeys());
    const { reference } = await pendingPayment();
    fakes.paystack.setOutcome(reference, "success");
    const forged = paystackWebhook("sk_live_someone_else", "charge.success", fakes.paystack.webhookData(reference));
    expect((await postWebhook("paystack", forged)).status).toBe(401);
  });

  it("Flutterwave: the one hash admits the event, then the live payment is confirmed with the live key (a test-world success settles nothing)", async () => {
    fakes.use("flutterwave", bothKeys());
    const owner = await liveMerchant("flutterwave");
    const { body } = await initiate(paymentBody(owner.merchant.id), { key: owner.liveKey });

    // An event claiming success that the live world does not confirm (still pending there).
    const claimed = { ...fakes.flutterwave.webhookData(body.reference), status: "successful" };
    const start = fakes.flutterwave.requests.length;
    expect((await postWebhook("flutterwave", flutterwaveWebhook(FLW_HASH, claimed))).status).toBe(200);
    const verifies = since(fakes.flutterwave.requests, start);
    expect(verifies.map((r) => [r.method, auth(r)])).toEqual([["GET", `Bearer ${fakes.flutterwave.liveSecretKey}`]]);
    expect((await transactionByReference(body.reference)).status).toBe("PENDING");

    // Once the live world has it paid, the payment settles (here through reconciliation, with the live key).
    fakes.flutterwave.setOutcome(body.reference, "success");
    const { reconcileTransaction } = await import("@/lib/payments/reconcile");
    expect(await reconcileTransaction(await transactionByReference(body.reference))).toBe("completed");
    expect(fakes.flutterwave.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fakes.flutterwave.liveSecretKey}`);
  });
});

/** The processor's adapter in test mode, its fake the one configured. */
function testAdapter(name: "paystack" | "flutterwave"): ProcessorAdapter {
  fakes.use(name);
  return getProcessor(name, "test");
}

describe("Paystack: banks, resolution, subaccounts, settlements", () => {
  let paystack: ProcessorAdapter;
  beforeAll(() => {
    paystack = testAdapter("paystack");
  });

  it("lists Nigerian banks, following the cursor across pages", async () => {
    fakes.paystack.maxPerPage = 4;
    const start = fakes.paystack.requests.length;
    try {
      const banks = await paystack.listBanks();
      expect(banks).toEqual(fakes.paystack.banks.map(({ code, name }) => ({ code, name })));
    } finally {
      fakes.paystack.maxPerPage = 100;
    }
    const sent = since(fakes.paystack.requests, start);
    expect(sent).toHaveLength(2);
    const first = new URL(sent[0]!.path, "http://x");
    expect(first.pathname).toBe("/bank");
    expect(Object.fromEntries(first.searchParams)).toMatchObject({ country: "nigeria", currency: "NGN" });
    expect(new URL(sent[1]!.path, "http://x").searchParams.get("next")).toBeTruthy();
  });

  it("resolves an account name; an account it cannot resolve is declined with Paystack's words", async () => {
    expect(await paystack.resolveAccount("058", "0001234567")).toEqual({ accountNumber: "0001234567", accountName: "CHIDI OKAFOR" });
    expect(fakes.paystack.requests.at(-1)!.path).toBe("/bank/resolve?account_number=0001234567&bank_code=058");
    const error = await caught(paystack.resolveAccount("058", "0009999999"));
    expect(error).toMatchObject({ kind: "declined", message: "Could not resolve account name. Check parameters or try again." });
  });

  it("creates a subaccount (bank_code, percentage_charge 0: the flat charge per payment is the platform's) and updates it in place", async () => {
    const { code } = await paystack.saveSubaccount({
      businessName: "Adaeze's Kitchen",
      bankCode: "058",
      accountNumber: "0001234567",
      email: "a@example.com",
      phone: "08012345678",
    });
    expect(code).toMatch(/^ACCT_/);
    const created = fakes.paystack.requests.at(-1)!;
    expect([created.method, created.path]).toEqual(["POST", "/subaccount"]);
    expect(created.body).toEqual({
      business_name: "Adaeze's Kitchen",
      bank_code: "058",
      account_number: "0001234567",
      percentage_charge: 0,
      primary_contact_email: "a@example.com",
      primary_contact_phone: "08012345678",
    });

    fakes.paystack.accounts.set("044:0007654321", "ADAEZE OKAFOR");
    const updated = await paystack.saveSubaccount({ businessName: "Adaeze's Kitchen", bankCode: "044", accountNumber: "0007654321", existingCode: code });
    expect(updated.code).toBe(code);
    expect([fakes.paystack.requests.at(-1)!.method, fakes.paystack.requests.at(-1)!.path]).toEqual(["PUT", `/subaccount/${code}`]);
    expect(fakes.paystack.subaccounts.get(code)).toMatchObject({ bank_code: "044", account_number: "0007654321", percentage_charge: 0 });
    expect(fakes.paystack.subaccounts.size).toBeGreaterThanOrEqual(1);
    const refused = await caught(paystack.saveSubaccount({ businessName: "X", bankCode: "058", accountNumber: "0009999999" }));
    expect(refused.kind).toBe("declined");
  });

  it("lists a subaccount's settlements across pages, each with the references it paid, in kobo", async () => {
    const { code } = await paystack.saveSubaccount({ businessName: "Settled Ltd", bankCode: "058", accountNumber: "0001234567" });
    const owner = await createMerchantOwner();
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { body } = await initiate(paymentBody(owner.merchant.id, { amount: 100_000 * (i + 1) }), { key: owner.secretKey });
      fakes.paystack.setOutcome(body.reference, "success", { fees: 1_500 });
      refs.push(body.reference);
    }
    const first = fakes.paystack.addSettlement({ subaccount: code, references: refs.slice(0, 2), settlement_date: "2026-03-10T00:00:00.000Z" });
    fakes.paystack.addSettlement({ subaccount: code, references: [refs[2]!], status: "pending", settlement_date: "2026-03-11T00:00:00.000Z" });
    fakes.paystack.addSettlement({ subaccount: code, references: [], settlement_date: "2026-01-01T00:00:00.000Z" }); // before `from`
    fakes.paystack.addSettlement({ subaccount: "ACCT_someone_else", references: [refs[0]!], settlement_date: "2026-03-10T00:00:00.000Z" });

    fakes.paystack.maxPerPage = 1;
    const start = fakes.paystack.requests.length;
    let settlements;
    try {
      settlements = await paystack.listSettlements(code, { from: new Date("2026-03-01T00:00:00.000Z") });
    } finally {
      fakes.paystack.maxPerPage = 100;
    }
    expect(settlements).toEqual([
      {
        externalId: String(first.id),
        status: "paid",
        amount: 300_000n - 3_000n,
        fees: 3_000n,
        grossAmount: 300_000n,
        currency: "NGN",
        settledAt: new Date("2026-03-10T00:00:00.000Z"),
        transactionReferences: refs.slice(0, 2),
        // The account Paystack says it paid (the subaccount object on the settlement).
        paidTo: { bankName: "Guaranty Trust Bank", accountNumberLast4: "4567" },
      },
      expect.objectContaining({ status: "pending", grossAmount: 300_000n, amount: 298_500n, transactionReferences: [refs[2]] }),
    ]);
    const lists = since(fakes.paystack.requests, start).filter((r) => r.path.startsWith("/settlement?"));
    expect(lists).toHaveLength(2); // two pages of one
    expect(Object.fromEntries(new URL(lists[0]!.path, "http://x").searchParams)).toMatchObject({
      subaccount: code,
      from: "2026-03-01T00:00:00.000Z",
      page: "1",
    });
  });

  it("refuses a malformed settlement amount instead of storing nonsense", async () => {
    const { code } = await paystack.saveSubaccount({ businessName: "Odd Ltd", bankCode: "058", accountNumber: "0001234567" });
    fakes.paystack.addSettlement({
      subaccount: code,
      references: [],
      total_amount: 1.5,
      total_fees: 0,
      total_processed: 1.5,
      settlement_date: "2026-03-10T00:00:00.000Z",
    });
    expect((await caught(paystack.listSettlements(code, { from: new Date("2026-03-01") }))).kind).toBe("invalid_response");
  });
});

describe("Flutterwave: banks, resolution, subaccounts, settlements", () => {
  let flutterwave: ProcessorAdapter;
  beforeAll(() => {
    flutterwave = testAdapter("flutterwave");
  });

  it("lists banks for NG and resolves an account (POST /v3/accounts/resolve), declining one it cannot", async () => {
    expect(await flutterwave.listBanks()).toEqual(fakes.flutterwave.banks.map(({ code, name }) => ({ code, name })));
    expect(fakes.flutterwave.requests.at(-1)!.path).toBe("/v3/banks/NG");
    expect(await flutterwave.resolveAccount("058", "0001234567")).toEqual({ accountNumber: "0001234567", accountName: "CHIDI OKAFOR" });
    expect(fakes.flutterwave.requests.at(-1)!.body).toEqual({ account_number: "0001234567", account_bank: "058" });
    const error = await caught(flutterwave.resolveAccount("058", "0009999999"));
    expect(error).toMatchObject({ kind: "declined", message: "Sorry, that account number is invalid, please check and try again" });
  });

  it("creates a flat-split subaccount and updates it through its numeric id (found by its RS_ code across pages)", async () => {
    const others = [];
    for (let i = 0; i < 3; i++) others.push(await flutterwave.saveSubaccount({ businessName: `Other ${i}`, bankCode: "058", accountNumber: "0001234567" }));
    const { code } = await flutterwave.saveSubaccount({
      businessName: "Adaeze's Kitchen",
      bankCode: "058",
      accountNumber: "0001234567",
      email: "a@example.com",
      phone: "08012345678",
    });
    expect(code).toMatch(/^RS_/);
    expect(fakes.flutterwave.requests.at(-1)!.body).toEqual({
      account_bank: "058",
      account_number: "0001234567",
      business_name: "Adaeze's Kitchen",
      business_email: "a@example.com",
      business_mobile: "08012345678",
      country: "NG",
      split_type: "flat",
      split_value: 0,
    });

    fakes.flutterwave.accounts.set("044:0007654321", "ADAEZE OKAFOR");
    fakes.flutterwave.pageSize = 2;
    try {
      expect(await flutterwave.saveSubaccount({ businessName: "Adaeze's Kitchen", bankCode: "044", accountNumber: "0007654321", existingCode: code })).toEqual({
        code,
      });
    } finally {
      fakes.flutterwave.pageSize = 20;
    }
    const put = fakes.flutterwave.requests.at(-1)!;
    expect([put.method, put.path]).toEqual(["PUT", `/v3/subaccounts/${fakes.flutterwave.subaccounts.get(code)!.id}`]);
    expect(fakes.flutterwave.subaccounts.get(code)).toMatchObject({ account_bank: "044", account_number: "0007654321" });
    expect(others.every((o) => fakes.flutterwave.subaccounts.get(o.code)!.account_bank === "058")).toBe(true);
    expect(
      (await caught(flutterwave.saveSubaccount({ businessName: "X", bankCode: "058", accountNumber: "0001234567", existingCode: "RS_NOPE" }))).message,
    ).toBe("Subaccount not found");
  });

  it("lists settlements in kobo (naira converted exactly, odd fee decimals rounded half up) with the tx_refs each paid", async () => {
    const { code } = await flutterwave.saveSubaccount({ businessName: "Settled Ltd", bankCode: "058", accountNumber: "0001234567" });
    const owner = await createMerchantOwner();
    const { body } = await initiate(paymentBody(owner.merchant.id, { amount: 505_050 }), { key: owner.secretKey });
    fakes.flutterwave.setOutcome(body.reference, "success"); // app_fee 70.707 naira
    const paid = fakes.flutterwave.addSettlement({
      subaccount_id: code,
      references: [body.reference],
      app_fee: 70.707,
      due_date: "2026-03-10T04:00:00.000Z",
      processed_date: "2026-03-10T09:00:00.000Z",
    });
    fakes.flutterwave.addSettlement({
      subaccount_id: code,
      references: [],
      status: "pending",
      gross_amount: 100,
      app_fee: 1.4,
      net_amount: 98.6,
      due_date: "2026-03-12T04:00:00.000Z",
      processed_date: null,
    });

    const settlements = await flutterwave.listSettlements(code, { from: new Date("2026-03-09T15:00:00.000Z") });
    const list = fakes.flutterwave.requests.find((r) => r.path.startsWith("/v3/settlements?"))!;
    expect(Object.fromEntries(new URL(list.path, "http://x").searchParams)).toMatchObject({ subaccount_id: code, from: "2026-03-09" });
    expect(settlements).toEqual([
      {
        externalId: String(paid.id),
        status: "paid",
        grossAmount: 505_050n,
        fees: 7_071n,
        amount: 497_979n,
        currency: "NGN",
        settledAt: new Date("2026-03-10T09:00:00.000Z"),
        transactionReferences: [body.reference],
        // settlement_account, and bank_code named from Flutterwave's own bank list.
        paidTo: { bankName: "GTBank Plc", accountNumberLast4: "4567" },
      },
      expect.objectContaining({ status: "pending", grossAmount: 10_000n, fees: 140n, amount: 9_860n, settledAt: null, transactionReferences: [] }),
    ]);
  });

  it("sends a split as subaccounts with a flat transaction_charge in naira", async () => {
    const { code } = await flutterwave.saveSubaccount({ businessName: "Split Ltd", bankCode: "058", accountNumber: "0001234567" });
    await flutterwave.initialize({
      reference: `TXN-${Date.now()}-split`,
      amount: 505_050n,
      currency: "NGN",
      email: "c@example.com",
      callbackUrl: "https://shop.example.com/done",
      split: { subaccountCode: code, platformFee: 7_576n },
    });
    expect(fakes.flutterwave.requests.at(-1)!.body).toMatchObject({
      amount: 5050.5,
      subaccounts: [{ id: code, transaction_charge_type: "flat", transaction_charge: 75.76 }],
    });
  });
});

describe("the sandbox: banks, the two test account numbers, subaccounts, daily settlements", () => {
  const sandbox = createSandboxAdapter();

  it("lists about twenty real Nigerian banks with their CBN codes, offline", async () => {
    const banks = await sandbox.listBanks();
    expect(banks.length).toBeGreaterThanOrEqual(20);
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
    expect(banks).toEqual(
      expect.arrayContaining([
        { code: "044", name: "Access Bank" },
        { code: "058", name: "Guaranty Trust Bank" },
        { code: "057", name: "Zenith Bank" },
        { code: "011", name: "First Bank of Nigeria" },
        { code: "50211", name: "Kuda Bank" },
        { code: "999992", name: "OPay Digital Services Limited (OPay)" },
      ]),
    );
    expect(banks).toEqual([...SANDBOX_BANKS]);
  });

  it(`resolves ${SANDBOX_RESOLVABLE_ACCOUNT}; ${SANDBOX_UNRESOLVABLE_ACCOUNT} and every other number cannot be resolved`, async () => {
    expect(await sandbox.resolveAccount("058", SANDBOX_RESOLVABLE_ACCOUNT)).toEqual({ accountNumber: "0123456789", accountName: SANDBOX_ACCOUNT_NAME });
    expect(SANDBOX_ACCOUNT_NAME).toBe("ADAEZE OKAFOR");
    for (const number of [SANDBOX_UNRESOLVABLE_ACCOUNT, "1234567890"]) {
      expect(await caught(sandbox.resolveAccount("058", number))).toMatchObject({ kind: "declined", message: "Could not resolve account name" });
    }
    expect((await caught(sandbox.resolveAccount("999", SANDBOX_RESOLVABLE_ACCOUNT))).kind).toBe("declined");
  });

  it("keeps subaccounts (SBX_ACCT_…) in SandboxSubaccount, updated in place; an unresolvable account is refused", async () => {
    const { code } = await sandbox.saveSubaccount({ businessName: "Adaeze's Kitchen", bankCode: "058", accountNumber: SANDBOX_RESOLVABLE_ACCOUNT });
    expect(code).toMatch(/^SBX_ACCT_[a-z0-9]{8}$/);
    expect(await db.sandboxSubaccount.findUnique({ where: { code } })).toMatchObject({
      businessName: "Adaeze's Kitchen",
      bankCode: "058",
      accountNumber: "0123456789",
    });
    expect(
      await sandbox.saveSubaccount({ businessName: "Adaeze's Kitchen Ltd", bankCode: "044", accountNumber: SANDBOX_RESOLVABLE_ACCOUNT, existingCode: code }),
    ).toEqual({ code });
    expect(await db.sandboxSubaccount.findUnique({ where: { code } })).toMatchObject({ businessName: "Adaeze's Kitchen Ltd", bankCode: "044" });
    expect((await caught(sandbox.saveSubaccount({ businessName: "X", bankCode: "058", accountNumber: SANDBOX_UNRESOLVABLE_ACCOUNT }))).message).toBe(
      "Could not resolve account name",
    );
    expect(
      (
        await caught(
          sandbox.saveSubaccount({ businessName: "X", bankCode: "058", accountNumber: SANDBOX_RESOLVABLE_ACCOUNT, existingCode: "SBX_ACCT_nope0000" }),
        )
      ).message,
    ).toBe("Subaccount not found");
  });

  it("stores the split of a payment on its charge, and refuses a subaccount it does not know", async () => {
    const { code } = await sandbox.saveSubaccount({ businessName: "Split", bankCode: "058", accountNumber: SANDBOX_RESOLVABLE_ACCOUNT });
    const input = { amount: 250_000n, currency: "NGN", email: "c@example.com", callbackUrl: "http://localhost:3000/receipt/x" };
    await sandbox.initialize({ ...input, reference: `SBX-${Date.now()}-a`, split: { subaccountCode: code, platformFee: 3_750n } });
    expect(await db.sandboxCharge.findFirst({ where: { subaccountCode: code } })).toMatchObject({ platformFee: 3_750n, amount: 250_000n });
    expect(
      (await caught(sandbox.initialize({ ...input, reference: `SBX-${Date.now()}-b`, split: { subaccountCode: "SBX_ACCT_unknown0", platformFee: 1n } }))).kind,
    ).toBe("declined");
  });

  describe("settlements on Paystack's schedule: split charges, T+1 business day, weekends and holidays skipped", () => {
    let code: string;
    let other: string;
    let n = 0;
    const charge = (data: { paidAt: Date; amount: bigint; platformFee?: bigint; status?: string; subaccountCode?: string | null }) =>
      db.sandboxCharge.create({
        data: {
          accessCode: `ac-${Date.now()}-${++n}`,
          reference: `SBX-DAY-${Date.now()}-${n}`,
          currency: "NGN",
          email: "c@example.com",
          callbackUrl: "http://x/r",
          status: data.status ?? "success",
          amount: data.amount,
          paidAt: data.paidAt,
          platformFee: data.platformFee ?? 0n,
          subaccountCode: data.subaccountCode === undefined ? code : data.subaccountCode,
        },
      });
    const refs: Record<string, string> = {};

    beforeAll(async () => {
      ({ code } = await sandbox.saveSubaccount({ businessName: "Daily", bankCode: "058", accountNumber: SANDBOX_RESOLVABLE_ACCOUNT }));
      ({ code: other } = await sandbox.saveSubaccount({ businessName: "Other", bankCode: "058", accountNumber: SANDBOX_RESOLVABLE_ACCOUNT }));
      // Friday 6 to Tuesday 10 March 2026. Lagos is UTC+1: 2026-03-08T23:00Z is midnight starting Monday 9 March there.
      refs.friday = (await charge({ paidAt: new Date("2026-03-06T10:00:00.000Z"), amount: 250_000n, platformFee: 3_750n })).reference;
      refs.saturday = (await charge({ paidAt: new Date("2026-03-07T12:00:00.000Z"), amount: 20_000_000n, platformFee: 150_000n })).reference;
      refs.sundayLate = (await charge({ paidAt: new Date("2026-03-08T22:59:59.999Z"), amount: 100_000n })).reference;
      refs.mondayMidnight = (await charge({ paidAt: new Date("2026-03-08T23:00:00.000Z"), amount: 50_000n })).reference;
      await charge({ paidAt: new Date("2026-03-07T10:00:00.000Z"), amount: 70_000n, status: "failed" });
      await charge({ paidAt: new Date("2026-03-07T10:00:00.000Z"), amount: 80_000n, subaccountCode: other });
      refs.unsplit = (await charge({ paidAt: new Date("2026-03-07T10:00:00.000Z"), amount: 90_000n, subaccountCode: null })).reference;
      // Thursday 2 April 2026, before Good Friday (3 April) and Easter Monday (6 April).
      refs.beforeEaster = (await charge({ paidAt: new Date("2026-04-02T10:00:00.000Z"), amount: 500_000n })).reference;
    });

    it("pays Friday's, Saturday's and Sunday's split charges together on Monday, 09:00 Lagos, less the processor's and the platform's fees", async () => {
      const from = new Date("2026-03-05T00:00:00.000Z");
      // 23:59:59 on Sunday in Lagos: nothing yet.
      expect(await sandbox.listSettlements(code, { from, asOf: new Date("2026-03-08T22:59:59.000Z") })).toEqual([]);
      const settlements = await sandbox.listSettlements(code, { from, asOf: new Date("2026-03-08T23:00:00.000Z") });
      // 1.5% + ₦100 (waived under ₦2,500) capped at ₦2,000: 13,750 + 200,000 (capped) + 1,500; platform fees 3,750 + 150,000.
      const fees = 13_750n + 200_000n + 1_500n + 3_750n + 150_000n;
      expect(settlements).toEqual([
        {
          externalId: `sbx_stl_${code}_20260306`,
          status: "paid",
          grossAmount: 20_350_000n,
          fees,
          amount: 20_350_000n - fees,
          currency: "NGN",
          settledAt: new Date("2026-03-09T08:00:00.000Z"),
          transactionReferences: [refs.friday, refs.saturday, refs.sundayLate],
          paidTo: { bankName: "Guaranty Trust Bank", accountNumberLast4: SANDBOX_RESOLVABLE_ACCOUNT.slice(-4) },
        },
      ]);
    });

    it("pays Monday's charge on Tuesday, in its own settlement, with the same ids as before", async () => {
      const settlements = await sandbox.listSettlements(code, { from: new Date("2026-03-05T00:00:00.000Z"), asOf: new Date("2026-03-10T12:00:00.000Z") });
      expect(settlements.map((s) => s.externalId)).toEqual([`sbx_stl_${code}_20260306`, `sbx_stl_${code}_20260309`]);
      expect(settlements[1]).toMatchObject({
        grossAmount: 50_000n,
        transactionReferences: [refs.mondayMidnight],
        settledAt: new Date("2026-03-10T08:00:00.000Z"),
      });
    });

    it("looks back by settlement day and reads each settlement whole; other subaccounts' and unsplit charges are never in it", async () => {
      const asOf = new Date("2026-03-12T12:00:00.000Z");
      // From Monday on: Monday's settlement still holds Friday's charge, made before `from`.
      const fromMonday = await sandbox.listSettlements(code, { from: new Date("2026-03-09T12:00:00.000Z"), asOf });
      expect(fromMonday.map((s) => s.transactionReferences)).toEqual([[refs.friday, refs.saturday, refs.sundayLate], [refs.mondayMidnight]]);
      const fromTuesday = await sandbox.listSettlements(code, { from: new Date("2026-03-10T00:00:00.000Z"), asOf });
      expect(fromTuesday.map((s) => s.externalId.slice(-8))).toEqual(["20260309"]);
      const others = await sandbox.listSettlements(other, { from: new Date("2026-03-01T00:00:00.000Z"), asOf });
      expect(others).toEqual([expect.objectContaining({ grossAmount: 80_000n, transactionReferences: [expect.any(String)] })]);
      expect(fromMonday.flatMap((s) => s.transactionReferences)).not.toContain(refs.unsplit);
    });

    it("skips Nigerian public holidays: Thursday's charge before Easter is paid on Tuesday", async () => {
      const from = new Date("2026-03-30T00:00:00.000Z");
      expect(await sandbox.listSettlements(code, { from, asOf: new Date("2026-04-06T22:59:00.000Z") })).toEqual([]);
      const settlements = await sandbox.listSettlements(code, { from, asOf: new Date("2026-04-06T23:00:00.000Z") });
      expect(settlements).toEqual([expect.objectContaining({ transactionReferences: [refs.beforeEaster], settledAt: new Date("2026-04-07T08:00:00.000Z") })]);
    });
  });
});
