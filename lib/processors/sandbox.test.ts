// The sandbox's virtual accounts and its transfer events (issue 27), against its own tables.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createSandboxAdapter } from "./sandbox";
import { ProcessorError } from "./types";

const sandbox = createSandboxAdapter();
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
