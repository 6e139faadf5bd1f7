import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { animationsFinished, apiToken, createVerifiedMerchant, initiateCardPayment, logIn } from "./helpers";
import { expectAccessible as accessible } from "./axe";

// Issue 24, items 4 and 6, on the desktop and the phone project: a partial refund reads "Partially
// refunded" with its net amount, refunding asks for confirmation with the amount, an expired unpaid
// checkout is "Abandoned" with its own filter, and the totals count money received. Every page and
// dialog the spec visits must pass axe-core (WCAG 2.1 A/AA, no serious or critical findings).

const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", minimumFractionDigits: 2 });
const money = (kobo: number) => naira.format(kobo / 100);
/** The visible status badges reading exactly `label` (the status filter's options say the same words). */
const badges = (page: Page, label: string) =>
  page
    .locator('[data-slot="badge"]')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .filter({ visible: true });

async function transaction(request: APIRequestContext, merchant: { merchantId: string }, token: string, id: string) {
  const res = await request.get(`/api/merchants/${merchant.merchantId}/transactions/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).transaction as { status: string; amount: number; fee: number; platformFee: number; refundedAmount: number; netAmount: number };
}

test("a partial refund confirmed with its amount, and an abandoned checkout with its own badge and filter", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Iya Basira Foods");
  const token = await apiToken(request, merchant);

  // ₦5,000 paid on the sandbox checkout (its webhook completes it).
  const paid = await initiateCardPayment(request, merchant, { amount: 500_000, email: "ngozi.paid@example.com" });
  const pay = await request.post(`${new URL(paid.authorizationUrl).pathname}/pay`, {
    form: { method: "card", cardNumber: "4084084084084081" },
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(303);
  await expect.poll(async () => (await transaction(request, merchant, token, paid.transactionId)).status).toBe("COMPLETED");

  // ₦3,000 never paid: the reconciliation job, run as of 31 minutes from now, asks the sandbox and abandons it.
  const walked = await initiateCardPayment(request, merchant, { amount: 300_000, email: "walked.away@example.com" });
  const asOf = new Date(Date.now() + 31 * 60 * 1000).toISOString();
  const run = await request.post("/api/dev/reconcile", { data: { asOf } });
  expect(run.status(), await run.text()).toBe(200);
  expect((await transaction(request, merchant, token, walked.transactionId)).status).toBe("ABANDONED");

  await logIn(page, merchant.email, merchant.password);

  await test.step("the list: an Abandoned badge, its filter, and totals of money received", async () => {
    await page.goto("/dashboard/transactions");
    const totals = page.getByTestId("transaction-totals");
    await expect(totals).toHaveText("2 transactions · ₦5,000.00 received from 1 paid");
    await expect(badges(page, "Abandoned")).toHaveCount(1);
    await accessible(page, "transactions");

    const status = page.getByLabel("Status");
    if (!(await status.isVisible())) await page.getByText("Filters", { exact: true }).click();
    await status.selectOption("ABANDONED");
    await expect(page).toHaveURL(/status=ABANDONED/);
    await expect(totals).toHaveText("1 transaction match · ₦0.00 received");
    await expect(page.getByText("walked.away@example.com").filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText("ngozi.paid@example.com").filter({ visible: true })).toHaveCount(0);
    await accessible(page, "transactions filtered by Abandoned");
  });

  await test.step("the abandoned checkout's page, and what its customer sees", async () => {
    await page.goto(`/dashboard/transactions/${walked.transactionId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Abandoned");
    await expect(page.getByText("Checkout abandoned: not paid in time").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Refund" })).toHaveCount(0);
    await accessible(page, "abandoned transaction");

    await page.goto(`/receipt/${walked.reference}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout expired");
    await expect(page.getByText("This checkout was not paid in time. No money was taken.")).toBeVisible();
    await accessible(page, "abandoned receipt");
  });

  await test.step("refunding asks for confirmation with the amount, then reads 'Partially refunded' with its net", async () => {
    await page.goto(`/dashboard/transactions/${paid.transactionId}`);
    await page.getByRole("button", { name: "Refund" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Amount (₦)").fill("2,000");
    await dialog.getByRole("button", { name: "Review refund of ₦2,000.00" }).click();
    await expect(dialog.getByTestId("refund-confirm")).toContainText("Refund ₦2,000.00 to ngozi.paid@example.com?");
    await animationsFinished(page);
    await accessible(page, "refund confirmation");
    // Nothing is sent before the confirmation.
    expect((await transaction(request, merchant, token, paid.transactionId)).refundedAmount).toBe(0);

    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByLabel("Amount (₦)")).toHaveValue("2,000.00");
    await dialog.getByRole("button", { name: "Review refund of ₦2,000.00" }).click();
    await dialog.getByRole("button", { name: "Refund ₦2,000.00" }).click();
    await expect(dialog).toBeHidden();

    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText("Partially refunded");
    const after = await transaction(request, merchant, token, paid.transactionId);
    expect(after).toMatchObject({ status: "REFUNDED", refundedAmount: 200_000 });
    expect(after.netAmount).toBe(after.amount - after.fee - after.platformFee - 200_000);
    await expect(page.getByTestId("net-amount")).toHaveText(money(after.netAmount));
    await accessible(page, "partially refunded transaction");

    await page.goto("/dashboard/transactions");
    await expect(badges(page, "Partially refunded")).toHaveCount(1);
    await expect(page.getByTestId("transaction-totals")).toHaveText("2 transactions · ₦3,000.00 received from 1 paid");
  });

  await test.step("the overview counts money received and shows both badges", async () => {
    await page.goto("/dashboard");
    await expect(page.getByTestId("kpi-volume")).toHaveText("₦3,000.00");
    await expect(badges(page, "Partially refunded")).toHaveCount(1);
    await expect(badges(page, "Abandoned")).toHaveCount(1);
    await accessible(page, "overview");
  });
});
