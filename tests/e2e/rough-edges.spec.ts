import { type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import {
  animationsFinished,
  apiToken,
  createVerifiedMerchant,
  expectRetryPrefilled,
  fromMailbox,
  logIn,
  payForSuyaPlatter,
  signUpInBrowser,
  unique,
} from "./helpers";

// Issue 24's smaller rough edges, each on a phone and a desktop.

/** The drawer exists below the lg breakpoint: the desktop project looks at it in a narrow window. */
async function narrowOnDesktop(page: Page) {
  if (test.info().project.name === "desktop") await page.setViewportSize({ width: 900, height: 800 });
}

test("a link tapped right after opening the phone menu opens its page with the menu closed (3 of 3)", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request);
  await narrowOnDesktop(page);
  await logIn(page, merchant.email, merchant.password);
  const touch = test.info().project.name === "phone";
  const openMenu = page.getByRole("button", { name: "Open navigation menu" });
  const drawer = page.locator("#dashboard-nav-sheet");
  const tapAt = (x: number, y: number) => (touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));

  // Where each link sits once the drawer is open: a person taps there without waiting for it.
  await openMenu.click();
  await animationsFinished(page);
  await expectAccessible(page, "navigation drawer");
  const spots = new Map<string, { x: number; y: number }>();
  for (const name of ["Transactions", "Customers", "Invoices"]) {
    const box = (await drawer.getByRole("link", { name }).boundingBox())!;
    spots.set(name, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  }
  await page.keyboard.press("Escape");

  for (const [name, path] of [
    ["Transactions", "/dashboard/transactions"],
    ["Customers", "/dashboard/customers"],
    ["Invoices", "/dashboard/invoices"],
  ] as const) {
    // A page freshly opened, as after following a link from an e-mail.
    await page.goto("/dashboard/settings");
    await page.waitForLoadState("networkidle");
    // On a busy machine React may still be hydrating the fresh page, and a tap before it listens does
    // nothing: tap again until the menu says it is open, then tap the link 300 ms later.
    await expect(async () => {
      if (touch) await openMenu.tap({ timeout: 2_000 });
      else await openMenu.click({ timeout: 2_000 });
      await expect(openMenu).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    // Tapped as soon as the link has reached its spot (about 300 ms on a quiet machine; longer on a
    // loaded one, where a fixed wait tapped a link still sliding in and missed it).
    const spot = spots.get(name)!;
    const link = drawer.getByRole("link", { name });
    await expect(async () => {
      const box = (await link.boundingBox())!;
      expect(Math.abs(box.x + box.width / 2 - spot.x) + Math.abs(box.y + box.height / 2 - spot.y)).toBeLessThan(2);
    }).toPass({ timeout: 10_000, intervals: [50] });
    await tapAt(spot.x, spot.y);
    await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(openMenu).toHaveAttribute("aria-expanded", "false");
  }
  await expectAccessible(page, "invoices after the drawer closed");
});

test("Try again after a declined card keeps the e-mail and name, carried by the failed payment, not the URL", async ({ page, request }) => {
  const link = await payForSuyaPlatter(page, request);
  await expectAccessible(page, "sandbox checkout");
  await page.getByRole("listitem").filter({ hasText: "Declined" }).getByRole("button", { name: "Use card" }).click();

  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await expectAccessible(page, "failed payment");
  // An in-app browser that keeps no cookies between pages: nothing on the device can carry the form.
  await page.context().clearCookies();
  const tryAgain = page.getByRole("link", { name: "Try again" });
  const href = (await tryAgain.getAttribute("href")) ?? "";
  expect(href).not.toContain("kemi");
  expect(href).not.toContain("example.com");
  await tryAgain.click();
  await expectRetryPrefilled(page);
  await expectAccessible(page, "pay page, trying again");

  // A fresh visit starts empty.
  await page.goto(`/pay/${link.slug}`);
  await expect(page.getByLabel("Email address")).toHaveValue("");
});

test("a new owner is signed in by verifying their e-mail", async ({ page, request }) => {
  const email = `owner.${unique()}@example.com`;
  await signUpInBrowser(page, email, "correct-horse-battery");
  const [verifyUrl] = await fromMailbox(request, email, /https?:\/\/\S+\/api\/auth\/verify-email\?token=[\w-]+/);
  await page.goto(verifyUrl!);
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
  await expect(page.getByText(`You're signed in as ${email}.`)).toBeVisible();
  await expectAccessible(page, "email verified");
  await page.getByRole("link", { name: "Continue to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Ada's Kitchen").filter({ visible: true }).first()).toBeVisible();

  // The link is used: opened again it says so, and signs nobody in.
  await page.context().clearCookies();
  await page.goto(verifyUrl!);
  await expect(page.getByRole("heading", { name: "We couldn't verify your email" })).toBeVisible();
  await expect(page.getByText("This verification link has already been used.")).toBeVisible();
  await expectAccessible(page, "verification link used");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});

test("someone new who joins by invitation is signed in, told their role in words", async ({ page, request }) => {
  const owner = await createVerifiedMerchant(request, "Ada's Kitchen");
  const token = await apiToken(request, owner);
  const inviteeEmail = `ops.${unique()}@example.com`;
  const invited = await request.post(`/api/merchants/${owner.merchantId}/invitations`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email: inviteeEmail, role: "OPERATIONS" },
  });
  expect(invited.status()).toBe(201);
  const [acceptUrl] = await fromMailbox(request, inviteeEmail, /https?:\/\/\S+\/invitations\/accept\?token=[\w-]+/);

  await page.goto(acceptUrl!);
  await expect(page.getByRole("heading", { name: "Join Ada's Kitchen" })).toBeVisible();
  await page.getByLabel("First name").fill("Bola");
  await page.getByLabel("Last name").fill("Ade");
  await page.getByLabel("Password", { exact: true }).fill("bola-password-1");
  await page.getByRole("button", { name: "Create account and join" }).click();
  await expect(page.getByRole("heading", { name: "You've joined Ada's Kitchen" })).toBeVisible();
  await expect(page.getByText("You're on the team with the Operations role.")).toBeVisible();
  await expect(page.getByText(/a operations/i)).toHaveCount(0);
  await expectAccessible(page, "joined");
  await page.getByRole("link", { name: "Continue to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Ada's Kitchen").filter({ visible: true }).first()).toBeVisible();
});

