// Issue 24, "payouts that match the money": only a payment whose charge carried the merchant's
// subaccount is ever paid out (a real processor settles the rest to the platform's own account); the
// sandbox settles those T+1 business day, and "Next payout" counts only them, dated by that schedule,
// with the others counted apart.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import { syncPayouts } from "@/lib/payouts/sync";
import { paymentsNotPaidOut, payoutSummary } from "@/lib/payouts/queries";
import { netAmount } from "@/lib/payouts/fees";
import { processorFeeEstimate } from "@/lib/processors/pricing";
import * as payoutsRoute from "@/app/api/merchants/[merchantId]/payouts/route";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, sandboxEvent, transactionByReference } from "../helpers/payments";
import { saveSettlementAccount } from "../helpers/settlement-account";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

/** A sandbox payment through the real routes (its event carries the sandbox's own fee), then dated `paidAt` on both sides (ours and the sandbox's). */
async function pay(owner: Owner, amount: number, paidAt: Date) {
  const started = await initiate(paymentBody(owner.merchant.id, { amount }), { key: owner.secretKey });
  expect(started.status).toBe(201);
  await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });
  expect(
    (await postWebhook("sandbox", sandboxEvent(started.body.reference, { amount, fees: Number(processorFeeEstimate("paystack", BigInt(amount))) }))).status,
  ).toBe(200);
  const reference = started.body.reference as string;
  await db.sandboxCharge.update({ where: { reference }, data: { paidAt } });
  await db.transaction.update({ where: { reference }, data: { completedAt: paidAt } });
  return transactionByReference(reference);
}

describe("a payment before the settlement account is never paid out; the ones after are, on the schedule", () => {
  let owner: Owner;
  let before: Awaited<ReturnType<typeof pay>>;
  let friday: Awaited<ReturnType<typeof pay>>;
  let monday: Awaited<ReturnType<typeof pay>>;
  const scope = () => ({ merchantId: owner.merchant.id, environment: "test" as const });

  beforeAll(async () => {
    owner = await createMerchantOwner();
    // Thursday 5 March 2026, before the merchant had a settlement account: the charge is not split.
    before = await pay(owner, 1_000_000, new Date("2026-03-05T10:00:00.000Z"));
    await saveSettlementAccount(owner, "0123456789");
    friday = await pay(owner, 500_000, new Date("2026-03-06T15:00:00.000Z"));
    monday = await pay(owner, 300_000, new Date("2026-03-09T09:00:00.000Z"));
  });

  it("records on each transaction the subaccount its charge carried (none before the account existed)", async () => {
    const sub = await db.processorSubaccount.findFirstOrThrow({ where: { merchantId: owner.merchant.id, processor: "sandbox", environment: "test" } });
    expect(before.subaccountCode).toBeNull();
    expect(friday.subaccountCode).toBe(sub.code);
    expect(monday.subaccountCode).toBe(sub.code);
  });

  it("Next payout counts only split payments, dated Monday for Friday's; the earlier one is counted apart", async () => {
    const summary = await payoutSummary(scope());
    expect(summary.nextPayout).toEqual({ amount: netAmount(friday), transactions: 1, expectedOn: "2026-03-09" });
    expect(summary.laterPayouts).toEqual({ amount: netAmount(monday), transactions: 1 });
    expect(summary.notPaidOut).toEqual({ amount: netAmount(before), transactions: 1 });
    expect((await paymentsNotPaidOut(scope(), 20)).map((t) => t.reference)).toEqual([before.reference]);
  });

  it("the payout job over the weekend pays nothing; on Monday it pays Friday's payment alone", async () => {
    await syncPayouts({ asOf: new Date("2026-03-08T10:00:00.000Z") });
    expect(await db.payout.count({ where: { merchantId: owner.merchant.id } })).toBe(0);

    await syncPayouts({ asOf: new Date("2026-03-09T10:00:00.000Z") });
    const payouts = await db.payout.findMany({ where: { merchantId: owner.merchant.id }, include: { transactions: true } });
    expect(payouts).toHaveLength(1);
    expect(payouts[0]!.settledAt).toEqual(new Date("2026-03-09T08:00:00.000Z"));
    expect(payouts[0]!.amount).toBe(netAmount(friday));
    expect(payouts[0]!.transactions.map((t) => t.reference)).toEqual([friday.reference]);

    const summary = await payoutSummary(scope());
    expect(summary.nextPayout).toEqual({ amount: netAmount(monday), transactions: 1, expectedOn: "2026-03-10" });
    expect(summary.paidOut.amount).toBe(netAmount(friday));
    expect(summary.notPaidOut.transactions).toBe(1);
  });

  it("1, 3 and 9 days on, the payment taken before the account is still in no payout, and still counted apart", async () => {
    for (const day of ["2026-03-10", "2026-03-12", "2026-03-18"]) await syncPayouts({ asOf: new Date(`${day}T10:00:00.000Z`) });
    const listed = await call(payoutsRoute.GET, {
      path: `/api/merchants/${owner.merchant.id}/payouts`,
      params: { merchantId: owner.merchant.id },
      token: owner.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    expect((await transactionByReference(before.reference)).payoutId).toBeNull();
    expect((await transactionByReference(monday.reference)).payoutId).not.toBeNull();
    const summary = await payoutSummary(scope());
    expect(summary.nextPayout).toEqual({ amount: 0n, transactions: 0, expectedOn: null });
    expect(summary.notPaidOut).toEqual({ amount: netAmount(before), transactions: 1 });
    expect(summary.paidOut.amount).toBe(netAmount(friday) + netAmount(monday));
  });

  it("another merchant's figures hold none of these", async () => {
    const stranger = await createMerchantOwner();
    const summary = await payoutSummary({ merchantId: stranger.merchant.id, environment: "test" });
    expect(summary).toMatchObject({ nextPayout: { transactions: 0 }, notPaidOut: { transactions: 0 }, paidOut: { amount: 0n } });
  });
});
