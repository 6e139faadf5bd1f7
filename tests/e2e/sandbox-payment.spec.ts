import { expect, test } from "./fixtures";
import { createVerifiedMerchant, initiateCardPayment, logIn } from "./helpers";

test("a customer pays through the sandbox checkout and the merchant sees the payment COMPLETED", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request);
  const { authorizationUrl, reference } = await initiateCardPayment(request, merchant, {
    amount: 1_250_050,
    email: "customer@example.com",
    firstName: "Chidi",
  });

  await page.goto(authorizationUrl);
  await expect(page.getByText("₦12,500.50")).toBeVisible();
  await page.getByRole("listitem").filter({ hasText: "Successful payment" }).getByRole("button", { name: "Use card" }).click();

  await expect(page).toHaveURL(new RegExp(`/receipt/${reference}`));
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();

  await logIn(page, merchant.email, merchant.password);
  await page.goto("/dashboard/transactions");
  const row = page
    .getByRole("row")
    .filter({ hasText: reference })
    .or(page.locator("li, article").filter({ hasText: reference }))
    .first();
  await expect(row).toContainText("COMPLETED", { ignoreCase: true });
  await page.screenshot({ path: `test-results/transactions-${test.info().project.name}.png`, fullPage: true });
});

test("a declined test card fails the payment and says so", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request);
  const started = await request.post("/api/transactions/initiate", {
    data: { merchantId: merchant.merchantId, amount: 500_000, email: "customer@example.com" },
  });
  const { authorizationUrl, reference } = await started.json();
  await page.goto(authorizationUrl);
  await page.getByRole("listitem").filter({ hasText: "Insufficient funds" }).getByRole("button", { name: "Use card" }).click();
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await expect(page.getByText("Insufficient funds")).toBeVisible();

  const verify = await request.get(`/api/transactions/${reference}/verify`, { headers: { authorization: `Bearer ${merchant.secretKey}` } });
  expect((await verify.json()).data.status).toBe("FAILED");
});
