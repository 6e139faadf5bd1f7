import { type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, logIn, totp, unique, watchErrors } from "./helpers";

// Going live, in the browser on desktop and phone: a new merchant adds a settlement account in the
// sandbox (a number that does not resolve first), finds the top bar's Test/Live switch locked (it
// leads to the checklist, each step linked), completes the checklist (profile, two-factor sign-in),
// and then, on this default set-up (the sandbox, no live processor), is told in plain words that the
// last step is Paylink's: the overview shows it as waiting on Paylink and the switch stays locked. Then
// a test payment through a payment link, and after the payout job has run a week on the payout, and
// that payment in it, in Payouts.

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/going-live-${name}-${test.info().project.name}.png`, fullPage: true });
const naira = (kobo: number) => new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" }).format(kobo / 100);
const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

test("a new merchant adds a settlement account, finishes its part of going live, waits on Paylink, and sees a test payment paid out", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The answers this flow provokes on purpose (422 unresolvable account, 403 wrong password) are not errors.
  const errors = watchErrors(page, /status of 422 .*\/settlement-account\/resolve/, /status of 403 .*\/settlement-account/);
  const merchant = await createVerifiedMerchant(request, "Ada's Kitchen");
  // A test-mode payment link, made now: once two-factor sign-in is on, an API token would need a code.
  const login = await request.post("/api/auth/login", { data: { email: merchant.email, password: merchant.password } });
  const token = (await login.json()).token as string;
  const created = await request.post(`/api/merchants/${merchant.merchantId}/payment-links`, {
    headers: { authorization: `Bearer ${token}` },
    data: { title: "Small chops platter", amount: 1_850_000, customSlug: `chops${unique()}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { link } = (await created.json()) as { link: { slug: string } };

  await logIn(page, merchant.email, merchant.password);

  await test.step("the overview shows the Go live checklist, nothing done", async () => {
    await page.goto("/dashboard");
    const checklist = visible(page, "go-live-checklist");
    await expect(checklist.getByRole("heading", { name: "Go live" })).toBeVisible();
    await expect(checklist.getByText("0 of 4 done")).toBeVisible();
    // The platform's step is not a task: no link, and it says who it waits on.
    const platform = checklist.getByTestId("platform-step");
    await expect(platform).toContainText("Paylink connects a live payment processor");
    await expect(platform).toContainText("Waiting on Paylink");
    await expect(platform.getByRole("link")).toHaveCount(0);
    await expect(page.getByTestId("kpi-next-payout")).toHaveText(naira(0));
    await expect(page.getByTestId("kpi-paid-out")).toHaveText(naira(0));
    await expectAccessible(page, "overview with checklist");
    await checklist.getByRole("link", { name: /Add a settlement account/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/payouts$/);
  });

  await test.step("adding the settlement account: inline checks, an unresolvable number, a wrong password, then saved", async () => {
    await expect(page.getByRole("heading", { name: "Payout settings", level: 1 })).toBeVisible();
    await expect(page.getByText("No settlement account yet")).toBeVisible();
    await expectAccessible(page, "payout settings, empty");
    await shot(page, "settings-empty");

    const bank = page.getByLabel("Bank", { exact: true });
    const number = page.getByLabel("Account number");
    const lookUp = page.getByRole("button", { name: "Look up account" });
    // Nothing chosen: both fields say what they need, and nothing is sent.
    await lookUp.click();
    await expect(page.getByText("Choose the bank")).toBeVisible();
    await expect(bank).toBeFocused();
    await bank.fill("guaranty");
    await page.getByRole("option", { name: "Guaranty Trust Bank" }).click();
    await number.fill("01234");
    await lookUp.click();
    await expect(page.getByText("Enter all 10 digits of the account number (5 so far)")).toBeVisible();
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await expect(number).toBeFocused();

    // The sandbox's number that does not resolve.
    await number.fill("0000000000");
    await expect(number).not.toHaveAttribute("aria-invalid", "true");
    await lookUp.click();
    await expect(page.getByRole("alert").filter({ hasText: "Could not resolve this bank account" })).toBeVisible();
    await expect(page.getByTestId("resolved-account")).toHaveCount(0);
    await expectAccessible(page, "unresolvable account");

    // The one that does: the processor's name for it, unlike the business's (a notice, not a block).
    await number.fill("0123456789");
    await lookUp.click();
    const resolved = page.getByTestId("resolved-account");
    await expect(resolved).toContainText("ADAEZE OKAFOR");
    await expect(resolved).toContainText("Guaranty Trust Bank");
    await expect(resolved).toContainText("••••6789");
    await expect(page.getByRole("heading", { name: "Is this the right account?" })).toBeFocused();
    await expect(page.getByText("The account name differs from your business name")).toBeVisible();
    await expectAccessible(page, "resolved account");
    await shot(page, "settings-resolved");

    const password = page.getByLabel("Your password");
    const save = page.getByRole("button", { name: "Save settlement account" });
    await save.click();
    await expect(page.getByText("Enter your password", { exact: true })).toBeVisible();
    await password.fill("not-my-password");
    await save.click();
    await expect(page.getByText("That password is not correct")).toBeVisible();
    await expect(password).toBeFocused();
    await password.fill(merchant.password);
    await save.click();
    await expect(page.getByText("Settlement account saved")).toBeVisible();

    const account = page.getByTestId("settlement-account");
    await expect(account).toContainText("Guaranty Trust Bank");
    await expect(account).toContainText("ADAEZE OKAFOR");
    await expect(account).toContainText("••••6789");
    await expect(account).toContainText("Verified");
    await expect(page.getByRole("button", { name: "Change settlement account" })).toBeVisible();
    await expectAccessible(page, "payout settings, saved");
    await shot(page, "settings-saved");
  });

  await test.step("the top bar's switch says live mode is locked and leads to the checklist, each step linked", async () => {
    await page.goto("/dashboard/developers");
    await expect(visible(page, "mode-badge")).toHaveText(/^Test/);
    const toggle = page.getByRole("switch", { name: "Live", exact: true });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.click();
    const locked = page.getByRole("dialog", { name: "Live mode is locked" });
    await expect(locked).toContainText("once your business has finished the go-live checklist");
    await expectAccessible(page, "live mode locked");
    await shot(page, "locked");
    await locked.getByRole("link", { name: "Open the go-live checklist" }).click();
    await expect(page).toHaveURL(/\/dashboard#go-live$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const checklist = visible(page, "go-live-checklist");
    await expect(checklist.getByText("Complete the profile")).toBeVisible();
    await expect(checklist.getByRole("link", { name: /Set up two-factor sign-in/ })).toHaveAttribute("href", "/dashboard/settings#two-factor");
    await checklist.getByRole("link", { name: /Complete the profile/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings#business-profile$/);
  });

  await test.step("completing the checklist: support e-mail and phone, then two-factor sign-in", async () => {
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await page.getByLabel("Support email").fill("hello@adaskitchen.ng");
    await page.getByLabel("Support phone").fill("+234 803 123 4567");
    await page.getByRole("button", { name: "Save business profile" }).click();
    await expect(page.getByText("Business profile saved")).toBeVisible();

    const card = page.locator("#two-factor");
    await card.getByLabel("Your password").fill(merchant.password);
    await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const secret = (await card.getByTestId("two-factor-secret").textContent())!.replace(/\s/g, "");
    await card.getByLabel("3. Enter the 6-digit code the app shows").fill(totp(secret));
    await card.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(card.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await card.getByRole("button", { name: "I've saved my recovery codes" }).click();
    await expect(card.getByText("10 of 10 recovery codes left.")).toBeVisible();
  });

  await test.step("the merchant's part is done: the overview says the rest is Paylink's, in plain words", async () => {
    await page.goto("/dashboard");
    const checklist = visible(page, "go-live-checklist");
    await expect(checklist.getByText("Your part is done. Live mode unlocks as soon as Paylink is ready to take live payments.")).toBeVisible();
    await expect(checklist.getByText("3 of 4 done")).toBeVisible();
    await expect(checklist.getByRole("button", { name: "Go live" })).toHaveCount(0);
    const platform = checklist.getByTestId("platform-step");
    await expect(platform).toContainText("Paylink is not set up to take live payments yet: the platform operator must connect a live payment processor.");
    await expect(page.locator("body")).not.toContainText(/PAYMENT_PROCESSOR|SECRET_KEY/);
    await expectAccessible(page, "overview waiting on Paylink");
    await shot(page, "waiting-on-paylink");
  });

  await test.step("the switch to live still says it is locked, naming no setting", async () => {
    const toggle = page.getByRole("switch", { name: "Live", exact: true });
    await toggle.click();
    const locked = page.getByRole("dialog", { name: "Live mode is locked" });
    await expect(locked.getByRole("link", { name: "Open the go-live checklist" })).toHaveAttribute("href", "/dashboard#go-live");
    await expect(locked).not.toContainText(/PAYMENT_PROCESSOR|SECRET_KEY/);
    await expectAccessible(page, "live mode locked, waiting on Paylink");
    await locked.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(locked).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
  });

  let reference = "";
  await test.step("a customer pays the test payment link through the sandbox checkout", async () => {
    await page.goto(`/pay/${link.slug}`);
    await page.getByLabel("Email address").fill("chidi@example.com");
    await page.getByLabel("Full name").fill("Chidi Okafor");
    await page.getByRole("button", { name: `Pay ${naira(1_850_000)}` }).click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\//);
    await page.getByRole("listitem").filter({ hasText: "Successful payment" }).getByRole("button", { name: "Use card" }).click();
    await expect(page).toHaveURL(/\/receipt\//);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    reference = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    expect(reference).toBeTruthy();
  });

  await test.step("no payouts before the settlement: the empty state says when they happen", async () => {
    await page.goto("/dashboard");
    await expect(page.getByText("1 payment, after fees")).toBeVisible();
    await page.goto("/dashboard/payouts");
    await expect(page.getByRole("heading", { name: "No payouts yet" })).toBeVisible();
    await expect(page.getByText(/settled the next business day after they are made/)).toBeVisible();
    await expectAccessible(page, "payouts empty");
  });

  await test.step("the payout job runs a week on and the payout appears, with the payment in it", async () => {
    const weekOn = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
    const sync = await request.post("/api/dev/payouts/sync", { data: { asOf: weekOn } });
    expect(sync.status(), await sync.text()).toBe(200);

    // What the API says it paid, to compare with what the page shows.
    const listed = await page.request.get(`/api/merchants/${merchant.merchantId}/payouts`);
    expect(listed.status()).toBe(200);
    const { data } = (await listed.json()) as { data: Array<{ id: string; amount: string | number; fees: string | number; status: string }> };
    expect(data).toHaveLength(1);
    const payout = data[0]!;
    expect(payout.status).toBe("paid");

    await page.goto("/dashboard");
    await expect(page.getByTestId("kpi-paid-out")).toHaveText(naira(Number(payout.amount)));
    await expect(page.getByTestId("kpi-next-payout")).toHaveText(naira(0));

    await page.goto("/dashboard/payouts");
    await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
    const results = page.locator("section[aria-labelledby=payout-results]");
    await expect(results.getByText(naira(Number(payout.amount))).filter({ visible: true })).toBeVisible();
    await expect(results.getByText("Paid", { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(results.getByText("••••6789").filter({ visible: true }).first()).toBeVisible();
    await expectAccessible(page, "payouts list");
    await shot(page, "payouts");

    await results.locator(`a[href="/dashboard/payouts/${payout.id}"]`).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payouts/${payout.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(naira(Number(payout.amount)));
    const payments = page.locator("section[aria-labelledby=payout-transactions]");
    await expect(payments.getByText("1 payment,")).toBeVisible();
    const row = payments.getByRole("link").filter({ hasText: reference }).filter({ visible: true }).first();
    await expect(row).toBeVisible();
    await expectAccessible(page, "payout detail");
    await shot(page, "payout-detail");

    await row.click();
    await expect(page).toHaveURL(/\/dashboard\/transactions\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Processor fee")).toBeVisible();
    await expect(page.getByText("Platform fee")).toBeVisible();
    await expect(page.getByText("Net amount")).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`^${naira(Number(payout.amount)).replace(/[.$]/g, "\\$&")} · paid`) })).toHaveAttribute(
      "href",
      `/dashboard/payouts/${payout.id}`,
    );
    await expectAccessible(page, "transaction with payout");
  });

  expect(errors).toEqual([]);
});
