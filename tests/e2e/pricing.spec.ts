import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, logIn } from "./helpers";

// Issue 24: the fees a merchant accepts are stated before any payment, on desktop and phone: the
// landing page's Pricing section, sign-up, Settings → Payouts (what ₦10,000 nets), and each
// transaction. The server runs the defaults: the sandbox (Paystack's local pricing, 1.5% + ₦100
// capped at ₦2,000) and a platform fee of 1% capped at ₦1,000, so ₦10,000 nets ₦9,650.

const NETS = "A ₦10,000.00 payment nets ₦9,650.00 (₦250.00 processor fee, ₦100.00 platform fee).";

/** Nothing wider than the screen: the terms must read on a phone without scrolling sideways. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The value of one labelled field on a detail page. */
const field = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`, "i") }) })
    .locator("dd");

test("the landing page's pricing section and the sign-up page state the fees before anything is paid", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/#pricing$/);
  const pricing = page.getByRole("region", { name: "Pricing" });
  await expect(pricing).toBeInViewport();
  await expect(pricing).toContainText("1.5% + ₦100 per payment, the ₦100 waived under ₦2,500, at most ₦2,000");
  await expect(pricing).toContainText("1% per payment, at most ₦1,000.00");
  await expect(pricing.getByText(NETS)).toBeVisible();
  await fitsTheScreen(page);

  await page.goto("/signup");
  const terms = page.getByTestId("fee-terms");
  await expect(terms).toBeVisible();
  await expect(terms).toContainText("1.5% + ₦100");
  await expect(terms).toContainText("a platform fee of 1% per payment, at most ₦1,000.00");
  await expect(terms).toContainText(NETS);
  // Stated before the button that accepts them.
  const termsBox = (await terms.boundingBox())!;
  const buttonBox = (await page.getByRole("button", { name: "Create account" }).boundingBox())!;
  expect(termsBox.y).toBeLessThan(buttonBox.y);
  await fitsTheScreen(page);
});

test("Settings → Payouts says what ₦10,000 nets, and a ₦10,000 test payment nets exactly that", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request);
  await logIn(page, merchant.email, merchant.password);
  await page.goto("/dashboard/settings/payouts");
  const fees = page.locator("#fees");
  await expect(fees.getByRole("heading", { name: "Fees" })).toBeVisible();
  await expect(fees.getByText(NETS)).toBeVisible();
  await expect(fees).toContainText("1% per payment, at most ₦1,000.00");
  await fitsTheScreen(page);
  await page.screenshot({ path: `test-results/pricing-settings-${test.info().project.name}.png`, fullPage: true });

  const started = await request.post("/api/transactions/initiate", {
    headers: { authorization: `Bearer ${merchant.secretKey}` },
    data: { merchantId: merchant.merchantId, amount: 1_000_000, email: "customer@example.com", channel: "card" },
  });
  expect(started.status()).toBe(201);
  const { authorizationUrl, reference, transactionId } = await started.json();
  await page.goto(authorizationUrl);
  await page.getByRole("listitem").filter({ hasText: "Successful payment" }).getByRole("button", { name: "Use card" }).click();
  await expect(page).toHaveURL(new RegExp(`/receipt/${reference}`));

  await page.goto(`/dashboard/transactions/${transactionId}`);
  await expect(field(page, "Amount")).toHaveText("₦10,000.00");
  await expect(field(page, "Processor fee")).toHaveText("₦250.00");
  await expect(field(page, "Platform fee")).toHaveText("₦100.00");
  await expect(field(page, "Net amount")).toHaveText("₦9,650.00");
});
