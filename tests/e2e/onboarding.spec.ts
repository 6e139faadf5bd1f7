import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { fromMailbox, signUpInBrowser } from "./helpers";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a new merchant signs up, verifies through the dev mailbox, is signed in and sees the dashboard", async ({ page, request }) => {
  const email = `owner.${unique()}@example.com`;
  const password = "correct-horse-battery";
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  await signUpInBrowser(page, email, password);

  // Logging in before verifying is refused with a clear message.
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /log in/i }).click();
  await expect(page.getByRole("alert").filter({ hasText: /verify your email/i })).toBeVisible();

  // The verification e-mail (queued, so wait for the worker), opened in the dev mailbox.
  await fromMailbox(request, email, /verify-email\?token=/);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: /verify your email address/i })
    .first()
    .click();
  await page
    .getByRole("link", { name: /verify email address/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/verify-email\?status=verified/);
  await expect(page.getByText(/email (address )?(is )?verified/i).first()).toBeVisible();
  await expectAccessible(page, "e-mail verified");

  // Verifying signed them in: no second log-in.
  await page.getByRole("link", { name: "Continue to your dashboard" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Ada's Kitchen").filter({ visible: true }).first()).toBeVisible();
  await expect(
    page
      .getByText(/test mode/i)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `test-results/dashboard-${test.info().project.name}.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test("a signed-out visitor to the dashboard is sent to log in", async ({ page }) => {
  await page.goto("/dashboard/transactions");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Ftransactions/);
  await expect(page.getByRole("button", { name: /log in/i })).toBeVisible();
});

test("unknown API paths answer JSON 404", async ({ request }) => {
  const res = await request.get("/api/does-not-exist");
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ message: "Not found", code: "not_found", docUrl: expect.stringMatching(/\/docs\/errors#not_found$/) });
  expect(res.headers()["x-request-id"]).toMatch(/^req_/);
});
