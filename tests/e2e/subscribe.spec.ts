import { createHmac, hkdfSync, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { type APIRequestContext } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, e2eDatabaseUrl } from "./helpers";

// Issue 26 items 2 and 6, on the desktop and the phone: subscribing on the plan's hosted page, and the
// customer's own page. Subscriptions are written straight into the server's database (the engine that
// starts them from a payment is tested on its own).

type Merchant = Awaited<ReturnType<typeof createVerifiedMerchant>>;
type Plan = { id: string; name: string; amount: number; interval: string };

async function createPlan(request: APIRequestContext, merchant: Merchant, body: Record<string, unknown>): Promise<Plan> {
  const res = await request.post(`/api/merchants/${merchant.merchantId}/plans`, { headers: { authorization: `Bearer ${merchant.secretKey}` }, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).plan as Plan;
}

/**
 * The customer's signed link, as lib/subscriptions/links.ts makes it, under the server's AUTH_SECRET
 * (npm start keeps a generated one in .data/secrets.json when none is set).
 */
function manageToken(subscriptionId: string): string {
  const secret = process.env.AUTH_SECRET ?? (JSON.parse(readFileSync(".data/secrets.json", "utf8")) as { AUTH_SECRET: string }).AUTH_SECRET;
  const key = Buffer.from(hkdfSync("sha256", secret, "paylink", "paylink subscription link v1", 32));
  return `${subscriptionId}.${createHmac("sha256", key).update(subscriptionId).digest("base64url")}`;
}

type Inserted = { id: string; token: string; paidReference: string; dueReference: string | null };

/** A subscription as the engine leaves it: its customer, a paid first period, and (past due) the next period's open renewal. */
async function insertSubscription(merchant: Merchant, plan: Plan, status: "active" | "past_due"): Promise<Inserted> {
  const id = randomUUID();
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const customerId = randomUUID();
    const email = `ada.${id.slice(0, 8)}@example.com`;
    await client.query(`INSERT INTO "Customer" (id, "merchantId", environment, email, name, "updatedAt") VALUES ($1, $2, 'test', $3, 'Ada Obi', now())`, [
      customerId,
      merchant.merchantId,
      email,
    ]);
    const created = new Date("2026-11-26T09:00:00Z");
    await client.query(
      `INSERT INTO "Subscription" (id, "merchantId", environment, "planId", "customerId", status, amount, interval, processor, "authorizationSealed",
         "cardBrand", "cardLast4", "cardExpMonth", "cardExpYear", period, "currentPeriodStart", "currentPeriodEnd", "nextChargeAt", "createdAt", "updatedAt")
       VALUES ($1, $2, 'test', $3, $4, $5, $6, $12, 'sandbox', 'sealed', 'visa', '4081', 9, 2031, $7, $8, $9, $10, $11, now())`,
      [
        id,
        merchant.merchantId,
        plan.id,
        customerId,
        status,
        plan.amount,
        status === "active" ? 1 : 2,
        status === "active" ? "2026-11-26T09:00:00Z" : "2026-12-26T09:00:00Z",
        status === "active" ? "2026-12-26T09:00:00Z" : "2027-01-26T09:00:00Z",
        status === "active" ? "2026-12-26T09:00:00Z" : "2026-12-29T09:00:00Z",
        created,
        plan.interval,
      ],
    );
    const reference = (period: number) => `SUB${period}-${created.getTime()}-${id.replaceAll("-", "").slice(0, 8)}`;
    const renewal = `INSERT INTO "Transaction" (id, "merchantId", environment, reference, amount, currency, status, channel, "customerEmail", "customerName",
        "customerId", description, processor, "subscriptionId", "subscriptionPeriod", "completedAt", "updatedAt")
      VALUES (gen_random_uuid(), $1, 'test', $2, $3, 'NGN', $4, 'card', $5, 'Ada Obi', $6, $7, 'sandbox', $8, $9, $10, now())`;
    await client.query(renewal, [merchant.merchantId, reference(1), plan.amount, "COMPLETED", email, customerId, plan.name, id, 1, "2026-11-26T09:00:05Z"]);
    if (status === "past_due")
      await client.query(renewal, [merchant.merchantId, reference(2), plan.amount, "PENDING", email, customerId, plan.name, id, 2, null]);
    return { id, token: manageToken(id), paidReference: reference(1), dueReference: status === "past_due" ? reference(2) : null };
  } finally {
    await client.end();
  }
}

