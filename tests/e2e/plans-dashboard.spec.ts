import { randomUUID } from "node:crypto";
import pg from "pg";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, e2eDatabaseUrl, expectBelowMinimum, logIn, unique } from "./helpers";
import { expectAccessible } from "./axe";

// Issue 26, Deliver 8: plans and subscriptions in the dashboard, on the desktop and the phone. A
// subscription starts through a payment (the engine's); here its rows are written straight into the
// browser tests' database, as a month of renewals and a failed retry would have left them.

const DAY = 24 * 60 * 60 * 1000;

test("a merchant creates a plan and finds its subscribe link and QR code", async ({ page, request, baseURL }) => {
  const merchant = await createVerifiedMerchant(request, "Lekki Fitness");
  await logIn(page, merchant.email, merchant.password);

  await page.goto("/dashboard/plans");
  await expect(page.getByRole("heading", { name: "No plans yet" })).toBeVisible();
  await page.getByRole("link", { name: "Create plan" }).first().click();
  await expect(page.getByRole("heading", { name: "New plan" })).toBeVisible();
  await expectAccessible(page, "new plan form");

  const name = `Gym membership ${unique()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  const amount = page.getByLabel("Amount (₦)");
  await expectBelowMinimum(page, amount, "40");
  await amount.fill("15,000");
  await page.getByLabel("Billed").selectOption("monthly");
  await page.getByLabel(/Free trial/).fill("7");
  await expect(page.getByText("Customers pay ₦15,000.00 every month, starting after a 7-day free trial.")).toBeVisible();
  await page.getByRole("button", { name: "Create plan" }).click();

  await expect(page).toHaveURL(/\/dashboard\/plans\/[0-9a-f-]{36}$/);
  const planId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByText("₦15,000.00 every month · 7-day free trial")).toBeVisible();
  await expect(page.getByTestId("share-url")).toHaveText(`${baseURL}/subscribe/${planId}`);
  await expect(page.getByRole("img", { name: `QR code for ${baseURL}/subscribe/${planId}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy subscribe link" })).toBeVisible();
  await expectAccessible(page, "plan page");
  await page.screenshot({ path: `test-results/plan-page-${test.info().project.name}.png`, fullPage: true });
  await expect(page.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`${name}: ${baseURL}/subscribe/${planId}`)}`,
  );

  // A new price is for new subscribers; the interval stays.
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Edit plan" })).toBeVisible();
  await expectAccessible(page, "edit plan form");
  await page.getByLabel("Amount (₦)").fill("18,000");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/plans/${planId}$`));
  await expect(page.getByText("₦18,000.00 every month · 7-day free trial")).toBeVisible();

  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Not taking new subscribers")).toBeVisible();
  await page.goto("/dashboard/plans?status=inactive");
  const listed = page.getByRole("link", { name }).filter({ visible: true });
  await expect(listed).toHaveCount(1);
  await page.goto("/dashboard/plans?status=active");
  await expect(page.getByRole("heading", { name: "No active plans" })).toBeVisible();

  // How failed renewals are retried: in Settings.
  await page.goto("/dashboard/settings#failed-renewals");
  const days = page.getByLabel("Retry on these days after a failed renewal");
  await expect(days).toHaveValue("1, 3, 5, 7");
  await days.fill("3, 1");
  await page.getByRole("button", { name: "Save retry settings" }).click();
  await expect(page.getByText("List the days in increasing order, each once, e.g. 1, 3, 5, 7")).toBeVisible();
  await days.fill("2, 4, 8");
  await page.getByRole("radio", { name: /Mark it unpaid/ }).check();
  await page.getByRole("button", { name: "Save retry settings" }).click();
  await expect(page.getByText("Retry settings saved")).toBeVisible();
  await page.screenshot({ path: `test-results/settings-retries-${test.info().project.name}.png`, fullPage: true });
  await page.reload();
  await expect(page.getByLabel("Retry on these days after a failed renewal")).toHaveValue("2, 4, 8");
  await expect(page.getByRole("radio", { name: /Mark it unpaid/ })).toBeChecked();
});

