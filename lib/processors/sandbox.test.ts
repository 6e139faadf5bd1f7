// The sandbox's saved cards: what its checkout saves, and charging them again (renewals); its
// virtual accounts and transfer events (issue 27).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { reloadConfig } from "@/lib/config";
import { lagosDay } from "@/lib/lagos-time";
import { chargeInput, processorError, savedCardInput } from "@/tests/helpers/fake-processors";
import { completeSandboxCheckout } from "./sandbox-checkout";
import { createSandboxAdapter, SANDBOX_SIGNATURE_HEADER } from "./sandbox";
import { ProcessorError, type SavedCardChargeInput } from "./types";

const sandbox = createSandboxAdapter();

// The checkout's webhooks land here instead of the app (APP_URL points at this server).
let receiver: Server;
let received: Array<{ body: string; signature: string }> = [];
const appUrl = process.env.APP_URL;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers[SANDBOX_SIGNATURE_HEADER]) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  process.env.APP_URL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  reloadConfig();
});
afterAll(async () => {
  process.env.APP_URL = appUrl;
  reloadConfig();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received = [];
});

/** A sandbox checkout paid with `cardNumber` (or another method): its reference and the card verify() shows. */
async function paid(cardNumber: string, method: "card" | "bank_transfer" = "card") {
  const input = chargeInput(500_000n, { channel: method });
  const { accessCode } = await sandbox.initialize(input);
  await completeSandboxCheckout(accessCode, method === "card" ? { method, cardNumber } : { method });
  return { reference: input.reference, details: await sandbox.verify(input.reference) };
}

async function savedCard(cardNumber: string) {
  const { details } = await paid(cardNumber);
  expect(details.savedCard).toBeTruthy();
  return details.savedCard!;
}

const renewal = (authorization: string, overrides: Partial<SavedCardChargeInput> = {}) => savedCardInput(250_000n, authorization, overrides);

/** The card's month as Lagos reads it, `months` from `at`. */
function monthFrom(at: Date, months: number) {
  const [year, month] = lagosDay(at).split("-").map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return { expYear: Math.floor(index / 12), expMonth: (index % 12) + 1 };
}

describe("sandbox checkout saves the card", () => {
  it("answers a reusable visa authorization on verify and in the signed webhook", async () => {
    const { reference, details } = await paid("4084 0840 8408 4081");
    const now = new Date();
    expect(details).toMatchObject({ status: "success", paymentMethod: "CARD" });
    expect(details.savedCard).toEqual({
      authorization: expect.stringMatching(/^AUTH_sbx_[a-z0-9]{12}$/),
      reusable: true,
      brand: "visa",
      last4: "4081",
      expMonth: monthFrom(now, 0).expMonth,
      expYear: monthFrom(now, 0).expYear + 4,
    });

    expect(received).toHaveLength(1);
    const [webhook] = received;
    expect(sandbox.authenticateWebhook(new Headers({ [SANDBOX_SIGNATURE_HEADER]: webhook!.signature }), webhook!.body)).toBe(true);
    // Paystack's shape: exp_month/exp_year as text, the brand in card_type.
    expect(JSON.parse(webhook!.body).data.authorization).toMatchObject({
      authorization_code: details.savedCard!.authorization,
      last4: "4081",
      channel: "card",
      reusable: true,
      exp_month: String(details.savedCard!.expMonth).padStart(2, "0"),
    });
    const event = sandbox.parseWebhook(webhook!.body);
    expect(event).toMatchObject({ kind: "charge.success", reference });
    expect(event.charge?.savedCard).toEqual(details.savedCard);
  });

  it("saves a new authorization per card payment, and none for a bank transfer or a declined card", async () => {
    const first = await savedCard("4084084084084081");
    const second = await savedCard("4084084084084081");
    expect(second.authorization).not.toBe(first.authorization);

    const transfer = await paid("", "bank_transfer");
    expect(transfer.details.status).toBe("success");
    expect(transfer.details).not.toHaveProperty("savedCard");
    expect(sandbox.parseWebhook(received.at(-1)!.body).charge).not.toHaveProperty("savedCard");

    const declined = await paid("4000000000000002");
    expect(declined.details).toMatchObject({ status: "failed", message: "Card declined" });
    expect(declined.details).not.toHaveProperty("savedCard");
  });

  it("gives the expiring test card next month's expiry", async () => {
    const card = await savedCard("4000 0000 0000 0069");
    expect({ expMonth: card.expMonth, expYear: card.expYear }).toEqual(monthFrom(new Date(), 1));
    expect(card).toMatchObject({ reusable: true, brand: "visa", last4: "0069" });
  });
});

