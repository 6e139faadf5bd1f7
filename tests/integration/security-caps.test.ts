// Issue 13, finding 3: a link's cap (single-use, maxPayments) and an invoice's one payment hold
// however many checkouts are open at once. A pending checkout holds a slot until it completes,
// fails or expires; a completion past the cap (the processor took the money anyway) is recorded,
// never counted, flagged, refunded automatically, and the merchant is told.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createLink } from "@/lib/links/service";
import { createInvoice } from "@/lib/invoices/service";
import { CHECKOUT_HOLD_MS } from "@/lib/payments/holds";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody, postWebhook, sandboxEvent, transactionByReference } from "../helpers/payments";
import { deliverQueuedEmails } from "../helpers/mailbox";

async function merchantWithLink(options: { isReusable: boolean; maxPayments?: number }) {
  const owner = await createMerchantOwner();
  const link = await createLink({ merchantId: owner.merchant.id, environment: "test" }, { title: "Jollof tray", amount: 250_000, ...options });
  return { owner, link };
}

const customer = (n: number) => `customer${n}@example.com`;
const payLink = (merchantId: string, linkId: string, n: number) => initiate(paymentBody(merchantId, { paymentLinkId: linkId, email: customer(n) }));
/** Paid on the sandbox checkout, then notified (the checkout's own webhook has no server to reach here). */
async function pay(started: { body: { reference: string; accessCode: string } }) {
  await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084084084084081" });
  return postWebhook("sandbox", sandboxEvent(started.body.reference));
}
const expireHold = (reference: string) => db.transaction.update({ where: { reference }, data: { createdAt: new Date(Date.now() - CHECKOUT_HOLD_MS - 1_000) } });

describe("open checkouts hold the link's slots", () => {
  it("a single-use link opened by four customers at once gives one checkout; the others are told to wait", async () => {
    const { owner, link } = await merchantWithLink({ isReusable: false });
    const results = await Promise.all([1, 2, 3, 4].map((n) => payLink(owner.merchant.id, link.id, n)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/being paid right now/);
    expect(await db.transaction.count({ where: { paymentLinkId: link.id } })).toBe(1);
  });

  it("a link capped at 2 gives two checkouts to five customers", async () => {
    const { owner, link } = await merchantWithLink({ isReusable: true, maxPayments: 2 });
    const statuses = [];
    for (const n of [1, 2, 3, 4, 5]) statuses.push((await payLink(owner.merchant.id, link.id, n)).status);
    expect(statuses).toEqual([201, 201, 409, 409, 409]);
  });

  it("the customer holding the slot may start again (a closed tab), and a hold ends when it expires or fails", async () => {
    const { owner, link } = await merchantWithLink({ isReusable: false });
    const first = await payLink(owner.merchant.id, link.id, 1);
    expect(first.status).toBe(201);
    expect((await payLink(owner.merchant.id, link.id, 1)).status).toBe(201);
    expect((await payLink(owner.merchant.id, link.id, 2)).status).toBe(409);

    // Customer 1 lets both checkouts lapse: customer 2 may now pay.
    for (const t of await db.transaction.findMany({ where: { paymentLinkId: link.id } })) await expireHold(t.reference);
    const second = await payLink(owner.merchant.id, link.id, 2);
    expect(second.status).toBe(201);
    // A failed checkout frees its slot at once.
    await postWebhook("sandbox", sandboxEvent(second.body.reference, { status: "failed" }, "charge.failed"));
    expect((await payLink(owner.merchant.id, link.id, 3)).status).toBe(201);
  });
});

describe("a completion past the cap", () => {
  it("is recorded, not counted, flagged, refunded automatically, and the merchant is told", async () => {
    const { owner, link } = await merchantWithLink({ isReusable: false });
    const first = await payLink(owner.merchant.id, link.id, 1);
    await expireHold(first.body.reference);
    const second = await payLink(owner.merchant.id, link.id, 2);
    expect(second.status).toBe(201);

    // Both customers pay after all (customer 1 on a checkout left open past its hold).
    expect((await pay(second)).status).toBe(200);
    expect((await pay(first)).status).toBe(200);

    const counted = await transactionByReference(second.body.reference);
    expect(counted).toMatchObject({ status: "COMPLETED", flaggedReason: null, refundedAmount: 0n });
    const extra = await transactionByReference(first.body.reference);
    expect(extra.flaggedReason).toMatch(/limit/);
    expect(extra).toMatchObject({ status: "REFUNDED", refundedAmount: 250_000n, autoRefundDueAt: null });
    const after = await db.paymentLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(after).toMatchObject({ completedPayments: 1, isActive: false });
    expect(await db.event.count({ where: { merchantId: owner.merchant.id, type: "transaction.refunded" } })).toBe(1);
    // The owner is e-mailed (queued: it lands in the dev mailbox once the job runs).
    await expect
      .poll(
        async () => {
          await deliverQueuedEmails();
          return db.storedEmail.count({ where: { to: owner.input.email, subject: { contains: "refunded" } } });
        },
        { timeout: 15_000 },
      )
      .toBe(1);
  });

  it("an invoice paid twice keeps the first payment and refunds the second", async () => {
    const owner = await createMerchantOwner();
    const invoice = await createInvoice(
      { merchantId: owner.merchant.id, environment: "test" },
      { customerEmail: "buyer@example.com", lineItems: [{ description: "Catering", amount: 250_000, quantity: 1 }], status: "SENT" },
    );
    const body = paymentBody(owner.merchant.id, { invoiceId: invoice.id, email: "buyer@example.com" });
    const a = await initiate(body);
    const b = await initiate(body); // the customer opened the pay page twice
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await initiate({ ...body, email: "stranger@example.com" })).status).toBe(409);

    await pay(a);
    await pay(b);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("PAID");
    expect(await transactionByReference(a.body.reference)).toMatchObject({ status: "COMPLETED", flaggedReason: null });
    const second = await transactionByReference(b.body.reference);
    expect(second).toMatchObject({ status: "REFUNDED", refundedAmount: 250_000n });
    expect(second.flaggedReason).toMatch(/already paid/);
  });
});
