import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, logIn } from "./helpers";

/** Console errors and uncaught exceptions: any of them fails the test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} ${message.location().url}`);
  });
  return errors;
}

async function loginToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

const screenshot = (page: Page, name: string) => page.screenshot({ path: `test-results/${name}-${test.info().project.name}.png`, fullPage: true });

test("rolling the test secret key shows the new secret once and the old key stops working", async ({ page, request }) => {
  const errors = watchErrors(page);
  const merchant = await createVerifiedMerchant(request, "Keys & Co");
  const list = (key: string) => request.get(`/api/merchants/${merchant.merchantId}/transactions`, { headers: { authorization: `Bearer ${key}` } });
  expect((await list(merchant.secretKey)).status()).toBe(200);

  await logIn(page, merchant.email, merchant.password);
  await page.goto("/dashboard/developers");
  const testKeys = page.getByTestId("keys-test");
  await expect(testKeys.getByText(`sk_test_…${merchant.secretKey.slice(-4)}`)).toBeVisible();
  await screenshot(page, "developers");

  await testKeys.getByRole("button", { name: "Roll test secret key" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(/stops working immediately/)).toBeVisible();
  await dialog.getByRole("button", { name: "Roll key" }).click();
  const secret = (await dialog.getByTestId("new-secret-key").textContent())!.trim();
  expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
  await expect(dialog.getByText(/will not be shown again/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Copy secret key" })).toBeVisible();
  await dialog.getByRole("button", { name: "I've copied it" }).click();
  await expect(dialog).toBeHidden();

  // Shown once: after closing, the page only has the preview of the new key.
  await expect(testKeys.getByText(`sk_test_…${secret.slice(-4)}`)).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  expect((await list(merchant.secretKey)).status()).toBe(401);
  expect((await list(secret)).status()).toBe(200);
  expect(errors).toEqual([]);
});

test("a new brand colour shows on the merchant's pay page", async ({ page, request }) => {
  const errors = watchErrors(page);
  const merchant = await createVerifiedMerchant(request, "Brand Bakery");
  const token = await loginToken(request, merchant.email, merchant.password);
  const created = await request.post(`/api/merchants/${merchant.merchantId}/payment-links`, { headers: { authorization: `Bearer ${token}` }, data: { title: "Chin chin (1 kg)", amount: 350_000 } });
  expect(created.status()).toBe(201);
  const { link } = await created.json();

  await logIn(page, merchant.email, merchant.password);
  await page.goto("/dashboard/settings");
  await page.getByLabel(/^Brand colour/).fill("not a colour");
  await page.getByRole("button", { name: "Save business profile" }).click();
  await expect(page.getByText("Use a hex colour like #0F766E")).toBeVisible();
  await page.getByLabel(/^Brand colour/).fill("#7C2D12");
  await page.getByRole("button", { name: "Save business profile" }).click();
  await expect(page.getByText("Business profile saved")).toBeVisible();
  await screenshot(page, "settings");

  await page.goto(`/pay/${link.slug}`);
  await expect(page.getByRole("heading", { name: "Chin chin (1 kg)" })).toBeVisible();
  const button = page.getByRole("button", { name: /^Pay/ });
  await expect(button).toHaveCSS("background-color", "rgb(124, 45, 18)");
  expect(errors).toEqual([]);
});

test("switching to live mode empties the transactions list, and back", async ({ page, request }) => {
  const errors = watchErrors(page);
  const merchant = await createVerifiedMerchant(request, "Mode Mart");
  const initiated = await request.post("/api/transactions/initiate", {
    headers: { authorization: `Bearer ${merchant.secretKey}` },
    data: { merchantId: merchant.merchantId, amount: 250_000, email: "buyer@example.com" },
  });
  expect(initiated.status()).toBe(201);

  await logIn(page, merchant.email, merchant.password);
  await page.goto("/dashboard/transactions");
  await expect(page.getByText("buyer@example.com").filter({ visible: true }).first()).toBeVisible();

  await page.goto("/dashboard/developers");
  const toggle = page.getByRole("switch", { name: "Live mode" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  await page.goto("/dashboard/transactions");
  await expect(page.getByRole("heading", { name: "No transactions yet" })).toBeVisible();
  await expect(page.getByText("Test mode").filter({ visible: true })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByTestId("kpi-count")).toHaveText("0");
  await screenshot(page, "overview-live");

  await page.goto("/dashboard/developers");
  await page.getByRole("switch", { name: "Live mode" }).click();
  await expect(page.getByRole("switch", { name: "Live mode" })).toHaveAttribute("aria-checked", "false");
  await page.goto("/dashboard/transactions");
  await expect(page.getByText("buyer@example.com").filter({ visible: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
