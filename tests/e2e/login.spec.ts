import { expect, test } from "./fixtures";
import { createVerifiedMerchant, fromMailbox, unique, watchErrors } from "./helpers";

// Log-in is server-rendered with no framework JavaScript (pages/login.tsx); /login.js runs the form.
// The two-factor step is covered by two-factor.spec.ts.

test("log-in checks its fields, says why it refuses, and opens where the visitor was going", async ({ page, request }) => {
  const errors = watchErrors(page, /401/);
  const merchant = await createVerifiedMerchant(request);

  await page.goto("/login?callbackUrl=%2Fdashboard%2Ftransactions");
  expect(await page.locator("script[src]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("src")))).toEqual(["/login.js"]);

  // Nothing typed: each field says what it needs, and focus goes to the first.
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Enter your email address")).toBeVisible();
  await expect(page.getByText("Enter your password")).toBeVisible();
  await expect(page.getByLabel("Email address")).toBeFocused();
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Email address").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("whatever-it-is");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByText("Enter your password")).toBeHidden();

  // The show-password button shows what was typed, and hides it again.
  const password = page.getByLabel("Password", { exact: true });
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(page.getByRole("button", { name: "Show password" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  // A wrong password is refused in words, on the page.
  await page.getByLabel("Email address").fill(merchant.email);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);

  // The right one opens the page the visitor asked for, signed in.
  await password.fill(merchant.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/transactions$/);
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a destination on another site is never followed after log-in", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request);
  await page.goto("/login?callbackUrl=https%3A%2F%2Fevil.example%2Fsteal");
  await page.getByLabel("Email address").fill(merchant.email);
  await page.getByLabel("Password", { exact: true }).fill(merchant.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
});

test("an unverified account is told to verify, and can have the e-mail sent again", async ({ page, request }) => {
  const errors = watchErrors(page, /401/);
  const email = `new.${unique()}@example.com`;
  const signup = await request.post("/api/auth/signup", {
    data: { firstName: "Ada", lastName: "Obi", email, password: "correct-horse-battery", businessName: "Ada's Kitchen" },
  });
  expect(signup.status()).toBe(201);
  await fromMailbox(request, email, /verify-email\?token=/);

  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /verify your email/i })).toBeVisible();

  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Verification email sent" })).toContainText(email);
  // The second e-mail really went: the mailbox holds two verification links for the address.
  await expect
    .poll(async () => {
      const { emails } = (await (await request.get(`/api/dev/emails?to=${encodeURIComponent(email)}`)).json()) as { emails: Array<{ text: string }> };
      return emails.filter((e) => /verify-email\?token=/.test(e.text)).length;
    })
    .toBe(2);
  expect(errors).toEqual([]);
});
