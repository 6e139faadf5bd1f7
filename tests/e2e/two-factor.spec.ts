import { readFile } from "node:fs/promises";
import { type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, logIn, totp, watchErrors } from "./helpers";

// Two-factor sign-in in the browser, on desktop and phone: enrolment in Settings (the key read from
// the page, the code computed here as an authenticator app would), then log-in with a code, with a
// recovery code once, and not twice with the same one; and a member sent to enrol by the owner's rule.

/** The 401s the log-in answers by design (code required, refused code) are not errors. */
const LOGIN_REFUSED = /status of 401 .*\/api\/auth\/callback\/credentials/;

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/${name}-${test.info().project.name}.png`, fullPage: true });

async function signOut(page: Page) {
  // A click landing before the page has hydrated opens nothing: try again until the menu shows.
  await expect(async () => {
    await page.getByRole("button", { name: /^Account menu for/ }).click();
    await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** E-mail and password; the form then asks for the second factor. */
async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

/** Set-up from a card holding TwoFactorSetup: returns the key and the recovery codes. */
async function enrolIn(page: Page, area: Locator, password: string) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(page.url()).origin });
  await area.getByLabel("Your password").fill(password);
  await area.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const qr = area.getByRole("img", { name: "QR code for your authenticator app" });
  await expect(qr).toBeVisible();
  // The key in groups of four for typing; copied without the spaces.
  const shown = (await area.getByTestId("two-factor-secret").textContent())!.trim();
  expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = shown.replace(/\s/g, "");

  // A phone can't scan its own screen: a link opens the authenticator app with the same secret.
  const open = area.getByRole("link", { name: "Open in authenticator app" });
  await expect(open).toBeVisible();
  const uri = new URL((await open.getAttribute("href"))!);
  expect(uri.protocol).toBe("otpauth:");
  expect(uri.host).toBe("totp");
  expect(uri.searchParams.get("secret")).toBe(secret);
  expect(uri.searchParams.get("issuer")).toBe("Paylink");
  // On a phone the link comes first; on a desktop the QR code does.
  const [linkBox, qrBox] = [await open.boundingBox(), await qr.boundingBox()];
  if (test.info().project.name === "phone") expect(linkBox!.y).toBeLessThan(qrBox!.y);
  else expect(qrBox!.y).toBeLessThan(linkBox!.y);
  await expectAccessible(page, "two-factor set-up");
  await shot(page, "two-factor-setup");
  await area.getByRole("button", { name: "Copy setup key" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  // Its toast gone (a fading toast would be measured for contrast by the next check).
  await expect(page.getByText("Copied setup key")).toBeHidden();

  await area.getByLabel("3. Enter the 6-digit code the app shows").fill(totp(secret));
  await area.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const list = area.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const recoveryCodes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
  // Each code on one line (one line box), and the list never scrolls sideways.
  expect(await list.locator("code").evaluateAll((codes) => codes.map((c) => c.getClientRects().length))).toEqual(Array(10).fill(1));
  expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectAccessible(page, "recovery codes");
  await shot(page, "two-factor-recovery-codes");

  // The download is a text file holding every code.
  const [download] = await Promise.all([page.waitForEvent("download"), area.getByRole("button", { name: "Download codes" }).click()]);
  expect(download.suggestedFilename()).toBe("paylink-recovery-codes.txt");
  const file = await readFile((await download.path())!, "utf8");
  for (const code of recoveryCodes) expect(file.split("\n")).toContain(code);
  return { secret, recoveryCodes };
}

test("enrol in Settings, then sign in with a code, and once (not twice) with a recovery code", async ({ page, request }) => {
  const errors = watchErrors(page, LOGIN_REFUSED);
  const merchant = await createVerifiedMerchant(request, "Two Factor Foods");
  await logIn(page, merchant.email, merchant.password);
  await page.goto("/dashboard/settings");
  const card = page.locator("#two-factor");
  await expect(card.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();

  const { secret, recoveryCodes } = await enrolIn(page, card, merchant.password);
  for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
  await card.getByRole("button", { name: "I've saved my recovery codes" }).click();
  await expect(card.getByText("10 of 10 recovery codes left.")).toBeVisible();
  await expectAccessible(page, "settings with two-factor sign-in on");
  // Shown once: after "saved", neither the key nor the codes are on the page.
  const html = await page.content();
  expect(html).not.toContain(secret);
  expect(html).not.toContain(recoveryCodes[0]);
  await shot(page, "two-factor-settings");
  await signOut(page);

  // A code from the app. The next step's code: the set-up already used this step's.
  await passwordStep(page, merchant.email, merchant.password);
  await expectAccessible(page, "log-in code step");
  await shot(page, "two-factor-login");
  await page.getByLabel("Authentication code").fill(totp(secret, 1));
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await signOut(page);

  // A recovery code works once…
  await passwordStep(page, merchant.email, merchant.password);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto("/dashboard/settings");
  await expect(page.locator("#two-factor").getByText("9 of 10 recovery codes left.")).toBeVisible();
  await signOut(page);

  // …and not twice.
  await passwordStep(page, merchant.email, merchant.password);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await expect(page.getByText(/two-factor code is not valid/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel("Recovery code")).toBeFocused();
  expect(errors).toEqual([]);
});

async function apiLogin(request: APIRequestContext, data: Record<string, string>): Promise<string> {
  const res = await request.post("/api/auth/login", { data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token;
}

test("a member of a business that requires two-factor sign-in is sent to set it up, and nothing else", async ({ page, request }) => {
  const errors = watchErrors(page, LOGIN_REFUSED);
  const owner = await createVerifiedMerchant(request, "Strict Stores");
  // The owner turns it on for themselves, then requires it (through the API, as an integrator could).
  let token = await apiLogin(request, { email: owner.email, password: owner.password });
  const auth = () => ({ authorization: `Bearer ${token}` });
  const setup = await (await request.post("/api/account/two-factor/setup", { headers: auth(), data: { password: owner.password } })).json();
  const confirmed = await request.post("/api/account/two-factor/confirm", { headers: auth(), data: { code: totp(setup.secret) } });
  expect(confirmed.status()).toBe(200);
  token = (await confirmed.json()).token;
  expect((await request.put(`/api/merchants/${owner.merchantId}/require-two-factor`, { headers: auth(), data: { required: true } })).status()).toBe(200);

  // A new member, invited and accepted.
  const email = `member.${Date.now().toString(36)}@example.com`;
  expect((await request.post(`/api/merchants/${owner.merchantId}/invitations`, { headers: auth(), data: { email, role: "OPERATIONS" } })).status()).toBe(201);
  let inviteToken: string | undefined;
  // E-mails may be sent by a background job: wait for it.
  await expect
    .poll(async () => {
      const mailbox = await (await request.get(`/api/dev/emails?to=${encodeURIComponent(email)}`)).json();
      inviteToken = /invitations\/accept\?token=([\w-]+)/.exec(mailbox.emails[0]?.text ?? "")?.[1];
      return inviteToken;
    })
    .toBeTruthy();
  const password = "member-password-123";
  const accepted = await request.post("/api/invitations/accept", { data: { token: inviteToken, firstName: "Tunde", lastName: "Bello", password } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // Every section sends them to the set-up; the menu offers nothing else.
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in", level: 1 })).toBeVisible();
  await page.goto("/dashboard/transactions");
  await expect(page).toHaveURL(/\/dashboard\/two-factor$/);
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toHaveCount(0);
  await expectAccessible(page, "two-factor required");

  await enrolIn(page, page.locator("main"), password);
  await page.getByRole("button", { name: "I've saved my recovery codes" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/transactions");
  await expect(page).toHaveURL(/\/dashboard\/transactions$/);
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});
