import { type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { addSettlementAccount, createVerifiedMerchant, logIn, startSecondServer, totp, watchErrors } from "./helpers";

async function loginToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

const screenshot = (page: Page, name: string) => page.screenshot({ path: `test-results/${name}-${test.info().project.name}.png`, fullPage: true });

test("rolling the test secret key shows the new secret, which can be shown again, and the old key stops working", async ({ page, request }) => {
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
  await expectAccessible(page, "roll key dialog");
  await dialog.getByRole("button", { name: "Roll key" }).click();
  const secret = (await dialog.getByTestId("new-secret-key").textContent())!.trim();
  expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
  await expect(dialog.getByText(/show it again on this page at any time/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Copy secret key" })).toBeVisible();
  await expectAccessible(page, "new secret key dialog");
  await dialog.getByRole("button", { name: "I've copied it" }).click();
  await expect(dialog).toBeHidden();

  // After closing, the page has the preview of the new key, and shows the new key (never the old) on request.
  await expect(testKeys.getByText(`sk_test_…${secret.slice(-4)}`)).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  expect((await list(merchant.secretKey)).status()).toBe(401);
  expect((await list(secret)).status()).toBe(200);
  await testKeys.getByRole("button", { name: "Show test secret key" }).click();
  await expect(testKeys.getByTestId("test-secret-key")).toHaveText(secret);
  expect(errors).toEqual([]);
});

test("a new brand colour shows on the merchant's pay page", async ({ page, request }) => {
  const errors = watchErrors(page);
  const merchant = await createVerifiedMerchant(request, "Brand Bakery");
  const token = await loginToken(request, merchant.email, merchant.password);
  const created = await request.post(`/api/merchants/${merchant.merchantId}/payment-links`, {
    headers: { authorization: `Bearer ${token}` },
    data: { title: "Chin chin (1 kg)", amount: 350_000 },
  });
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

/**
 * Live mode unlocks once the business is ready (lib/merchants/activation.ts): a complete profile, a
 * settlement account (the sandbox's resolvable test number) and the owner's two-factor sign-in.
 * Returns the two-factor secret (log-in now asks for a code) and the token the confirmation answers.
 */
async function makeReadyForLive(
  request: APIRequestContext,
  merchant: { merchantId: string; email: string; password: string },
): Promise<{ secret: string; token: string }> {
  const token = await loginToken(request, merchant.email, merchant.password);
  const auth = { authorization: `Bearer ${token}` };
  const base = `/api/merchants/${merchant.merchantId}`;
  const profile = await request.put(base, { headers: auth, data: { supportEmail: "hello@modemart.ng", supportPhone: "+234 803 123 4567" } });
  expect(profile.status(), await profile.text()).toBe(200);
  await addSettlementAccount(request, merchant, token);
  const { secret } = await (await request.post("/api/account/two-factor/setup", { headers: auth, data: { password: merchant.password } })).json();
  const confirmed = await request.post("/api/account/two-factor/confirm", { headers: auth, data: { code: totp(secret) } });
  expect(confirmed.status()).toBe(200);
  return { secret: secret as string, token: (await confirmed.json()).token as string };
}

/**
 * The last go-live step is the platform's: a live processor, which this suite's server (the default
 * sandbox) has not. A second server on the same build and database, with a live key configured (never
 * called), switches the owner's own view to live; the browser then sees it on the suite's server.
 */
async function goLiveOnPlatformWithLiveProcessor(merchantId: string, token: string) {
  const port = Number(process.env.E2E_PORT ?? 3100) + 59;
  const server = await startSecondServer(port, { PAYMENT_PROCESSOR: "paystack", PAYSTACK_LIVE_SECRET_KEY: "sk_live_e2e_never_called" });
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/merchants/${merchantId}/environment`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ environment: "live" }),
    });
    expect(res.status, await res.text()).toBe(200);
  } finally {
    server.kill("SIGTERM");
  }
}

async function logInWithCode(page: Page, email: string, password: string, secret: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  // The next step's code: the set-up used this one's.
  await page.getByLabel("Authentication code").fill(totp(secret, 1));
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** The top bar's switch: the member's own view, switched at once, and the badge follows. */
async function switchMode(page: Page, to: "live" | "test") {
  const toggle = page.getByRole("switch", { name: "Live", exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", String(to === "live"));
  await expect(page.getByTestId("mode-badge")).toHaveText(to === "live" ? /^Live/ : /^Test/);
}

test("live mode (once the platform can take live payments) empties the transactions list, and back", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const merchant = await createVerifiedMerchant(request, "Mode Mart");
  const initiated = await request.post("/api/transactions/initiate", {
    headers: { authorization: `Bearer ${merchant.secretKey}` },
    data: { merchantId: merchant.merchantId, amount: 250_000, email: "buyer@example.com" },
  });
  expect(initiated.status()).toBe(201);
  const { secret, token } = await makeReadyForLive(request, merchant);

  await logInWithCode(page, merchant.email, merchant.password, secret);
  // The log-in answers 401 "code required" after the password, by design: not an error of the page.
  errors.splice(0, errors.length, ...errors.filter((e) => !/status of 401 .*\/api\/auth\/callback\/credentials/.test(e)));
  await page.goto("/dashboard/transactions");
  await expect(page.getByText("buyer@example.com").filter({ visible: true }).first()).toBeVisible();

  await page.goto("/dashboard/developers");
  const toggle = page.getByRole("switch", { name: "Live", exact: true });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await goLiveOnPlatformWithLiveProcessor(merchant.merchantId, token);
  await page.reload();
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  // Back on this suite's server (no live processor), a live link's page says politely that the
  // business cannot take payments now: no form, and no setting named.
  const created = await request.post(`/api/merchants/${merchant.merchantId}/payment-links`, {
    headers: { authorization: `Bearer ${token}` },
    data: { title: "Live chin chin", amount: 250_000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { link } = (await created.json()) as { link: { slug: string; environment: string } };
  expect(link.environment).toBe("live");
  await page.goto(`/pay/${link.slug}`);
  await expect(page.getByRole("heading", { name: "Payments are paused" })).toBeVisible();
  await expect(page.getByText("This business can't take payments right now. Please try again later or contact hello@modemart.ng.")).toBeVisible();
  await expect(page.locator("form")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(/PAYMENT_PROCESSOR|SECRET_KEY/);
  await screenshot(page, "pay-page-paused");

  await page.goto("/dashboard/transactions");
  await expect(page.getByRole("heading", { name: "No transactions yet" })).toBeVisible();
  await expect(page.getByText("Test mode").filter({ visible: true })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByTestId("kpi-count")).toHaveText("0");
  await screenshot(page, "overview-live");

  await page.goto("/dashboard/developers");
  await switchMode(page, "test");
  await page.goto("/dashboard/transactions");
  await expect(page.getByText("buyer@example.com").filter({ visible: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
