// The dashboard pages that show bank transfers and credit, rendered on the server as Next renders them
// (the page's data read from the real database), to HTML: the customer page (pay-in account, credit,
// allocations), a transfer's transaction page and the transactions list. Only the signed-in member is
// stubbed (getDashboardContext reads next-auth's cookie, which a test has no request for).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { randomBytes } from "node:crypto";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const member = vi.hoisted(() => ({ current: null as null | { merchant: { id: string; environment: "test" | "live" }; role: string } }));
vi.mock("@/lib/auth/session", () => ({ getDashboardContext: async () => member.current }));

import CustomerPage from "@/app/(dashboard)/dashboard/customers/[customerId]/page";
import CustomersPage from "@/app/(dashboard)/dashboard/customers/page";
import TransactionPage from "@/app/(dashboard)/dashboard/transactions/[transactionId]/page";
import TransactionsPage from "@/app/(dashboard)/dashboard/transactions/page";
import { VirtualAccountsSetting } from "@/components/settings/virtual-accounts-setting";
import { appRouterContext } from "@/lib/api/lane/next-internals";
import { db } from "@/lib/db/client";
import { createMerchantOwner } from "../helpers/factories";
import { insertCustomer, insertInvoice, insertTransaction } from "../helpers/rows";

const tag = () => randomBytes(4).toString("hex");
const router = { push: () => {}, replace: () => {}, refresh: () => {}, prefetch: () => {}, back: () => {}, forward: () => {}, hmrRefresh: () => {} };

/** The page's HTML, and its text as a person reads it (tags dropped, entities decoded, spaces collapsed). */
function render(node: ReactNode) {
  const html = renderToStaticMarkup(createElement(appRouterContext().Provider, { value: router as never }, node));
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { html, text };
}

const as = (merchantId: string, role: string) => {
  member.current = { merchant: { id: merchantId, environment: "test" }, role };
};

