import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A verified merchant owner, made through the public API and the dev mailbox. */
export async function createVerifiedMerchant(request: APIRequestContext, businessName = "Ada's Kitchen") {
  const email = `owner.${unique()}@example.com`;
  const password = "correct-horse-battery";
  const signup = await request.post("/api/auth/signup", { data: { firstName: "Ada", lastName: "Obi", email, password, businessName } });
  expect(signup.status()).toBe(201);
  const { merchant } = await signup.json();
  const [, token] = await fromMailbox(request, email, /verify-email\?token=([\w-]+)/);
  expect((await request.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);
  return { email, password, merchantId: merchant.id as string, secretKey: merchant.testSecretKey as string };
}

/**
 * The first match of `pattern` in the newest dev-mailbox e-mail to `to` that has one. E-mails are
 * queued and sent by the app's worker a moment after the request, so this waits for it.
 */
export async function fromMailbox(request: APIRequestContext, to: string, pattern: RegExp): Promise<RegExpExecArray> {
  const found: { match?: RegExpExecArray } = {};
  await expect
    .poll(
      async () => {
        const { emails } = (await (await request.get(`/api/dev/emails?to=${encodeURIComponent(to)}`)).json()) as { emails: Array<{ text: string }> };
        found.match = emails.map((e) => pattern.exec(e.text)).find((m): m is RegExpExecArray => m !== null);
        return Boolean(found.match);
      },
      { message: `an e-mail to ${to} matching ${pattern}`, timeout: 15_000 },
    )
    .toBe(true);
  return found.match!;
}

/** Signs up in the browser as Ada Obi of Ada's Kitchen, as far as "check your email". */
export async function signUpInBrowser(page: Page, email: string, password: string) {
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Obi");
  await page.getByLabel("Business name").fill("Ada's Kitchen");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /create account/i }).click();
  await expect(page.getByText(/check your email/i)).toBeVisible();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.waitForLoadState("load");
}
