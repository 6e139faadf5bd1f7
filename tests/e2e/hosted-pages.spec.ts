import { type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import {
  apiToken,
  createPaymentLink,
  createVerifiedMerchant,
  expectRetryPrefilled,
  fromMailbox,
  merchantWithLink,
  payForSuyaPlatter,
  SAMPLE_LINE_ITEMS,
} from "./helpers";

// Customers pay on phones: these run in both projects, and the phone project is a Pixel 7.

async function paySuccessfullyInSandbox(page: Page) {
  await page.getByRole("listitem").filter({ hasText: "Successful payment" }).getByRole("button", { name: "Use card" }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
}

test("a customer pays a fixed-price payment link and lands on the success page", async ({ page, request }) => {
  const { link } = await merchantWithLink(request, "Mama Put Kitchen", {
    title: "Jollof party tray",
    amount: 2_500_000,
    redirectUrl: "https://example.com/thanks",
  });

  await page.goto(`/pay/${link.slug}`);
  await expect(page.getByRole("heading", { name: "Jollof party tray" })).toBeVisible();
  await expect(page.getByText("Mama Put Kitchen")).toBeVisible();
  await expect(page.getByTestId("link-amount")).toHaveText("₦25,000.00");
  await page.getByLabel("Email address").fill("chidi@example.com");
  await page.getByLabel("Full name").fill("Chidi Okafor");
  await page.getByRole("button", { name: "Pay ₦25,000.00" }).click();

  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await expect(page.getByText("₦25,000.00")).toBeVisible();
  await paySuccessfullyInSandbox(page);
  await expect(page.getByRole("link", { name: /Continue to Mama Put Kitchen/ })).toHaveAttribute("href", "https://example.com/thanks");
  await page.screenshot({ path: `test-results/pay-link-${test.info().project.name}.png`, fullPage: true });

  // Single-use (the default): the link closes after its payment.
  await page.goto(`/pay/${link.slug}`);
  await expect(page.getByRole("heading", { name: "This link has already been paid" })).toBeVisible();
});

test("a customer pays an invoice and the merchant sees it PAID", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Lagos Prints");
  const token = await apiToken(request, merchant);
  const created = await request.post(`/api/merchants/${merchant.merchantId}/invoices`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      customerEmail: "buyer@example.com",
      customerName: "Ngozi Eze",
      customerNote: "Thank you for your order",
      merchantNote: "VIP customer, internal only",
      dueDate: "2030-01-31",
      status: "SENT",
      lineItems: SAMPLE_LINE_ITEMS,
    },
  });
  expect(created.status()).toBe(201);
  const { invoice } = await created.json();

  // The e-mailed link opens the hosted invoice page (the e-mail is queued: the worker sends it a moment later).
  await fromMailbox(request, "buyer@example.com", new RegExp(`/invoice/${invoice.id}`));

  await page.goto(`/invoice/${invoice.id}`);
  await expect(page.getByRole("heading", { name: `Invoice ${invoice.invoiceNumber}` })).toBeVisible();
  await expect(page.getByTestId("invoice-total")).toHaveText("₦21,250.00");
  await expect(page.getByText("Thank you for your order")).toBeVisible();
  await expect(page.getByText("VIP customer")).toHaveCount(0);
  const pdf = await request.get(`/invoice/${invoice.id}/pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  await page.getByRole("button", { name: "Pay ₦21,250.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await paySuccessfullyInSandbox(page);

  await page.goto(`/invoice/${invoice.id}`);
  await expect(page.getByTestId("invoice-status")).toHaveText("Paid");

  // The merchant's dashboard shows it paid.
  await page.goto("/login");
  await page.getByLabel("Email").fill(merchant.email);
  await page.getByLabel("Password", { exact: true }).fill(merchant.password);
  await page.getByRole("button", { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto("/dashboard/invoices");
  const row = page
    .getByRole("row")
    .filter({ hasText: invoice.invoiceNumber })
    .or(page.locator("li, article").filter({ hasText: invoice.invoiceNumber }))
    .first();
  await expect(row).toContainText("Paid", { ignoreCase: true });
});

test("after a declined card, Try again comes back to the form with the e-mail and name kept", async ({ page, request }) => {
  const link = await payForSuyaPlatter(page, request);
  // Card was chosen on our page (the default): the sandbox does not ask again.
  await expect(page.getByRole("navigation", { name: "Payment method" })).toHaveCount(0);
  await expect(page.getByText("Pay by card")).toBeVisible();
  await page.getByRole("listitem").filter({ hasText: "Declined" }).getByRole("button", { name: "Use card" }).click();

  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  // Nothing was paid to anyone.
  await expect(page.getByText("Paid to")).toHaveCount(0);
  await page.getByRole("link", { name: "Try again" }).click();
  await expectRetryPrefilled(page);
  await expectAccessible(page, "pay page after a declined card");

  // A fresh visit (no retry) starts empty.
  await page.goto(`/pay/${link.slug}`);
  await expect(page.getByLabel("Email address")).toHaveValue("");
});

test("a closed link tells the customer why: already paid, turned off or expired", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Ankara Hub");
  const token = await apiToken(request, merchant);
  const auth = { authorization: `Bearer ${token}` };

  const off = await createPaymentLink(request, token, merchant.merchantId, { title: "Fabric", amount: 500_000, isReusable: true });
  expect((await request.patch(`/api/merchants/${merchant.merchantId}/payment-links/${off.id}`, { headers: auth, data: { isActive: false } })).status()).toBe(
    200,
  );
  await page.goto(`/pay/${off.slug}`);
  await expect(page.getByRole("heading", { name: "This payment link is turned off" })).toBeVisible();
  await expect(page.getByText("Ankara Hub has turned this link off")).toBeVisible();

  const soon = await createPaymentLink(request, token, merchant.merchantId, {
    title: "Flash sale",
    amount: 500_000,
    isReusable: true,
    expiresAt: new Date(Date.now() + 2_000).toISOString(),
  });
  await page.waitForTimeout(2_500);
  await page.goto(`/pay/${soon.slug}`);
  await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
});

test("an unknown payment link shows a proper not-found page", async ({ page }) => {
  const response = await page.goto("/pay/doesnotexist0000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Payment link not found" })).toBeVisible();
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("a customer pays a customer-priced link, fixing a mistake on the way", async ({ page, request }) => {
    const { link } = await merchantWithLink(request, "Church of Naira", { title: "Building fund", isReusable: true });

    await page.goto(`/pay/${link.slug}`);
    await page.getByLabel("Amount (₦)").fill("20");
    await page.getByLabel("Email address").fill("member@example.com");
    await page.getByLabel("Full name").fill("Tunde Bakare");
    await page.getByText("Bank transfer").click();
    await page.getByRole("button", { name: "Continue to pay" }).click();

    // The server answers with the form again, values kept and the problem named.
    await expect(page.getByText("The smallest amount you can pay is ₦50")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("member@example.com");
    await page.getByLabel("Amount (₦)").fill("5,000.50");
    await page.getByRole("button", { name: "Continue to pay" }).click();

    await expect(page).toHaveURL(/\/checkout\/sandbox\//);
    await expect(page.getByText("₦5,000.50").first()).toBeVisible();
    // The channel chosen on our page carries through: the sandbox offers bank transfer only.
    await expect(page.getByText("Pay by bank transfer")).toBeVisible();
    await expect(page.getByRole("link", { name: "Card" })).toHaveCount(0);
    await page.getByRole("button", { name: "I've sent the money" }).click();
    await expect(page).toHaveURL(/\/receipt\//);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  });
});
