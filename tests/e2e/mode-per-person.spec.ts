import { devices, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, settled, test } from "./fixtures";
import { addSettlementAccount, animationsFinished, createVerifiedMerchant, fromMailbox, logIn, startSecondServer, totp, watchErrors } from "./helpers";

// Test or live is each member's own view, chosen with the top bar's switch (desktop and phone), and
// the badge beside it says which. Two members of one business in two browsers: while live mode is
// locked the switch says why and leads to the go-live checklist; once unlocked one member switches to
// live and sees live data while the other still sees test, and back. Live mode needs the platform's
// live processor, which this suite's server (the sandbox) has not, so both browsers use a second
// server on the same build and database with a live key configured (never called: no payment is made).

const PASSWORD = "correct-horse-battery";
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/mode-${name}-${test.info().project.name}.png`, fullPage: true });

async function api(request: APIRequestContext, token: string, method: "post" | "put", url: string, data: object) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** A new member who accepts their invitation with a name and password. */
async function invite(request: APIRequestContext, token: string, merchantId: string, role: string, firstName: string) {
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  await api(request, token, "post", `/api/merchants/${merchantId}/invitations`, { email, role });
  const [, invitation] = await fromMailbox(request, email, /invitations\/accept\?token=([\w-]+)/);
  const accepted = await request.post("/api/invitations/accept", { data: { token: invitation, firstName, lastName: "Okafor", password: PASSWORD } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return email;
}

/** A browser of this project's kind (desktop or Pixel 7) on the second server, signed in as `email`. */
async function signedIn(browser: Browser, baseURL: string, email: string) {
  const device = test.info().project.name === "phone" ? devices["Pixel 7"] : devices["Desktop Chrome"];
  const context = await browser.newContext({ ...device, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await logIn(page, email, PASSWORD);
  await settled(page);
  return { page, errors, close: () => context.close() };
}

const toggleOf = (page: Page) => page.getByRole("switch", { name: "Live", exact: true });
const badgeOf = (page: Page) => page.getByTestId("mode-badge");

/** Opens `path` and waits for its streamed HTML to settle (pages of our own contexts lack the fixture's goto). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

test("each member switches test or live for their own view in the top bar; a teammate's view stays", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const owner = await createVerifiedMerchant(request, "Two Views Ltd");
  const ownerToken = (await (await request.post("/api/auth/login", { data: { email: owner.email, password: owner.password } })).json()).token as string;
  // One test payment, made with the test key: the test view lists it, the live view does not.
  const paid = await api(request, owner.secretKey, "post", "/api/transactions/initiate", { amount: 250_000, email: "tola@example.com" });
  const transactionId = paid.transactionId as string;
  expect(transactionId).toMatch(/^[0-9a-f-]{36}$/);
  const bisi = await invite(request, ownerToken, owner.merchantId, "VIEWER", "Bisi");
  const chidi = await invite(request, ownerToken, owner.merchantId, "DEVELOPER", "Chidi");
  // Part of the checklist: the profile and a settlement account; the owner's two-factor sign-in comes later.
  await api(request, ownerToken, "put", `/api/merchants/${owner.merchantId}`, { supportEmail: "hello@twoviews.ng", supportPhone: "+234 803 123 4567" });
  await addSettlementAccount(request, owner, ownerToken);

  const port = Number(process.env.E2E_PORT ?? 3100) + 61;
  const baseURL = `http://localhost:${port}`;
  const server = await startSecondServer(port, {
    APP_URL: baseURL,
    NEXTAUTH_URL: baseURL,
    RATE_LIMIT_SCALE: "100",
    PAYMENT_PROCESSOR: "paystack",
    PAYSTACK_LIVE_SECRET_KEY: "sk_live_e2e_never_called",
  });
  const viewer = await signedIn(browser, baseURL, bisi);
  const developer = await signedIn(browser, baseURL, chidi);
  try {
    await test.step("a new member starts in test: the badge says Test and the switch is off", async () => {
      for (const { page } of [viewer, developer]) {
        await expect(badgeOf(page)).toHaveText(/^Test/);
        await expect(badgeOf(page)).toBeVisible();
        await expect(toggleOf(page)).toHaveAttribute("aria-checked", "false");
        await expect(toggleOf(page)).toBeVisible();
      }
      await expectAccessible(viewer.page, "overview in test, live locked");
    });

    await test.step("while live mode is locked the switch says why and leads to the go-live checklist", async () => {
      const { page } = viewer;
      await open(page, "/dashboard/transactions");
      await toggleOf(page).click();
      const locked = page.getByRole("dialog", { name: "Live mode is locked" });
      await expect(locked).toContainText("once your business has finished the go-live checklist");
      await animationsFinished(page);
      await expectAccessible(page, "live mode locked dialog");
      await shot(page, "locked");
      await locked.getByRole("link", { name: "Open the go-live checklist" }).click();
      await expect(page).toHaveURL(/\/dashboard#go-live$/);
      const checklist = page.getByTestId("go-live-checklist").filter({ visible: true });
      await expect(checklist.getByText("The owner turns on two-factor sign-in")).toBeVisible();
      await expect(toggleOf(page)).toHaveAttribute("aria-checked", "false");
    });

    // The owner turns on two-factor sign-in: the last of the business's steps.
    const { secret } = await api(request, ownerToken, "post", "/api/account/two-factor/setup", { password: owner.password });
    await api(request, ownerToken, "post", "/api/account/two-factor/confirm", { code: totp(secret) });

    await test.step("one member switches to live: their badge says Live and their lists show live data", async () => {
      const { page } = viewer;
      await open(page, "/dashboard/transactions");
      await expect(page.getByText("tola@example.com").filter({ visible: true }).first()).toBeVisible();
      await toggleOf(page).click();
      await expect(toggleOf(page)).toHaveAttribute("aria-checked", "true");
      await expect(badgeOf(page)).toHaveText(/^Live/);
      await expect(page.getByRole("heading", { name: "No transactions yet" })).toBeVisible();
      await expect(page.getByText("tola@example.com").filter({ visible: true })).toHaveCount(0);
      await expectAccessible(page, "transactions in live");
      await shot(page, "live");
      // Their own view stays live on every page, as the overview shows.
      await open(page, "/dashboard");
      await expect(badgeOf(page)).toHaveText(/^Live/);
      await expect(page.getByTestId("kpi-count").filter({ visible: true })).toHaveText("0");
      await expect(page.getByTestId("go-live-checklist")).toHaveCount(0);
      await expectAccessible(page, "overview in live");
    });

    await test.step("the teammate's view is still test: badge, lists and overview", async () => {
      const { page } = developer;
      await open(page, "/dashboard/transactions");
      await expect(badgeOf(page)).toHaveText(/^Test/);
      await expect(toggleOf(page)).toHaveAttribute("aria-checked", "false");
      await expect(page.getByText("tola@example.com").filter({ visible: true }).first()).toBeVisible();
      await open(page, "/dashboard/developers");
      await expect(page.getByText("You're viewing test data")).toBeVisible();
      await expect(page.getByRole("switch")).toHaveCount(1);
      await expectAccessible(page, "developers in test");
    });

    await test.step("an object's page sends its member to the section's list after switching", async () => {
      const { page } = developer;
      await open(page, `/dashboard/transactions/${transactionId}`);
      await expect(page.getByText("tola@example.com").filter({ visible: true }).first()).toBeVisible();
      await toggleOf(page).click();
      await expect(page).toHaveURL(/\/dashboard\/transactions$/);
      await expect(badgeOf(page)).toHaveText(/^Live/);
      await expect(page.getByRole("heading", { name: "No transactions yet" })).toBeVisible();
    });

    await test.step("switching back to test is always allowed, and changes only that member", async () => {
      const { page } = viewer;
      await toggleOf(page).click();
      await expect(toggleOf(page)).toHaveAttribute("aria-checked", "false");
      await expect(badgeOf(page)).toHaveText(/^Test/);
      await expect(page.getByTestId("go-live-checklist").filter({ visible: true })).toBeVisible();
      await open(developer.page, "/dashboard");
      await expect(badgeOf(developer.page)).toHaveText(/^Live/);
    });

    expect(viewer.errors).toEqual([]);
    expect(developer.errors).toEqual([]);
  } finally {
    await viewer.close();
    await developer.close();
    server.kill("SIGTERM");
  }
});