test("the settlement account's bank is found by typing part of its name", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request);
  await logIn(page, merchant.email, merchant.password);
  await page.goto("/dashboard/settings/payouts");
  const bank = page.getByRole("combobox", { name: "Bank" });
  await expect(bank).toBeVisible();
  await bank.fill("guar");
  const options = page.getByRole("listbox", { name: "Banks" }).getByRole("option");
  await expect(options).toHaveText(["Guaranty Trust Bank"]);
  await expectAccessible(page, "bank picker filtered");
  await bank.press("ArrowDown");
  await bank.press("Enter");
  await expect(bank).toHaveValue("Guaranty Trust Bank");
  await expect(page.getByRole("listbox", { name: "Banks" })).toBeHidden();

  // Nothing matches: it says so.
  await bank.fill("zzz");
  await expect(page.getByText("No bank matches “zzz”")).toBeVisible();
  // Tapped, like on a phone.
  await bank.fill("access");
  await page.getByRole("option", { name: "Access Bank", exact: true }).click();
  await expect(bank).toHaveValue("Access Bank");

  await page.getByLabel("Account number").fill("0123456789");
  await page.getByRole("button", { name: "Look up account" }).click();
  await expect(page.getByTestId("resolved-account")).toContainText("Access Bank");
  await expectAccessible(page, "bank picked and account looked up");
});
