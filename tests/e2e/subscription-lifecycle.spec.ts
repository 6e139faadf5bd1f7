import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant } from "./helpers";

// Issue 26 end to end, on a phone: a customer subscribes on the plan's hosted page and pays on the
// sandbox checkout; a month passes (the dev clock) and the renewal's receipt arrives. With a card that
// declines on renewal, the subscription goes past due, the customer pays from the e-mailed link, and
// it is active again. Every page is checked by axe as it is visited (fixtures.ts).

type Email = { subject: string; text: string };
const DAY_MS = 24 * 60 * 60 * 1000;

async function emailsTo(request: APIRequestContext, to: string): Promise<Email[]> {
  return ((await (await request.get(`/api/dev/emails?to=${encodeURIComponent(to)}`)).json()) as { emails: Email[] }).emails;
}

/** Waits for an e-mail to `to` whose subject matches, and answers it. */
async function waitForEmail(request: APIRequestContext, to: string, subject: RegExp): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(async () => (found = (await emailsTo(request, to)).find((e) => subject.test(e.subject))) !== undefined, {
      message: `an e-mail to ${to} with subject ${subject}`,
      timeout: 20_000,
    })
    .toBe(true);
  return found!;
}

const billingPath = (email: Email) => new URL(/https?:\/\/\S+\/billing\/[A-Za-z0-9._-]+/.exec(email.text)![0]).pathname;

/** Subscribes on the plan's page and pays the first period on the sandbox checkout with `card`. */
async function subscribe(page: Page, planId: string, email: string, card: string) {
  await page.goto(`/subscribe/${planId}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Full name").fill("Ngozi Eze");
  await page.getByRole("button", { name: /Subscribe/ }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 15_000 });
}

async function renewAsOf(request: APIRequestContext, asOf: Date) {
  const res = await request.post("/api/dev/subscriptions/renew", { data: { asOf: asOf.toISOString() } });
  expect(res.status(), await res.text()).toBe(200);
}

test("subscribe on a phone, renew a month later, and recover a declined renewal from the e-mailed link", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the customer's journey is checked on the phone");
  const merchant = await createVerifiedMerchant(request, "Lekki Gym");
  const created = await request.post(`/api/merchants/${merchant.merchantId}/plans`, {
    headers: { authorization: `Bearer ${merchant.secretKey}` },
    data: { name: "Gym membership", amount: 1_500_000, interval: "monthly" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { plan } = (await created.json()) as { plan: { id: string } };
  const aMonthOn = new Date(Date.now() + 32 * DAY_MS);

  await test.step("a customer subscribes and is sent a link to manage it", async () => {
    const email = `ngozi.renews.${Date.now()}@example.com`;
    await subscribe(page, plan.id, email, "4084084084084081");
    const welcome = await waitForEmail(request, email, /You're subscribed to Gym membership/);
    await page.goto(billingPath(welcome));
    await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/Your card will be charged ₦15,000(\.00)? on /)).toBeVisible();

    // A month passes: the saved card is charged and the renewal's receipt arrives.
    await renewAsOf(request, aMonthOn);
    // The renewal's receipt: its reference is fixed by subscription and period (SUB{period}-…).
    await expect
      .poll(
        async () =>
          (await emailsTo(request, email)).some(
            (e) => /Your receipt from Lekki Gym/.test(e.subject) && /SUB\d+-\d{13}-[0-9a-z]{8}/.test(e.text) && /NGN 15,000\.00/.test(e.text),
          ),
        { message: "the renewal's receipt", timeout: 20_000 },
      )
      .toBe(true);
    await page.reload();
    await expect(page.getByText(/Paid/).first()).toBeVisible();
  });

  await test.step("a card that declines on renewal: past due, then paid from the e-mailed link, active again", async () => {
    const email = `ada.declines.${Date.now()}@example.com`;
    await subscribe(page, plan.id, email, "4000000000000341");
    await waitForEmail(request, email, /You're subscribed to Gym membership/);
    await renewAsOf(request, aMonthOn);
    const failed = await waitForEmail(request, email, /Action needed: your payment to Lekki Gym didn't go through/);

    await page.goto(billingPath(failed));
    await expect(page.getByText("Payment overdue", { exact: true }).first()).toBeVisible();
    await page.getByRole("button", { name: /Pay ₦15,000(\.00)? now/ }).click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\//);
    await page.getByLabel("Card number").fill("4084084084084081");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 15_000 });

    await page.goto(billingPath(failed));
    await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /Pay .* now/ })).toHaveCount(0);
  });
});
