import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { Secret, TOTP } from "otpauth";

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

/** A session token for the merchant's owner, for setting things up through the API. */
export async function apiToken(request: APIRequestContext, merchant: { email: string; password: string }): Promise<string> {
  const login = await request.post("/api/auth/login", { data: { email: merchant.email, password: merchant.password } });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

/** A POST through the API with the owner's session token (setting things up); fails on any error answer. */
export async function apiPost(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>) {
  const res = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** A payment link made through the API with the owner's session token. */
export async function createPaymentLink(request: APIRequestContext, token: string, merchantId: string, data: Record<string, unknown>) {
  const created = await request.post(`/api/merchants/${merchantId}/payment-links`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).link as { id: string; slug: string };
}

/** A new verified merchant with one payment link (made through the API with the owner's session token). */
export async function merchantWithLink(request: APIRequestContext, businessName: string, data: Record<string, unknown>) {
  const merchant = await createVerifiedMerchant(request, businessName);
  const link = await createPaymentLink(request, await apiToken(request, merchant), merchant.merchantId, data);
  return { merchant, link };
}

/** A card payment started through the API with the merchant's test secret key, as an integrator's server would. */
export async function initiateCardPayment(request: APIRequestContext, merchant: { merchantId: string; secretKey: string }, data: Record<string, unknown>) {
  const started = await request.post("/api/transactions/initiate", {
    headers: { authorization: `Bearer ${merchant.secretKey}` },
    data: { merchantId: merchant.merchantId, channel: "card", ...data },
  });
  expect(started.status(), await started.text()).toBe(201);
  return (await started.json()) as { transactionId: string; reference: string; authorizationUrl: string };
}

/** A price below the ₦50 minimum: the amount field says so as soon as it is left. */
export async function expectBelowMinimum(page: Page, amount: Locator, value: string) {
  await amount.fill(value);
  await amount.blur();
  await expect(page.getByText("The price must be at least ₦50.00")).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
}

/** The invoice lines the specs bill with: ₦15,000 of business cards and 2.5 × ₦2,500 of flyers. */
export const SAMPLE_LINE_ITEMS = [
  { description: "Business cards", amount: 1_500_000, quantity: 1 },
  { description: "Flyers (per 100)", amount: 250_000, quantity: 2.5 },
];

/** A new merchant's ₦8,000 "Suya platter" link, which Kemi Adeyemi pays by card up to the sandbox checkout; answers the link. */
export async function payForSuyaPlatter(page: Page, request: APIRequestContext) {
  const { link } = await merchantWithLink(request, "Suya Spot", { title: "Suya platter", amount: 800_000, isReusable: true });
  await page.goto(`/pay/${link.slug}`);
  await page.getByLabel("Email address").fill("kemi@example.com");
  await page.getByLabel("Full name").fill("Kemi Adeyemi");
  await page.getByRole("button", { name: "Pay ₦8,000.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  return link;
}

/** After "Try again" on a failed payment of the "Suya platter" link: its page, filled in with what the customer typed. */
export async function expectRetryPrefilled(page: Page) {
  await expect(page.getByRole("heading", { name: "Suya platter" })).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue("kemi@example.com");
  await expect(page.getByLabel("Full name")).toHaveValue("Kemi Adeyemi");
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

/** The code an authenticator app shows `steps` periods from now. */
export const totp = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** Uncaught exceptions and console errors, but those matching `expected` (answers a flow provokes on purpose): any fails the test. */
export function watchErrors(page: Page, ...expected: RegExp[]): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    const text = `${message.text()} ${message.location().url}`;
    if (message.type() === "error" && !expected.some((pattern) => pattern.test(text))) errors.push(text);
  });
  return errors;
}

/**
 * Waits for running animations (an opening dialog): half-faded text would be measured for contrast.
 * One cancelled meanwhile (its element replaced by a client-side navigation) rejects `finished` with
 * an AbortError: it is over all the same.
 */
export async function animationsFinished(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Saves the sandbox's resolvable test account (GTBank 0123456789) as the merchant's settlement account. */
export async function addSettlementAccount(request: APIRequestContext, merchant: { merchantId: string; password: string }, token: string) {
  const account = await request.put(`/api/merchants/${merchant.merchantId}/settlement-account`, {
    headers: { authorization: `Bearer ${token}` },
    data: { bankCode: "058", accountNumber: "0123456789", password: merchant.password },
  });
  expect(account.status(), await account.text()).toBe(200);
}

/** The database the browser tests' server uses (playwright.config.ts): TEST_DATABASE_URL's server or the embedded one. */
export function e2eDatabaseUrl(): string {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return "postgresql://postgres:postgres@127.0.0.1:54322/paylink";
  return Object.assign(new URL(server), { pathname: `/${process.env.E2E_DATABASE ?? "paylink_e2e"}` }).toString();
}

/**
 * A second production server (`npm start`'s script) on the browser tests' build and database, with
 * `env` on top; resolves once /api/health answers 200. The caller stops it (SIGTERM).
 */
export async function startSecondServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(
    process.execPath,
    ["--experimental-wasm-modules", "--disable-warning=ExperimentalWarning", "--import", "tsx", "scripts/start.ts", "start"],
    {
      env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), PORT: String(port), LOG_LEVEL: "warn", ...env },
      stdio: "ignore",
    },
  );
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
  return server;
}