test("a customer subscribes to a plan with a free trial: the form's errors, then the sandbox's card page for the ₦50 check", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Lekki Fitness");
  const plan = await createPlan(request, merchant, {
    name: "Gold membership",
    description: "Every class, every day",
    amount: 500_000,
    interval: "monthly",
    trialDays: 7,
  });

  await page.goto(`/subscribe/${plan.id}`);
  await expect(page.getByRole("heading", { name: "Gold membership" })).toBeVisible();
  await expect(page.getByText("Lekki Fitness").first()).toBeVisible();
  await expect(page.getByTestId("plan-price")).toHaveText("₦5,000 / month");
  await expect(page.getByTestId("plan-trial")).toHaveText("7 days free, then ₦5,000 / month. We check your card with ₦50, refunded at once.");
  // Card only: the subscription renews on the card.
  await expect(page.getByRole("radio")).toHaveCount(0);

  await page.getByLabel("Email address").fill("ada@example.com");
  await page.getByLabel("Full name").fill("A");
  await page.getByRole("button", { name: "Subscribe" }).click();
  // The server's answer: the form again, the e-mail kept and the name's problem under it.
  await expect(page.getByText("Enter your name")).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue("ada@example.com");
  await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "subscribe page with the server's name error");

  await page.getByLabel("Full name").fill("Ada Obi");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await expect(page.getByText("₦50.00").first()).toBeVisible();
  await expect(page.getByText("Pay by card")).toBeVisible();
  await page.screenshot({ path: `test-results/subscribe-${test.info().project.name}.png`, fullPage: true });
});

