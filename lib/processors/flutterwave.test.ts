// The Flutterwave adapter against a fake Flutterwave over real HTTP (naira on the wire, kobo here).
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { flutterwaveWebhook, type FakeFlutterwave } from "@/tests/fakes/flutterwave";
import { createFlutterwaveAdapter, feeToKobo } from "./flutterwave";
import {
  chargeInput,
  expectOutagesAsProcessorErrors,
  FLW_HASH,
  itReportsInitializeFailures,
  lastRequestTo,
  processorError,
  savedCardInput,
  virtualAccountInput,
  withFakeProcessors,
} from "@/tests/helpers/fake-processors";
import { ProcessorError, type InitializeInput, type ProcessorAdapter, type SavedCardChargeInput, type VirtualAccountInput } from "./types";

let fake: FakeFlutterwave;
let flutterwave: ProcessorAdapter;
const SECRET = "FLWSECK_TEST-fake";
const HASH = "my-secret-hash";

const fakes = withFakeProcessors({ timeoutMs: 300 });
beforeAll(() => {
  fake = fakes.flutterwave;
  flutterwave = createFlutterwaveAdapter({ secretKey: SECRET, secretHash: HASH, baseUrl: fake.baseUrl, timeoutMs: 300 });
});

const input = (overrides: Partial<InitializeInput> = {}) => chargeInput(5_050n, overrides);
const caught = processorError;

async function started() {
  const charge = input();
  await flutterwave.initialize(charge);
  return { charge, stored: fake.charges.get(charge.reference)! };
}

describe("flutterwave initialize", () => {
  it("sends naira and the documented fields with the Bearer key", async () => {
    const charge = input();
    const result = await flutterwave.initialize(charge);
    const request = lastRequestTo(fake, "POST", "/v3/payments", SECRET);
    expect(request.body).toEqual({
      tx_ref: charge.reference,
      amount: 50.5,
      currency: "NGN",
      redirect_url: "https://shop.example.com/done",
      customer: { email: "ada@example.com", name: "Ada Obi" },
      payment_options: "banktransfer",
      meta: { orderId: "A-1" },
    });
    const link = fake.charges.get(charge.reference)!.link;
    expect(result).toEqual({ authorizationUrl: link, accessCode: link.split("/").at(-1), processorReference: null });
  });

  it("omits payment_options when no channel is chosen", async () => {
    await flutterwave.initialize(input({ channel: null }));
    expect(fake.requests.at(-1)!.body).not.toHaveProperty("payment_options");
  });

  it("passes Flutterwave's own message on a 400", async () => {
    fake.mode = "error";
    expect(await caught(flutterwave.initialize(input()))).toMatchObject({ kind: "declined", message: "Invalid authorization key" });
  });

  itReportsInitializeFailures("Flutterwave", () => ({ adapter: flutterwave, fake }), input);

  it("times out a hanging Flutterwave within about the timeout", async () => {
    fake.mode = "hang";
    const begin = Date.now();
    expect((await caught(flutterwave.initialize(input()))).kind).toBe("timeout");
    expect(Date.now() - begin).toBeLessThan(2000);
  });

  it("treats a non-JSON answer as an invalid response", async () => {
    fake.mode = "garbage";
    expect((await caught(flutterwave.initialize(input()))).kind).toBe("invalid_response");
  });
});