test("a subscription's page shows its charges and retries, and cancels it at the end of the period", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Lekki Fitness");
  const created = await request.post(`/api/merchants/${merchant.merchantId}/plans`, {
    headers: { authorization: `Bearer ${merchant.secretKey}` },
    data: { name: "Gold membership", amount: 1_500_000, interval: "monthly" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const planId = ((await created.json()) as { plan: { id: string } }).plan.id;
  const email = `subscriber.${unique()}@example.com`;
  const subscriptionId = randomUUID();
  const now = Date.now();
  const anchor = new Date(now - 31 * DAY);
  const periodEnd = new Date(now + 30 * DAY);

  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const customer = await client.query<{ id: string }>(
      `INSERT INTO "Customer" (id, "merchantId", environment, email, name, "totalPaid", "paymentCount", "firstPaymentAt", "lastPaymentAt", "updatedAt")
       VALUES (gen_random_uuid(), $1, 'test', $2, 'Ngozi Eze', 3000000, 2, $3, now(), now()) RETURNING id`,
      [merchant.merchantId, email, anchor],
    );
    await client.query(
      `INSERT INTO "Subscription" (id, "merchantId", environment, "planId", "customerId", status, amount, interval, processor, "authorizationSealed",
         "cardBrand", "cardLast4", "cardExpMonth", "cardExpYear", period, "currentPeriodStart", "currentPeriodEnd", "nextChargeAt", "createdAt", "updatedAt")
       VALUES ($1, $2, 'test', $3, $4, 'active', 1500000, 'monthly', 'sandbox', 'not-a-real-authorization',
         'visa', '4081', 12, 2030, 2, $5, $6, $6, $7, now())`,
      [subscriptionId, merchant.merchantId, planId, customer.rows[0]!.id, new Date(now - DAY), periodEnd, anchor],
    );
    // Period 1 paid at once; period 2 declined first, then paid on the first retry.
    const charge = async (period: number, at: Date, attempts: { outcome: string; error?: string; after: number }[]) => {
      const reference = `SUB${period}-${anchor.getTime()}-${subscriptionId.replaceAll("-", "").slice(0, 8)}`;
      const tx = await client.query<{ id: string }>(
        `INSERT INTO "Transaction" (id, "merchantId", environment, reference, amount, status, channel, "customerEmail", "customerName", processor,
           "customerId", "planId", "subscriptionId", "subscriptionPeriod", "createdAt", "updatedAt", "completedAt")
         VALUES (gen_random_uuid(), $1, 'test', $2, 1500000, 'COMPLETED', 'card', $3, 'Ngozi Eze', 'sandbox', $4, $5, $6, $7, $8, now(), $9) RETURNING id`,
        [
          merchant.merchantId,
          reference,
          email,
          customer.rows[0]!.id,
          planId,
          subscriptionId,
          period,
          at,
          new Date(at.getTime() + attempts.at(-1)!.after + 1000),
        ],
      );
      for (const [i, attempt] of attempts.entries()) {
        await client.query(
          `INSERT INTO "PaymentAttempt" (id, "transactionId", processor, reference, outcome, error, "durationMs", "createdAt")
           VALUES (gen_random_uuid(), $1, 'sandbox', $2, $3, $4, 300, $5)`,
          [tx.rows[0]!.id, i === 0 ? reference : `${reference}-r${i + 1}`, attempt.outcome, attempt.error ?? null, new Date(at.getTime() + attempt.after)],
        );
      }
      return reference;
    };
    await charge(1, anchor, [{ outcome: "started", after: 0 }]);
    const renewal = await charge(2, new Date(now - DAY), [
      { outcome: "superseded", error: "Insufficient funds", after: 0 },
      { outcome: "started", after: 2 * 60 * 60 * 1000 },
    ]);
    expect(renewal).toMatch(/^SUB2-/);
  } finally {
    await client.end();
  }

  await logIn(page, merchant.email, merchant.password);
  // The overview counts it: ₦15,000 a month, one active subscriber.
  await page.goto("/dashboard");
  await expect(page.getByTestId("kpi-mrr")).toHaveText("₦15,000.00");
  await expect(page.getByTestId("kpi-subscribers")).toHaveText("1");
  await page.screenshot({ path: `test-results/overview-subscriptions-${test.info().project.name}.png`, fullPage: true });

  await page.goto("/dashboard/subscriptions");
  await page.getByLabel("Customer e-mail").fill("subscriber.");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/email=subscriber/);
  await page.getByLabel("Status").selectOption("past_due");
  await expect(page.getByRole("heading", { name: "No subscriptions match these filters" })).toBeVisible();
  await page.getByLabel("Status").selectOption("active");
  await expect(page).toHaveURL(/status=active/);
  await expectAccessible(page, "filtered subscriptions");
  await page.screenshot({ path: `test-results/subscriptions-${test.info().project.name}.png`, fullPage: true });
  const row = page.getByRole("link", { name: "Ngozi Eze" }).filter({ visible: true });
  await expect(row).toHaveCount(1);
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/subscriptions/${subscriptionId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Ngozi Eze");
  await expect(page.getByText("Gold membership · ₦15,000.00 every month")).toBeVisible();
  const timeline = page.getByTestId("charge-timeline");
  await expect(timeline.getByText("Period 2: renewal")).toBeVisible();
  await expect(timeline.getByText("Period 1: first payment")).toBeVisible();
  await expect(timeline.getByText("Try 1: Sandbox charge sent, then replaced by a later try")).toBeVisible();
  await expect(timeline.getByText("Insufficient funds")).toBeVisible();
  await expect(timeline.getByText("Retry 1: Sandbox charge sent")).toBeVisible();
  await expect(page.getByText("Visa •••• 4081 · 12/30")).toBeVisible();
  await expectAccessible(page, "subscription page");
  await page.screenshot({ path: `test-results/subscription-page-${test.info().project.name}.png`, fullPage: true });

  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this subscription?" });
  await expect(dialog.getByRole("radio", { name: /At the end of the period/ })).toBeChecked();
  await expectAccessible(page, "cancel subscription dialog");
  await dialog.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ends with its period" })).toBeVisible();

  const api = await request.get(`/api/merchants/${merchant.merchantId}/subscriptions/${subscriptionId}`, {
    headers: { authorization: `Bearer ${merchant.secretKey}` },
  });
  expect(((await api.json()) as { subscription: { status: string; cancelAtPeriodEnd: boolean } }).subscription).toMatchObject({
    status: "active",
    cancelAtPeriodEnd: true,
  });

  // Now only "now" is left to choose, and it ends it.
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(dialog.getByRole("radio", { name: /Now/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Canceled");
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
});
