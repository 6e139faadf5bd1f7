import pg from "pg";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, e2eDatabaseUrl, initiateCardPayment, logIn } from "./helpers";
import { expectAccessible } from "./axe";

// Issue 25, Deliver 3: a payment that failed over lists each processor tried on its timeline, on the
// desktop and the phone. The browser tests' server has one processor (the sandbox), so the failed
// attempt before the sandbox's (lib/payments/attempts.ts) is written straight into its database.

test("a failed-over payment's timeline lists each processor tried, with its reason and time", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Mama Put Failover");
  const { transactionId } = await initiateCardPayment(request, merchant, { amount: 500_000, email: "ada.failover@example.com" });

  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    // The sandbox's own attempt is already recorded; the one before it, at Paystack, failed.
    await client.query(
      `INSERT INTO "PaymentAttempt" (id, "transactionId", processor, reference, outcome, error, "durationMs", "createdAt")
       SELECT gen_random_uuid(), id, 'paystack', reference, 'unavailable', 'Service temporarily unavailable', 120, "createdAt"
       FROM "Transaction" WHERE id = $1`,
      [transactionId],
    );
  } finally {
    await client.end();
  }

  await logIn(page, merchant.email, merchant.password);
  await page.goto(`/dashboard/transactions/${transactionId}`);
  const timeline = page.getByRole("list").filter({ hasText: "Payment initiated" });
  await expect(timeline.getByText("Paystack: unavailable")).toBeVisible();
  await expect(timeline.getByText("Service temporarily unavailable · 0.1 s")).toBeVisible();
  await expect(timeline.getByText("Sandbox: checkout started")).toBeVisible();
  await expectAccessible(page, "transaction timeline after a failover");
});