describe("dashboard pages for bank transfers", () => {
  let merchantId: string;
  const ids = {} as Record<"customer" | "plain" | "transfer" | "invoice" | "card", string>;
  let reference: string;
  let invoiceNumber: string;
  let accountNumber: string;

  beforeAll(async () => {
    const owner = await createMerchantOwner();
    merchantId = owner.merchant.id;
    const scope = { merchantId, environment: "test" as const };
    const email = `ngozi.${tag()}@example.com`;
    const at = new Date("2026-11-02T09:00:00.000Z");
    const customer = await insertCustomer({
      ...scope,
      email,
      name: "Ngozi Eze",
      totalPaid: 900_000n,
      paymentCount: 1,
      firstPaymentAt: at,
      lastPaymentAt: at,
      balance: 400_000n,
    });
    const plain = await insertCustomer({ ...scope, email: `chidi.${tag()}@example.com`, paymentCount: 1, lastPaymentAt: at });
    accountNumber = `99${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const account = await db.virtualAccount.create({
      data: { ...scope, customerId: customer.id, processor: "sandbox", bankName: "Wema Bank", accountNumber, accountName: "PAYLINK/NGOZI EZE" },
    });
    invoiceNumber = `INV-${tag()}`;
    const invoice = await insertInvoice({ ...scope, invoiceNumber, amount: 500_000n, amountPaid: 500_000n, customerEmail: email, status: "PAID" });
    reference = `TRF-${Date.now()}-${tag()}`;
    const transfer = await insertTransaction({
      ...scope,
      reference,
      amount: 900_000n,
      status: "COMPLETED",
      channel: "bank_transfer",
      paymentMethod: "BANK_TRANSFER",
      customerEmail: email,
      customerId: customer.id,
      virtualAccountId: account.id,
      senderName: "ADAEZE OKAFOR",
      senderBank: "Guaranty Trust Bank",
      createdAt: at,
      completedAt: at,
    });
    const card = await insertTransaction({
      ...scope,
      reference: `TXN-${Date.now()}-${tag()}`,
      amount: 50_000n,
      status: "COMPLETED",
      channel: "card",
      customerEmail: email,
    });
    await db.paymentAllocation.createMany({
      data: [
        { ...scope, kind: "payment", amount: 500_000n, customerId: customer.id, transactionId: transfer.id, invoiceId: invoice.id, createdAt: at },
        { ...scope, kind: "credit", amount: 400_000n, customerId: customer.id, transactionId: transfer.id, createdAt: new Date(at.getTime() + 1000) },
      ],
    });
    Object.assign(ids, { customer: customer.id, plain: plain.id, transfer: transfer.id, invoice: invoice.id, card: card.id });
  });

  it("the customer page shows the pay-in account, the credit with Refund credit, and each allocation linked", async () => {
    as(merchantId, "OWNER");
    const { html, text } = render(await CustomerPage({ params: Promise.resolve({ customerId: ids.customer }) }));
    expect(text).toContain(`Wema Bank ${accountNumber} (PAYLINK/NGOZI EZE)`);
    expect(text).not.toContain("Give them an account number");
    expect(text).toMatch(/Credit balance ₦4,000\.00 Refund credit/);
    expect(text).toContain("Allocations");
    expect(text).toContain(`Invoice ${invoiceNumber}`);
    expect(html).toContain(`href="/dashboard/invoices/${ids.invoice}"`);
    expect(html).toContain(`href="/dashboard/transactions/${ids.transfer}"`);
    expect(text).toMatch(/Credit ₦4,000\.00/);
    // The Payments table says what the transfer paid, as the transactions list does.
    expect(text).toContain(`${reference} Invoice ${invoiceNumber} and credit ₦9,000.00`);
    expect(text).toContain("₦5,000.00");
  });

  it("hides what the member's role may not do: a viewer sees no Refund credit nor account button", async () => {
    as(merchantId, "VIEWER");
    expect(render(await CustomerPage({ params: Promise.resolve({ customerId: ids.customer }) })).text).not.toContain("Refund credit");
    const { text } = render(await CustomerPage({ params: Promise.resolve({ customerId: ids.plain }) }));
    expect(text).not.toContain("Give them an account number");
    expect(text).toContain("Pay-in account None yet.");
  });

  it("offers an account number where there is none, hides Refund credit at ₦0, and says there are no allocations", async () => {
    as(merchantId, "OPERATIONS");
    const { text } = render(await CustomerPage({ params: Promise.resolve({ customerId: ids.plain }) }));
    expect(text).toContain("Give them an account number");
    expect(text).toContain("Credit balance ₦0.00");
    expect(text).not.toContain("Refund credit");
    expect(text).toContain("No allocations yet");
  });

  it("the transfer's page names the method, the sender, the account it arrived in, and where the money went", async () => {
    as(merchantId, "OWNER");
    const { html, text } = render(await TransactionPage({ params: Promise.resolve({ transactionId: ids.transfer }) }));
    expect(text).toContain("Method Bank transfer from ADAEZE OKAFOR, Guaranty Trust Bank");
    expect(text).toContain(`Arrived in The customer's account number: Wema Bank ${accountNumber} (PAYLINK/NGOZI EZE)`);
    expect(text).toContain(`Where the money went Paid invoice ${invoiceNumber} ₦5,000.00`);
    expect(text).toContain("The customer's credit (paid beyond what their invoices owed) ₦4,000.00");
    expect(html).toContain(`href="/dashboard/invoices/${ids.invoice}"`);
    expect(text).toContain("Bank transfer received");

    const card = render(await TransactionPage({ params: Promise.resolve({ transactionId: ids.card }) })).text;
    expect(card).not.toContain("Arrived in");
    expect(card).not.toContain("Where the money went");
  });

  it("the transactions list says Bank transfer, from whom, and what it paid", async () => {
    as(merchantId, "OWNER");
    const { text } = render(await TransactionsPage({ searchParams: Promise.resolve({}) }));
    expect(text).toContain("Bank transfer from ADAEZE OKAFOR, Guaranty Trust Bank");
    expect(text).toContain(`Invoice ${invoiceNumber} and credit`);
  });

  it("the customers list shows a Credit column when someone has credit", async () => {
    as(merchantId, "OWNER");
    const { html, text } = render(await CustomersPage({ searchParams: Promise.resolve({}) }));
    expect(html).toMatch(/<th[^>]*>Credit<\/th>/);
    expect(text).toContain("₦4,000.00 credit");
  });

  it("the settings switch is labelled, and disabled for members who cannot change settings", () => {
    const on = render(createElement(VirtualAccountsSetting, { merchantId, enabled: true, canEdit: true })).html;
    expect(on).toMatch(/<input id="[^"]+" type="checkbox"[^>]* checked=""/);
    const id = /<input id="([^"]+)"/.exec(on)![1];
    expect(on).toContain(`<label for="${id}"`);
    expect(on).toContain("Give each invoice&#x27;s customer a bank account number of their own when the invoice is sent");
    expect(render(createElement(VirtualAccountsSetting, { merchantId, enabled: false, canEdit: false })).html).toMatch(/<input[^>]*disabled=""/);
  });
});