describe("flutterwave verify", () => {
  it("verifies by id and converts naira to kobo", async () => {
    const { charge, stored } = await started();
    fake.setOutcome(charge.reference, "success", { app_fee: 0.707, payment_type: "bank_transfer" });
    const details = await flutterwave.verify(charge.reference, String(stored.id));
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/v3/transactions/${stored.id}/verify` });
    expect(details).toEqual({
      reference: charge.reference,
      status: "success",
      amount: 5_050n,
      currency: "NGN",
      fee: 71n,
      paymentMethod: "BANK_TRANSFER",
      paidAt: new Date(stored.created_at),
      processorTransactionId: String(stored.id),
      message: "Approved by Financial Institution",
    });
  });

  it("verifies by reference when no id is known", async () => {
    const { charge } = await started();
    fake.setOutcome(charge.reference, "failed");
    const details = await flutterwave.verify(charge.reference, null);
    expect(fake.requests.at(-1)!.path).toBe(`/v3/transactions/verify_by_reference?tx_ref=${charge.reference}`);
    expect(details).toMatchObject({ status: "failed", fee: 0n, paidAt: null, paymentMethod: "CARD", message: "Insufficient funds" });
  });

  it("maps pending, cancelled and USSD", async () => {
    const { charge } = await started();
    expect((await flutterwave.verify(charge.reference)).status).toBe("pending");
    fake.setOutcome(charge.reference, "failed", { status: "cancelled", payment_type: "ussd" });
    expect(await flutterwave.verify(charge.reference)).toMatchObject({ status: "abandoned", paymentMethod: "USSD" });
  });

  it("refuses an id that belongs to another charge", async () => {
    const mine = await started();
    const other = await started();
    fake.setOutcome(other.charge.reference, "success");
    const error = await caught(flutterwave.verify(mine.charge.reference, String(other.stored.id)));
    expect(error.kind).toBe("invalid_response");
  });

  it("refuses an amount with more than two decimals", async () => {
    const { charge } = await started();
    fake.setOutcome(charge.reference, "success", { amount: 50.505 });
    expect((await caught(flutterwave.verify(charge.reference))).kind).toBe("invalid_response");
  });

  it("rounds fees half up to the kobo without float error", () => {
    expect(feeToKobo(1.005)).toBe(101n); // 1.005 * 100 is 100.49999… in floats
    expect(feeToKobo(0.7525)).toBe(75n);
    expect(feeToKobo(0.715)).toBe(72n);
    expect(feeToKobo(70)).toBe(7_000n);
    expect(feeToKobo("1.4")).toBe(140n);
    expect(feeToKobo(null)).toBe(0n);
    expect(feeToKobo(1e-7)).toBe(0n);
  });
});

describe("flutterwave webhooks", () => {
  const data = {
    id: 285959875,
    tx_ref: "TXN-1-abc",
    flw_ref: "FLW-MOCK-1",
    amount: 50.5,
    currency: "NGN",
    charged_amount: 50.5,
    app_fee: 0.707,
    status: "successful",
    payment_type: "card",
    created_at: "2026-01-02T03:04:05.000Z",
    processor_response: "Approved by Financial Institution",
  };

  it("accepts the configured hash in verif-hash or verify-hash", () => {
    const { body, headers } = flutterwaveWebhook(HASH, data);
    expect(flutterwave.authenticateWebhook(new Headers(headers), body)).toBe(true);
    expect(flutterwave.authenticateWebhook(new Headers({ "verify-hash": HASH }), body)).toBe(true);
  });

  it("rejects a wrong or missing hash", () => {
    const { body } = flutterwaveWebhook("other-hash", data);
    expect(flutterwave.authenticateWebhook(new Headers({ "verif-hash": "other-hash" }), body)).toBe(false);
    expect(flutterwave.authenticateWebhook(new Headers({ "verif-hash": `${HASH}x` }), body)).toBe(false);
    expect(flutterwave.authenticateWebhook(new Headers(), body)).toBe(false);
  });

  it("says webhooks must be confirmed by verify: the hash does not cover the body", () => {
    // A tampered body still carries a valid hash; the adapter asks callers to re-verify.
    const { body, headers } = flutterwaveWebhook(HASH, data);
    expect(flutterwave.authenticateWebhook(new Headers(headers), body.replace("50.5", "5050"))).toBe(true);
    expect(flutterwave.confirmWebhooksByVerify).toBe(true);
  });

  it("normalizes a successful charge.completed", () => {
    const event = flutterwave.parseWebhook(flutterwaveWebhook(HASH, data).body);
    expect(event).toEqual({
      externalId: "charge.completed:285959875",
      type: "charge.completed",
      kind: "charge.success",
      reference: "TXN-1-abc",
      charge: {
        reference: "TXN-1-abc",
        status: "success",
        amount: 5_050n,
        currency: "NGN",
        fee: 71n,
        paymentMethod: "CARD",
        paidAt: new Date("2026-01-02T03:04:05.000Z"),
        processorTransactionId: "285959875",
        message: "Approved by Financial Institution",
      },
    });
  });

  it("normalizes failed, pending and old-style events", () => {
    expect(flutterwave.parseWebhook(flutterwaveWebhook(HASH, { ...data, status: "failed" }).body)).toMatchObject({
      kind: "charge.failed",
      charge: { status: "failed" },
    });
    expect(flutterwave.parseWebhook(flutterwaveWebhook(HASH, { ...data, status: "pending" }).body).kind).toBe("other");
    const old = flutterwave.parseWebhook(JSON.stringify({ "event.type": "CARD_TRANSACTION", data }));
    expect(old).toMatchObject({ type: "CARD_TRANSACTION", kind: "charge.success", externalId: "CARD_TRANSACTION:285959875" });
    const transfer = flutterwave.parseWebhook(JSON.stringify({ event: "transfer.completed", data: { id: 9, status: "SUCCESSFUL", reference: "x" } }));
    expect(transfer).toMatchObject({ kind: "other", charge: null });
  });

  it("normalizes refund.completed (v3 webhook casing: naira AmountRefunded, the refund's id)", () => {
    const refund = {
      id: 75923,
      AmountRefunded: 25.25,
      status: "completed",
      FlwRef: "URF_1577867664541_3572735",
      destination: "payment_source",
      TransactionId: 908790,
      createdAt: "2026-01-02T03:04:05.000Z",
    };
    expect(flutterwave.parseWebhook(JSON.stringify({ event: "refund.completed", data: refund }))).toEqual({
      externalId: "refund.completed:75923",
      type: "refund.completed",
      kind: "refund",
      reference: null,
      charge: null,
      refund: { status: "processed", processorRefundId: "75923", reference: null, amount: 2_525n, message: null },
    });
    const failed = flutterwave.parseWebhook(
      JSON.stringify({ event: "refund.completed", data: { ...refund, status: "failed", comments: "Insufficient balance" } }),
    );
    expect(failed.refund).toMatchObject({ status: "failed", message: "Insufficient balance" });
    expect(() => flutterwave.parseWebhook(JSON.stringify({ event: "refund.completed", data: { AmountRefunded: 1 } }))).toThrow(/data.id/);
  });

  it("refuses bodies it does not understand", () => {
    for (const body of [
      "nope",
      "null",
      "{}",
      JSON.stringify({ event: "charge.completed" }),
      JSON.stringify({ event: "charge.completed", data: { id: 1, status: "successful" } }),
    ]) {
      expect(() => flutterwave.parseWebhook(body)).toThrow(ProcessorError);
    }
  });
});

describe("flutterwave refund", () => {
  it("posts naira to the transaction's refund endpoint", async () => {
    const { charge, stored } = await started();
    fake.setOutcome(charge.reference, "success");
    const result = await flutterwave.refund({ reference: charge.reference, processorTransactionId: String(stored.id), amount: 2_525n });
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: `/v3/transactions/${stored.id}/refund`, body: { amount: 25.25 } });
    expect(result).toEqual({ refundId: String(fake.refunds.at(-1)!.id), status: "processed" });
  });

  it("needs the processor's transaction id", async () => {
    const before = fake.requests.length;
    await caught(flutterwave.refund({ reference: "TXN-1", processorTransactionId: null, amount: 100n }));
    expect(fake.requests.length).toBe(before);
  });
});

describe("flutterwave saved cards", () => {
  /** A card payment the fake marks paid: Flutterwave tokenizes the card. */
  async function paidByCard() {
    const { charge, stored } = await started();
    const paid = fake.setOutcome(charge.reference, "success");
    return { reference: charge.reference, id: String(stored.id), token: paid.card!.token! };
  }

  const renewal = (token: string, overrides: Partial<SavedCardChargeInput> = {}) => savedCardInput(250_050n, token, overrides);
  const card = (token: string) => ({ authorization: token, reusable: true, brand: "mastercard", last4: "2950", expMonth: 9, expYear: 2032 });

  it("maps data.card's token on verify (by id or reference) and in charge.completed to savedCard", async () => {
    const { reference, id, token } = await paidByCard();
    expect((await flutterwave.verify(reference, id)).savedCard).toEqual(card(token));
    expect((await flutterwave.verify(reference, null)).savedCard).toEqual(card(token));
    const event = flutterwave.parseWebhook(flutterwaveWebhook(HASH, fake.webhookData(reference)).body);
    expect(event.charge?.savedCard).toEqual(card(token));
  });

  it("saves nothing without a token or for another method, and reads an odd expiry as unknown", async () => {
    const transfer = await started();
    fake.setOutcome(transfer.charge.reference, "success", { payment_type: "bank_transfer" });
    expect(await flutterwave.verify(transfer.charge.reference)).not.toHaveProperty("savedCard");

    const { reference } = await paidByCard();
    const { token: _token, ...untokenized } = fake.charges.get(reference)!.card!;
    const data = { ...fake.webhookData(reference), card: untokenized };
    expect(flutterwave.parseWebhook(flutterwaveWebhook(HASH, data).body).charge).not.toHaveProperty("savedCard");

    const odd = { ...data, card: { ...untokenized, token: "flw-t1nf-odd", expiry: "13/2x", last_4digits: 2950 } };
    expect(flutterwave.parseWebhook(flutterwaveWebhook(HASH, odd).body).charge?.savedCard).toEqual({
      authorization: "flw-t1nf-odd",
      reusable: true,
      brand: "mastercard",
      last4: null,
      expMonth: null,
      expYear: null,
    });
  });

  it("charges a token in naira with the documented body and answers the charge in kobo", async () => {
    const { token } = await paidByCard();
    const renew = renewal(token, { split: { subaccountCode: "RS_TEST", platformFee: 3_750n } });
    fake.subaccounts.set("RS_TEST", {
      id: 1,
      subaccount_id: "RS_TEST",
      domain: "test",
      account_bank: "058",
      account_number: "0001234567",
      business_name: "Mama Put",
      business_email: null,
      business_mobile: null,
      country: "NG",
      split_type: "flat",
      split_value: 0,
    });
    const charge = await flutterwave.chargeSavedCard(renew);
    const request = lastRequestTo(fake, "POST", "/v3/tokenized-charges", SECRET);
    expect(request.body).toEqual({
      token,
      currency: "NGN",
      country: "NG",
      amount: 2500.5,
      email: "ada@example.com",
      tx_ref: renew.reference,
      meta: { subscriptionId: "sub_1" },
      subaccounts: [{ id: "RS_TEST", transaction_charge_type: "flat", transaction_charge: 37.5 }],
    });
    const stored = fake.charges.get(renew.reference)!;
    expect(charge).toEqual({
      reference: renew.reference,
      status: "success",
      amount: 250_050n,
      currency: "NGN",
      fee: feeToKobo(stored.app_fee),
      paymentMethod: "CARD",
      paidAt: new Date(stored.created_at),
      processorTransactionId: String(stored.id),
      message: "Approved",
      savedCard: card(token),
    });
    expect(await flutterwave.verify(renew.reference, charge.processorTransactionId)).toMatchObject({ status: "success", amount: 250_050n });
  });

  it("answers a decline worth retrying as failed, whether Flutterwave answers it as data or as an error", async () => {
    const { token } = await paidByCard();
    fake.savedCardDeclines.set(token, "Insufficient funds");
    const asData = await flutterwave.chargeSavedCard(renewal(token));
    expect(asData).toMatchObject({ status: "failed", message: "Insufficient funds", fee: 0n, paidAt: null });
    expect(asData.retryable).not.toBe(false);

    fake.declinesAsErrors = true;
    try {
      const renew = renewal(token);
      const asError = await flutterwave.chargeSavedCard(renew);
      // The refusal is checked against Flutterwave's own record of the tx_ref.
      expect(fake.requests.at(-1)!.path).toBe(`/v3/transactions/verify_by_reference?tx_ref=${renew.reference}`);
      expect(asError).toMatchObject({ status: "failed", message: "Insufficient funds", processorTransactionId: String(fake.charges.get(renew.reference)!.id) });
      expect(asError.retryable).not.toBe(false);
    } finally {
      fake.declinesAsErrors = false;
    }
  });

  it("answers hard declines with retryable false: an expired card, an unknown token", async () => {
    const { token } = await paidByCard();
    fake.savedCardDeclines.set(token, "Expired card");
    expect(await flutterwave.chargeSavedCard(renewal(token))).toMatchObject({ status: "failed", message: "Expired card", retryable: false });

    const unknown = renewal("flw-t1nf-unknown-m03k");
    expect(await flutterwave.chargeSavedCard(unknown)).toMatchObject({
      reference: unknown.reference,
      status: "failed",
      message: "Invalid token",
      processorTransactionId: null,
      retryable: false,
    });
    expect(fake.charges.has(unknown.reference)).toBe(false);
  });

  it("never charges a tx_ref twice: a repeat answers the first charge", async () => {
    const { token } = await paidByCard();
    const renew = renewal(token);
    const first = await flutterwave.chargeSavedCard(renew);
    const before = fake.charges.size;
    const again = await flutterwave.chargeSavedCard({ ...renew, amount: 999_900n });
    expect(fake.charges.size).toBe(before);
    expect(again).toMatchObject({ status: "success", amount: 250_050n, processorTransactionId: first.processorTransactionId });
  });

  it("keeps other refusals as errors, and an unreachable, failing or hanging Flutterwave as ProcessorError", async () => {
    const { token } = await paidByCard();
    expect(await caught(flutterwave.chargeSavedCard(renewal(token, { email: "someone.else@example.com" })))).toMatchObject({
      kind: "declined",
      message: "Email does not match the token's customer",
    });
    await expectOutagesAsProcessorErrors(
      fake,
      () => flutterwave.chargeSavedCard(renewal(token)),
      (baseUrl) => createFlutterwaveAdapter({ secretKey: SECRET, secretHash: HASH, baseUrl, timeoutMs: 1000 }).chargeSavedCard(renewal(token)),
    );
  });
});

describe("flutterwave virtual accounts", () => {
  const account = (overrides: Partial<VirtualAccountInput> = {}) => virtualAccountInput({ bvn: "22212345678", ...overrides });

  it("creates a permanent account with the documented body and answers it", async () => {
    const input = account();
    const result = await flutterwave.createVirtualAccount(input);
    const request = lastRequestTo(fake, "POST", "/v3/virtual-account-numbers", SECRET);
    expect(request.body).toEqual({
      email: input.email,
      is_permanent: true,
      bvn: "22212345678",
      tx_ref: input.customerId,
      firstname: "Ada",
      lastname: "Obi",
      phonenumber: "+2348012345678",
      narration: "Mama Put",
    });
    const stored = fake.virtualAccounts.get(result.accountNumber)!;
    expect(stored.tx_ref).toBe(input.customerId);
    // No account name in the answer: its note names the payee as the bank shows it.
    expect(result).toEqual({
      bankName: "WEMA BANK",
      accountNumber: stored.account_number,
      accountName: "Mama Put FLW",
      externalId: stored.order_ref,
      customerCode: null,
    });
  });

  it("leaves out names and phone it does not have", async () => {
    await flutterwave.createVirtualAccount(account({ firstName: null, lastName: null, phone: null }));
    expect(Object.keys(fake.requests.at(-1)!.body).sort()).toEqual(["bvn", "email", "is_permanent", "narration", "tx_ref"]);
  });

  it("refuses without a BVN before asking Flutterwave, and passes Flutterwave's refusal through", async () => {
    const before = fake.requests.length;
    for (const bvn of [null, undefined, "  "]) {
      expect(await caught(flutterwave.createVirtualAccount(account({ bvn })))).toMatchObject({
        kind: "declined",
        message: "Flutterwave needs the customer's BVN for a permanent account number",
      });
    }
    expect(fake.requests.length).toBe(before);
    expect(await caught(flutterwave.createVirtualAccount(account({ bvn: "123" })))).toMatchObject({ kind: "declined", message: "Invalid BVN" });
    fake.virtualAccountRefusal = "Static account creation is not enabled for this merchant";
    expect(await caught(flutterwave.createVirtualAccount(account()))).toMatchObject({
      kind: "declined",
      message: "Static account creation is not enabled for this merchant",
    });
    fake.virtualAccountRefusal = null;
    fake.mode = "garbage";
    expect((await caught(flutterwave.createVirtualAccount(account()))).kind).toBe("invalid_response");
  });

  it("normalizes a transfer into a static account as kind transfer, which verify by id confirms", async () => {
    const input = account();
    const created = await flutterwave.createVirtualAccount(input);
    const event = fake.transferEvent({ accountNumber: created.accountNumber, amount: 250_050n, senderName: "CHIDI OKAFOR", senderBank: "Zenith Bank" });
    // Signed with the hash the app is configured with (tests/helpers/fake-processors.ts).
    const configured = createFlutterwaveAdapter({ secretKey: SECRET, secretHash: FLW_HASH, baseUrl: fake.baseUrl, timeoutMs: 300 });
    expect(configured.authenticateWebhook(new Headers(event.headers), event.body)).toBe(true);
    const stored = fake.charges.get(event.reference)!;
    const expected = {
      reference: event.reference,
      status: "success",
      amount: 250_050n,
      currency: "NGN",
      fee: 3_501n,
      paymentMethod: "BANK_TRANSFER",
      paidAt: new Date(stored.created_at),
      processorTransactionId: event.id,
      message: "success",
    };
    const transfer = {
      accountNumber: null,
      accountReference: input.customerId,
      customerCode: null,
      senderName: "CHIDI OKAFOR",
      senderBank: "Zenith Bank",
      narration: stored.narration,
    };
    expect(flutterwave.parseWebhook(event.body)).toEqual({
      externalId: `charge.completed:${event.id}`,
      type: "charge.completed",
      kind: "transfer",
      reference: event.reference,
      charge: expected,
      transfer,
    });
    // verify's own record names the account too: the caller checks the unsigned event against it.
    expect(await flutterwave.verify(event.reference, event.id)).toEqual({ ...expected, transfer });
    expect(fake.requests.at(-1)!.path).toBe(`/v3/transactions/${event.id}/verify`);
  });

  it("reads the sender from data.meta without meta_data, and an unsuccessful transfer as other", () => {
    const event = fake.transferEvent({ accountNumber: "9500000001", amount: 10_000 });
    const { data } = JSON.parse(event.body);
    const parsed = flutterwave.parseWebhook(flutterwaveWebhook(HASH, data).body);
    expect(parsed).toMatchObject({ kind: "transfer", reference: event.reference, transfer: { senderName: "ADAEZE OKAFOR", senderBank: "Access Bank" } });
    expect(flutterwave.parseWebhook(flutterwaveWebhook(HASH, { ...data, status: "failed" }).body)).toMatchObject({ kind: "other", reference: event.reference });
    expect(() => flutterwave.parseWebhook(flutterwaveWebhook(HASH, { ...data, flw_ref: undefined }).body)).toThrow(/data.flw_ref/);
  });

  it("keeps a checkout's bank transfer (a tx_ref of ours) a charge, and refuses a flw_ref by reference alone", async () => {
    const { charge } = await started();
    fake.setOutcome(charge.reference, "success", { payment_type: "bank_transfer" });
    const event = flutterwave.parseWebhook(flutterwaveWebhook(HASH, fake.webhookData(charge.reference)).body);
    expect(event).toMatchObject({ kind: "charge.success", reference: charge.reference, charge: { paymentMethod: "BANK_TRANSFER" } });
    expect(event).not.toHaveProperty("transfer");
    const transfer = fake.transferEvent({ accountNumber: "9500000002", amount: 10_000 });
    // A static account's transfer has no tx_ref of its own: only its id finds it.
    expect((await caught(flutterwave.verify(transfer.reference, null))).kind).toBe("declined");
    const other = await started();
    expect((await caught(flutterwave.verify(transfer.reference, String(other.stored.id)))).kind).toBe("invalid_response");
  });

  it("answers the account Flutterwave recorded, whatever tx_ref a forged event names", async () => {
    const created = await flutterwave.createVirtualAccount(account());
    const event = fake.transferEvent({ accountNumber: created.accountNumber, amount: 10_000 });
    const { data } = JSON.parse(event.body);
    const forged = flutterwave.parseWebhook(flutterwaveWebhook(HASH, { ...data, tx_ref: randomUUID() }).body);
    const verified = await flutterwave.verify(forged.reference!, forged.charge!.processorTransactionId);
    expect(verified.transfer?.accountReference).toBe(fake.virtualAccounts.get(created.accountNumber)!.tx_ref);
    expect(verified.transfer?.accountReference).not.toBe(forged.transfer?.accountReference);
  });
});