describe("sandbox chargeSavedCard", () => {
  it("charges a saved card at once, sends no webhook, and verify answers the same charge", async () => {
    const card = await savedCard("4084084084084081");
    received = [];
    const input = renewal(card.authorization, { amount: 730_000n });
    const charge = await sandbox.chargeSavedCard(input);
    expect(charge).toMatchObject({
      reference: input.reference,
      status: "success",
      amount: 730_000n,
      currency: "NGN",
      paymentMethod: "CARD",
      message: "Approved",
      savedCard: card,
    });
    expect(charge.paidAt).toBeInstanceOf(Date);
    expect(charge.fee).toBeGreaterThan(0n);
    expect(await sandbox.verify(input.reference)).toEqual(charge);
    // Give a stray delivery a moment to arrive: none may.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
  });

  it("is idempotent on the reference: a repeat, even concurrent, answers the first charge and never charges twice", async () => {
    const card = await savedCard("4084084084084081");
    const input = renewal(card.authorization);
    const first = await sandbox.chargeSavedCard(input);
    const again = await sandbox.chargeSavedCard({ ...input, amount: 999_999n });
    expect(again).toEqual(first);

    const racing = renewal(card.authorization);
    const answers = await Promise.all([sandbox.chargeSavedCard(racing), sandbox.chargeSavedCard(racing), sandbox.chargeSavedCard(racing)]);
    expect(new Set(answers.map((a) => a.processorTransactionId)).size).toBe(1);
    expect(await db.sandboxCharge.count({ where: { reference: { in: [input.reference, racing.reference] } } })).toBe(2);

    // A reference the checkout already used is answered as it stands too.
    const { reference, details } = await paid("4084084084084081");
    expect(await sandbox.chargeSavedCard(renewal(card.authorization, { reference }))).toEqual(details);
  });

  it("declines the renewal test card with a retryable 'Insufficient funds', every time", async () => {
    const card = await savedCard("4000000000000341");
    for (let attempt = 0; attempt < 2; attempt++) {
      const input = renewal(card.authorization);
      const charge = await sandbox.chargeSavedCard(input);
      expect(charge).toMatchObject({ status: "failed", message: "Insufficient funds", fee: 0n, paidAt: null, savedCard: card });
      expect(charge.retryable).not.toBe(false);
      expect(await sandbox.verify(input.reference)).toEqual(charge);
    }
  });

  it("charges the expiring card until the end of its expiry month, then declines it for good", async () => {
    const card = await savedCard("4000000000000069");
    const lastDay = new Date(Date.UTC(card.expYear!, card.expMonth!, 0, 12)); // the last day of its expiry month
    expect(await sandbox.chargeSavedCard(renewal(card.authorization))).toMatchObject({ status: "success" });
    expect(await sandbox.chargeSavedCard(renewal(card.authorization, { asOf: lastDay }))).toMatchObject({ status: "success" });

    const expired = renewal(card.authorization, { asOf: new Date(lastDay.getTime() + 24 * 60 * 60 * 1000) });
    const charge = await sandbox.chargeSavedCard(expired);
    expect(charge).toMatchObject({ status: "failed", message: "Card expired", retryable: false });
    expect(await sandbox.verify(expired.reference)).toMatchObject({ status: "failed", message: "Card expired", retryable: false });
  });

  it("hard-declines an authorization it never issued, and records the attempt", async () => {
    const input = renewal("AUTH_sbx_doesnotexist");
    expect(await sandbox.chargeSavedCard(input)).toMatchObject({ status: "failed", message: "Invalid authorization code", retryable: false });
    expect(await sandbox.verify(input.reference)).toMatchObject({ status: "failed", retryable: false });
  });

  it("refuses a split to a subaccount it does not hold, charging nothing", async () => {
    const card = await savedCard("4084084084084081");
    const input = renewal(card.authorization, { split: { subaccountCode: "SBX_ACCT_missing", platformFee: 5_000n } });
    expect(await processorError(sandbox.chargeSavedCard(input))).toMatchObject({ kind: "declined", message: "Subaccount not found" });
    expect(await db.sandboxCharge.count({ where: { reference: input.reference } })).toBe(0);
  });

  it("splits like initialize: the subaccount and the platform's share are recorded for settlement", async () => {
    const card = await savedCard("4084084084084081");
    const { code } = await sandbox.saveSubaccount({ businessName: "Mama Put", bankCode: "058", accountNumber: "0123456789" });
    const input = renewal(card.authorization, { split: { subaccountCode: code, platformFee: 3_750n } });
    expect((await sandbox.chargeSavedCard(input)).status).toBe("success");
    expect(await db.sandboxCharge.findUniqueOrThrow({ where: { reference: input.reference } })).toMatchObject({
      subaccountCode: code,
      platformFee: 3_750n,
      accessCode: null,
      callbackUrl: null,
    });
  });
});

