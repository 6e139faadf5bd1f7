import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./axe";
import { addSettlementAccount, apiToken, createVerifiedMerchant, logIn } from "./helpers";
import { lagosDay } from "../../lib/lagos-time";
import { settlementDay } from "../../lib/payouts/schedule";

// Issue 24, payouts that match the money, on a phone and a desktop: a test payment taken before the
// settlement account existed is never paid out (the sandbox, like Paystack, settles it to the
// platform), so "Next payout" counts only the one taken after, with the day the schedule settles it,
// and the other is shown apart with the reason, before and after the payout job has run.

const naira = (kobo: number) => new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" }).format(kobo / 100);
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** A sandbox test payment started with the secret key and paid with the success card in the browser. */
async function pay(page: Page, request: APIRequestContext, secretKey: string, amount: number, email: string) {
  const started = await request.post("/api/transactions/initiate", {
    headers: { authorization: `Bearer ${secretKey}` },
    data: { amount, email, firstName: "Chidi", lastName: "Okafor", channel: "card" },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { authorizationUrl, reference } = (await started.json()) as { authorizationUrl: string; reference: string };
  await page.goto(authorizationUrl);
  await page.getByRole("listitem").filter({ hasText: "Successful payment" }).getByRole("button", { name: "Use card" }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  return reference;
}

test("a payment before the settlement account is shown apart with its reason; Next payout counts the one after, with its date", async ({ page, request }) => {
  test.setTimeout(180_000);
  const merchant = await createVerifiedMerchant(request, "Ada's Kitchen");
  const token = await apiToken(request, merchant);
  const auth = { headers: { authorization: `Bearer ${token}` } };

  const early = await pay(page, request, merchant.secretKey, 1_000_000, "early@example.com");
  await addSettlementAccount(request, merchant, token);
  const later = await pay(page, request, merchant.secretKey, 500_000, "later@example.com");
  const expected = dayLabel(settlementDay("sandbox", lagosDay(new Date())));

  const listed = await request.get(`/api/merchants/${merchant.merchantId}/transactions`, auth);
  const { data } = (await listed.json()) as { data: Array<{ id: string; reference: string; netAmount: string | number }> };
  const earlyTx = data.find((t) => t.reference === early)!;
  const laterTx = data.find((t) => t.reference === later)!;
  const [earlyNet, laterNet] = [Number(earlyTx.netAmount), Number(laterTx.netAmount)];

  await logIn(page, merchant.email, merchant.password);

  await test.step("the overview: Next payout is the later payment alone, with its expected day; the earlier one is explained", async () => {
    await page.goto("/dashboard");
    await expect(page.getByTestId("kpi-next-payout")).toHaveText(naira(laterNet));
    await expect(page.getByTestId("kpi-next-payout-hint")).toHaveText(`1 payment, after fees · expected ${expected}`);
    const notice = page.getByTestId("not-paid-out");
    await expect(notice).toContainText(`1 payment (${naira(earlyNet)} after fees) won't be in any payout`);
    await expect(notice).toContainText("made before your settlement account was set up with the payment processor");
    await expect(notice).toContainText("It is a test payment, so no real money moved.");
    await expectAccessible(page, "overview, a payment in no payout");
    await notice.getByRole("link", { name: "See which payments" }).click();
    await expect(page).toHaveURL(/\/dashboard\/payouts#not-paid-out$/);
  });

  await test.step("Payouts: the same figures, and the payment listed under 'Not in any payout'", async () => {
    await expect(page.getByTestId("next-payout")).toHaveText(naira(laterNet));
    await expect(page.getByTestId("next-payout-hint")).toHaveText(`1 payment, after fees · expected ${expected}`);
    const section = page.locator("section[aria-labelledby=not-paid-out]");
    await expect(section.getByRole("heading", { name: "Not in any payout" })).toBeVisible();
    await expect(section.getByRole("link")).toHaveCount(1);
    await expect(section.getByRole("link")).toContainText(early);
    await expect(section.getByRole("link")).toContainText(naira(earlyNet));
    await expectAccessible(page, "payouts, a payment in no payout");
    await section.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/transactions/${earlyTx.id}$`));
    await expect(page.getByText("In no payout: made before your settlement account was set up")).toBeVisible();
    await expectAccessible(page, "transaction in no payout");
    await page.goto(`/dashboard/transactions/${laterTx.id}`);
    await expect(page.getByText(`Not paid out yet · expected ${expected}`)).toBeVisible();
  });

  await test.step("after the payout job a week on: the later payment is paid out, the earlier one still in none", async () => {
    const weekOn = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
    const sync = await request.post("/api/dev/payouts/sync", { data: { asOf: weekOn } });
    expect(sync.status(), await sync.text()).toBe(200);
    const payouts = (await (await request.get(`/api/merchants/${merchant.merchantId}/payouts`, auth)).json()) as { data: Array<{ amount: string | number }> };
    expect(payouts.data.map((p) => Number(p.amount))).toEqual([laterNet]);

    await page.goto("/dashboard");
    await expect(page.getByTestId("kpi-paid-out")).toHaveText(naira(laterNet));
    await expect(page.getByTestId("kpi-next-payout")).toHaveText(naira(0));
    await expect(page.getByTestId("kpi-next-payout-hint")).toHaveText("No payments waiting to be paid out");
    await expect(page.getByTestId("not-paid-out")).toContainText(`1 payment (${naira(earlyNet)} after fees) won't be in any payout`);
    await expectAccessible(page, "overview after the payout");

    await page.goto("/dashboard/payouts");
    await expect(page.getByTestId("paid-out")).toHaveText(naira(laterNet));
    await expect(page.getByTestId("next-payout")).toHaveText(naira(0));
    await expect(page.locator("section[aria-labelledby=not-paid-out]").getByRole("link")).toContainText(early);
    await expectAccessible(page, "payouts after the payout");
  });
});