test("an unknown or deactivated plan's page is a polite 404", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Closed Gym");
  const plan = await createPlan(request, merchant, { name: "Silver", amount: 300_000, interval: "weekly" });
  const off = await request.put(`/api/merchants/${merchant.merchantId}/plans/${plan.id}`, {
    headers: { authorization: `Bearer ${merchant.secretKey}` },
    data: { active: false },
  });
  expect(off.status(), await off.text()).toBe(200);
  for (const id of [plan.id, randomUUID()]) {
    const response = await page.goto(`/subscribe/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This plan isn't available" })).toBeVisible();
    await expect(page.getByRole("button")).toHaveCount(0);
  }
});

test("the customer's page: an overdue period paid now by bank transfer, its receipt listed", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Ikoyi Books");
  const plan = await createPlan(request, merchant, { name: "Book club", amount: 500_000, interval: "monthly" });
  const sub = await insertSubscription(merchant, plan, "past_due");

  await page.goto(`/billing/${sub.token}`);
  await expect(page.getByRole("heading", { name: "Book club" })).toBeVisible();
  await expect(page.getByTestId("billing-status")).toHaveText("Payment overdue");
  await expect(page.getByTestId("billing-standing")).toHaveText(
    "We couldn't take ₦5,000 from your card. We'll try again on 29 December 2026, or you can pay now.",
  );
  await expect(page.getByTestId("billing-card")).toHaveText("Visa •••• 4081, expires 09/2031");
  const receipt = page.getByRole("link", { name: "Receipt for 26 November 2026", exact: true });
  await expect(receipt).toHaveAttribute("href", `/receipt/${sub.paidReference}`);
  const pdf = await request.get(`/receipt/${sub.paidReference}/pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await page.screenshot({ path: `test-results/billing-past-due-${test.info().project.name}.png`, fullPage: true });

  await page.getByText("Bank transfer", { exact: true }).click();
  await page.getByRole("button", { name: "Pay ₦5,000 now" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await expect(page.getByText("Pay by bank transfer")).toBeVisible();
  await page.getByRole("button", { name: "I've sent the money" }).click();
  await expect(page).toHaveURL(new RegExp(`/receipt/${sub.dueReference}(\\?|$)`));
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();

  // The period is paid: nothing is owed any more.
  await page.goto(`/billing/${sub.token}`);
  await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  // …and the period just paid is listed with its receipt, beside the first.
  await expect(page.locator(`a[href="/receipt/${sub.dueReference}"]`)).toBeVisible();
  await expect(page.locator(`a[href="/receipt/${sub.paidReference}"]`)).toBeVisible();
});

test("the customer's page: update the card, then cancel at the period's end after confirming", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Yaba Coders");
  const plan = await createPlan(request, merchant, { name: "Pro plan", amount: 500_000, interval: "monthly" });
  const sub = await insertSubscription(merchant, plan, "active");

  await page.goto(`/billing/${sub.token}`);
  await expect(page.getByTestId("billing-status")).toHaveText("Active");
  await expect(page.getByTestId("billing-standing")).toHaveText("Your card will be charged ₦5,000 on 26 December 2026.");
  await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);

  await page.getByRole("button", { name: "Update card" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await expect(page.getByText("₦50.00").first()).toBeVisible();
  await expect(page.getByText("Pay by card")).toBeVisible();

  await page.goto(`/billing/${sub.token}`);
  await page.getByRole("link", { name: "Cancel subscription" }).click();
  await expect(page.getByRole("heading", { name: "Cancel your subscription?" })).toBeVisible();
  await expect(page.getByText("It stays active until 26 December 2026, and you won't be charged again.")).toBeVisible();
  await expectAccessible(page, "billing page's cancel confirmation");
  await page.getByRole("button", { name: "Yes, cancel at the end of the period" }).click();
  await expect(page).toHaveURL(new RegExp(`/billing/${sub.token.replace(".", "\\.")}$`));
  await expect(page.getByTestId("billing-status")).toHaveText("Ending");
  await expect(page.getByTestId("billing-standing")).toHaveText("Ends on 26 December 2026. You won't be charged again.");
  await expect(page.getByRole("link", { name: "Cancel subscription" })).toHaveCount(0);
});

test("a link that is not one we signed shows a 404 page that names nobody", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Secret Salon");
  const plan = await createPlan(request, merchant, { name: "Braids monthly", amount: 500_000, interval: "monthly" });
  const sub = await insertSubscription(merchant, plan, "active");
  const response = await page.goto(`/billing/${sub.id}.${"A".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link doesn't work" })).toBeVisible();
  await expect(page.getByText("Secret Salon")).toHaveCount(0);
  await expect(page.getByText("Braids monthly")).toHaveCount(0);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("a customer subscribes and cancels with plain forms", async ({ page, request }) => {
    const merchant = await createVerifiedMerchant(request, "No Script Gym");
    const plan = await createPlan(request, merchant, { name: "Basic", amount: 250_000, interval: "weekly" });
    await page.goto(`/subscribe/${plan.id}`);
    await expect(page.getByTestId("plan-price")).toHaveText("₦2,500 / week");
    await page.getByLabel("Email address").fill("kemi@example.com");
    await page.getByLabel("Full name").fill("Kemi Adeyemi");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\//);
    await expect(page.getByText("₦2,500.00").first()).toBeVisible();

    const sub = await insertSubscription(merchant, plan, "active");
    await page.goto(`/billing/${sub.token}`);
    await page.getByRole("link", { name: "Cancel subscription" }).click();
    await page.getByRole("button", { name: "Yes, cancel at the end of the period" }).click();
    await expect(page.getByTestId("billing-standing")).toHaveText("Ends on 26 December 2026. You won't be charged again.");
  });
});
