import { type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, merchantWithLink, unique, watchErrors } from "./helpers";

// A form's error goes as soon as its field is fixed, not at the next submit: on sign-up (the
// browser's checks and the server's "already exists"), on log-in and on a react-hook-form form
// (forgot password, standing in for the rest), on a phone and a desktop.

/** The field's error line: the text it is described by, and the field marked invalid (or neither). */
async function expectError(page: Page, field: Locator, message: string | null) {
  if (message === null) {
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    return;
  }
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby"))!.split(" ");
  const texts = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
  expect(texts).toContain(message);
}

/** An address field: half an address ("ada@") gets the invalid-address error, then `valid` clears it. */
async function expectAddressErrorFixed(page: Page, email: Locator, valid: string) {
  await email.fill("ada@");
  await expectError(page, email, "Enter a valid email address");
  await email.fill(valid);
  await expectError(page, email, null);
}

test("sign-up's errors clear as each field is fixed, the server's too", async ({ page, request }) => {
  const errors = watchErrors(page, /status of 409/);
  const taken = await createVerifiedMerchant(request, "Taken Traders");
  await page.goto("/signup");
  const first = page.getByLabel("First name");
  const last = page.getByLabel("Last name");
  const business = page.getByLabel("Business name");
  const email = page.getByLabel("Email address");
  const password = page.getByLabel("Password", { exact: true });
  const create = page.getByRole("button", { name: "Create account" });

  await create.click();
  await expectError(page, first, "Enter your first name");
  await expectError(page, last, "Enter your last name");
  await expectError(page, business, "Enter your business name");
  await expectError(page, email, "Enter your email address");
  await expectError(page, password, "Use at least 8 characters");
  await expect(first).toBeFocused();
  await expectAccessible(page, "sign-up with every field's error");

  // Each error goes with its own fix; the others stay until theirs are fixed.
  await first.fill("Ada");
  await expectError(page, first, null);
  await expectError(page, last, "Enter your last name");
  await last.fill("Obi");
  await expectError(page, last, null);
  await business.fill("Ada's Kitchen");
  await expectError(page, business, null);
  // Still wrong, differently: the error says what is wrong now.
  await expectAddressErrorFixed(page, email, taken.email);
  await password.fill("short");
  await expectError(page, password, "Use at least 8 characters");
  await password.fill("correct-horse-battery");
  await expectError(page, password, null);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expectAccessible(page, "sign-up with every error fixed");

  // The server's answer (the address has an account) goes once the address is changed.
  await create.click();
  await expectError(page, email, "A user with this email already exists");
  await expectAccessible(page, "sign-up with the address taken");
  await email.fill(`fixed.${unique()}@example.com`);
  await expectError(page, email, null);
  await create.click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expectAccessible(page, "sign-up done");
  expect(errors).toEqual([]);
});

test("log-in's errors clear as each field is fixed", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/login");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password", { exact: true });
  await page.getByRole("button", { name: "Log in" }).click();
  await expectError(page, email, "Enter your email address");
  await expectError(page, password, "Enter your password");
  await expect(page.getByText("Enter your email address")).toBeVisible();
  await expectAccessible(page, "log-in with both errors");

  await expectAddressErrorFixed(page, email, "ada@example.com");
  await expect(page.getByText("Enter your email address")).toBeHidden();
  await expectError(page, password, "Enter your password");
  await password.fill("anything");
  await expectError(page, password, null);
  await expect(page.getByText("Enter your password")).toBeHidden();
  await expectAccessible(page, "log-in with both errors fixed");
  expect(errors).toEqual([]);
});

test("a react-hook-form form (forgot password) re-checks its field on every change after a submit", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/forgot-password");
  const email = page.getByLabel("Email address");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expectError(page, email, "Enter your email address");
  await expectAccessible(page, "forgot password with an error");
  await expectAddressErrorFixed(page, email, "ada@example.com");
  await expectAccessible(page, "forgot password with the error fixed");
  expect(errors).toEqual([]);
});

test("the hosted pay page (no framework) clears the server's error once its field is fixed", async ({ page, request }) => {
  const { link } = await merchantWithLink(request, "Building Fund Society", { title: "Building fund", isReusable: true });

  await page.goto(`/pay/${link.slug}`);
  const amount = page.getByLabel("Amount (₦)");
  await amount.fill("10");
  await page.getByLabel("Email address").fill(`${unique()}@example.com`);
  await page.getByRole("button", { name: "Continue to pay" }).click();
  // The page the server answered with: the form again, the amount's error under it.
  await expectError(page, amount, "The smallest amount you can pay is ₦50");
  await expectAccessible(page, "pay page with the server's amount error");

  await amount.fill("20");
  await expectError(page, amount, "The smallest amount you can pay is ₦50");
  await amount.fill("2500");
  await expectError(page, amount, null);
  await expect(page.getByText("The smallest amount you can pay is ₦50")).toBeHidden();
});