const input = { customerId: "00000000-0000-4000-8000-000000000001", email: "ada@example.com", firstName: "Ada", lastName: "Obi", narration: "Ada's Shop" };

describe("sandbox createVirtualAccount", () => {
  it("issues unique 10-digit numbers at Wema Bank, named after the business and the customer, and keeps them", async () => {
    const accounts = await Promise.all(Array.from({ length: 20 }, () => sandbox.createVirtualAccount(input)));
    for (const account of accounts) {
      expect(account).toMatchObject({ bankName: "Wema Bank", accountName: "Ada's Shop / Ada Obi", customerCode: null });
      expect(account.accountNumber).toMatch(/^9\d{9}$/);
    }
    expect(new Set(accounts.map((a) => a.accountNumber)).size).toBe(20);
    const stored = await db.sandboxVirtualAccount.findMany({ where: { accountNumber: { in: accounts.map((a) => a.accountNumber) } } });
    expect(stored).toHaveLength(20);
    expect(stored[0]).toMatchObject({ email: "ada@example.com", accountName: "Ada's Shop / Ada Obi" });
  });

  it("names a customer without a name by e-mail, and refuses a subaccount it does not know", async () => {
    expect((await sandbox.createVirtualAccount({ ...input, firstName: null, lastName: null })).accountName).toBe("Ada's Shop / ada@example.com");
    await expect(sandbox.createVirtualAccount({ ...input, subaccountCode: "SBX_ACCT_nope" })).rejects.toMatchObject({
      kind: "declined",
      message: "Subaccount not found",
    });
  });
});

describe("sandbox parseWebhook", () => {
  const charge = (data: Record<string, unknown>) =>
    JSON.stringify({
      event: "charge.success",
      data: { id: 42, reference: "sbx_trf_abc", status: "success", amount: 150_000, currency: "NGN", fees: 0, ...data },
    });

  it("reads a dedicated_nuban charge.success as a transfer to the receiving account, with its sender", () => {
    const event = sandbox.parseWebhook(
      charge({
        channel: "dedicated_nuban",
        customer: { customer_code: "CUS_1" },
        authorization: {
          authorization_code: "AUTH_1",
          receiver_bank_account_number: "9123456789",
          sender_name: "ADA OBI",
          sender_bank: "Kuda Bank",
          narration: "rent",
        },
      }),
    );
    expect(event).toMatchObject({ kind: "transfer", externalId: "charge.success:42", reference: "sbx_trf_abc" });
    expect(event.charge).toMatchObject({ amount: 150_000n, status: "success", reference: "sbx_trf_abc", processorTransactionId: "42" });
    expect(event.transfer).toEqual({
      accountNumber: "9123456789",
      accountReference: null,
      customerCode: "CUS_1",
      senderName: "ADA OBI",
      senderBank: "Kuda Bank",
      narration: "rent",
    });
  });

  it("keeps a card charge a charge, and refuses a malformed transfer field", () => {
    expect(sandbox.parseWebhook(charge({ channel: "card" })).kind).toBe("charge.success");
    expect(() => sandbox.parseWebhook(charge({ channel: "dedicated_nuban", authorization: { receiver_bank_account_number: "9".repeat(40) } }))).toThrow(
      ProcessorError,
    );
  });
});
