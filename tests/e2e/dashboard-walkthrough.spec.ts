import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { checkPage, describeViolations } from "./axe";
import { expect, test } from "./fixtures";
import {
  addSettlementAccount,
  animationsFinished,
  apiPost,
  apiToken,
  createPaymentLink,
  createVerifiedMerchant,
  fromMailbox,
  initiateCardPayment,
  logIn,
  SAMPLE_LINE_ITEMS,
  unique,
} from "./helpers";

// Walks every dashboard section and the public pages on both projects (desktop and a Pixel 7): each page
// must load without console errors and without serious or critical axe-core violations (WCAG 2.1 A/AA),
// and leaves a full-page screenshot in test-results/screenshots/<project>-<page>.png. The API reference at
// /docs (Scalar, with our contrast and keyboard fixes) is held to the same rule. Hosted pages must also
// keep all their content inside landmarks (axe's `region`), the test-mode banner included.

/** Console errors and uncaught exceptions since the last audited page. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

type AuditOptions = { heading?: boolean; landmarks?: boolean; idle?: boolean };

async function audit(page: Page, errors: string[], name: string, { heading = true, landmarks = false, idle = true }: AuditOptions = {}) {
  // Loaded: no route-level loading state or skeleton left, and the page's title heading is up.
  await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0);
  // Soft, like the checks below: one run reports every page's problems, not just the first.
  if (heading) await expect.soft(page.getByRole("heading", { level: 1 }).filter({ visible: true }).first()).toBeVisible();
  if (idle) await page.waitForLoadState("networkidle");

  const violations = await checkPage(page, name);
  if (landmarks) {
    // A best-practice rule (moderate, outside the WCAG tags): content outside every landmark is missed
    // by screen-reader users who move between landmarks.
    const region = (await new AxeBuilder({ page }).withRules(["region"]).analyze()).violations;
    expect.soft(region, `${name} (${page.url()}) has content outside landmarks:\n${describeViolations(region)}`).toEqual([]);
  }
  // Moderate and minor findings are not failures, but stay in the report for whoever looks next.
  if (violations.length > 0) {
    await test.info().attach(`axe-${name}.json`, { body: JSON.stringify(violations, null, 2), contentType: "application/json" });
  }
  expect.soft(errors, `${name} (${page.url()}) logged console errors`).toEqual([]);
  errors.length = 0;

  const project = test.info().project.name;
  await page.screenshot({ path: `test-results/screenshots/${project}-${name}.png`, fullPage: true });
}

async function visit(page: Page, errors: string[], name: string, url: string, options?: AuditOptions) {
  const response = await page.goto(url);
  expect(response?.status(), `${name} (${url})`).toBeLessThan(400);
  await audit(page, errors, name, options);
}

/** Opens a dialog or menu with `trigger`, audits it, and closes it again with Escape. */
async function auditOverlay(page: Page, errors: string[], name: string, trigger: string, role: "dialog" | "menu" = "dialog") {
  await page.getByRole("button", { name: trigger }).filter({ visible: true }).first().click();
  const overlay = page.getByRole(role);
  await expect(overlay).toBeVisible();
  await animationsFinished(page);
  // Modal overlays hide the page's heading from assistive tech while open.
  await audit(page, errors, name, { heading: false });
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
}

test("every dashboard section and public page: no console errors, no serious accessibility violations", async ({ page, request }) => {
  test.setTimeout(300_000);
  mkdirSync("test-results/screenshots", { recursive: true });
  const errors = watchConsole(page);

  // A merchant with something on every page: a link, a sent and a draft invoice, a webhook endpoint with a
  // delivery, a pending invitation (and so an audit log), and a completed sandbox payment.
  const merchant = await createVerifiedMerchant(request, "Ada's Kitchen");
  const token = await apiToken(request, merchant);
  const base = `/api/merchants/${merchant.merchantId}`;
  const link = await createPaymentLink(request, token, merchant.merchantId, {
    title: "Jollof party tray",
    description: "Feeds ten. Delivered in Lagos.",
    amount: 2_500_000,
    isReusable: true,
    customSlug: `jollof${unique()}`,
  });
  const invoiceBody = {
    customerEmail: `buyer.${unique()}@example.com`,
    customerName: "Ngozi Eze",
    customerNote: "Thank you for your order",
    dueDate: "2030-01-31",
    lineItems: SAMPLE_LINE_ITEMS,
  };
  const { invoice } = await apiPost(request, token, `${base}/invoices`, { ...invoiceBody, status: "SENT" });
  const { invoice: draft } = await apiPost(request, token, `${base}/invoices`, { ...invoiceBody, status: "DRAFT" });
  // Nothing listens on port 9: the test event's delivery fails, which the log shows.
  const { webhook } = await apiPost(request, token, `${base}/webhooks`, {
    url: "https://127.0.0.1:9/paylink",
    events: ["transaction.completed", "invoice.paid"],
    description: "Orders service",
  });
  await apiPost(request, token, `${base}/webhooks/${webhook.id}/test`, {});
  const inviteeEmail = `dev.${unique()}@example.com`;
  await apiPost(request, token, `${base}/invitations`, { email: inviteeEmail, role: "DEVELOPER" });
  // A settlement account (the sandbox's resolvable test number), so the payment below is paid out.
  await addSettlementAccount(request, merchant, token);
  const { authorizationUrl } = await initiateCardPayment(request, merchant, {
    amount: 1_250_050,
    email: "chidi@example.com",
    firstName: "Chidi",
    lastName: "Okafor",
  });

  await test.step("public pages", async () => {
    await visit(page, errors, "home", "/");
    await visit(page, errors, "login", "/login");
    await visit(page, errors, "signup", "/signup");
    await visit(page, errors, "forgot-password", "/forgot-password");
    // The hosted pages, in test mode (a new merchant's mode): the test-mode banner is on each.
    await visit(page, errors, "pay-link", `/pay/${link.slug}`, { landmarks: true });
    await expect(page.getByText("Test mode: no real money moves")).toBeVisible();
    await visit(page, errors, "invoice", `/invoice/${invoice.id}`, { landmarks: true });
    await visit(page, errors, "sandbox-checkout", authorizationUrl, { landmarks: true });
    await page.getByRole("listitem").filter({ hasText: "Successful payment" }).getByRole("button", { name: "Use card" }).click();
    await expect(page).toHaveURL(/\/receipt\//);
    await audit(page, errors, "receipt", { landmarks: true });
    const missing = "/pay/doesnotexist0000";
    expect((await page.goto(missing))?.status()).toBe(404);
    // Chromium reports the 404 document itself as a failed resource; that one is the point of this page.
    const own = errors.findIndex((e) => e.startsWith("Failed to load resource") && e.includes(missing));
    if (own >= 0) errors.splice(own, 1);
    await audit(page, errors, "not-found");

    const [acceptUrl] = await fromMailbox(request, inviteeEmail, /https?:\/\/\S+\/invitations\/accept\?token=[\w-]+/);
    expect(acceptUrl).toBeTruthy();
    await visit(page, errors, "invitation-accept", acceptUrl!);
  });

  await logIn(page, merchant.email, merchant.password);
  const transactions = await (await request.get(`${base}/transactions`, { headers: { authorization: `Bearer ${token}` } })).json();
  const transactionId = transactions.data[0].id as string;
  // The completed sandbox payment made its payer a customer.
  const customers = await (await request.get(`${base}/customers`, { headers: { authorization: `Bearer ${token}` } })).json();
  const customerId = customers.data[0].id as string;
  // The payout job, run a week on: the sandbox has settled today's payment (T+1 business day) by then.
  const weekOn = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
  expect((await request.post("/api/dev/payouts/sync", { data: { asOf: weekOn } })).status()).toBe(200);
  const payouts = await (await request.get(`${base}/payouts`, { headers: { authorization: `Bearer ${token}` } })).json();
  const payoutId = payouts.data[0].id as string;

  await test.step("dashboard sections", async () => {
    await visit(page, errors, "overview", "/dashboard");
    const openMenu = page.getByRole("button", { name: "Open navigation menu" });
    // Phones: the navigation drawer.
    if (await openMenu.isVisible()) await auditOverlay(page, errors, "navigation-drawer", "Open navigation menu");
    await auditOverlay(page, errors, "account-menu", "Account menu for Ada Obi", "menu");
    await visit(page, errors, "transactions", "/dashboard/transactions");
    await visit(page, errors, "transaction-detail", `/dashboard/transactions/${transactionId}`);
    await auditOverlay(page, errors, "refund-dialog", "Refund");
    await visit(page, errors, "customers", "/dashboard/customers");
    await visit(page, errors, "customer-detail", `/dashboard/customers/${customerId}`);
    await visit(page, errors, "payouts", "/dashboard/payouts");
    await visit(page, errors, "payout-detail", `/dashboard/payouts/${payoutId}`);
    await visit(page, errors, "payment-links", "/dashboard/payment-links");
    await visit(page, errors, "payment-link-new", "/dashboard/payment-links/new");
    await visit(page, errors, "payment-link-detail", `/dashboard/payment-links/${link.id}`);
    await visit(page, errors, "payment-link-edit", `/dashboard/payment-links/${link.id}/edit`);
    await visit(page, errors, "invoices", "/dashboard/invoices");
    await visit(page, errors, "invoice-new", "/dashboard/invoices/new");
    await visit(page, errors, "invoice-detail", `/dashboard/invoices/${invoice.id}`);
    await visit(page, errors, "invoice-preview", `/dashboard/invoices/${invoice.id}/preview`);
    await visit(page, errors, "invoice-draft-edit", `/dashboard/invoices/${draft.id}/edit`);
    await visit(page, errors, "webhooks", "/dashboard/webhooks");
    await auditOverlay(page, errors, "webhook-add-dialog", "Add endpoint");
    const delivery = page.getByTestId("delivery").first();
    if (await delivery.isVisible()) {
      await delivery.locator("summary").click();
      await audit(page, errors, "webhook-delivery");
    }
    await visit(page, errors, "developers", "/dashboard/developers");
    await visit(page, errors, "team", "/dashboard/team");
    await auditOverlay(page, errors, "team-invite-dialog", "Invite member");
    await visit(page, errors, "settings", "/dashboard/settings");
    await visit(page, errors, "settings-payouts", "/dashboard/settings/payouts");
    await page.getByRole("button", { name: "Change settlement account" }).click();
    await audit(page, errors, "settings-payouts-form");
  });
});

test("a viewer in two businesses: the business menu and every section as a read-only role", async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync("test-results/screenshots", { recursive: true });
  const errors = watchConsole(page);

  // The viewer owns a business of their own and is invited to another one as a viewer.
  const owner = await createVerifiedMerchant(request, "Lagos Prints");
  const viewer = await createVerifiedMerchant(request, "Ada's Kitchen");
  const token = await apiToken(request, owner);
  await apiPost(request, token, `/api/merchants/${owner.merchantId}/invitations`, { email: viewer.email, role: "VIEWER" });
  const [, invitation] = await fromMailbox(request, viewer.email, /invitations\/accept\?token=([\w-]+)/);
  expect((await request.post("/api/invitations/accept", { data: { token: invitation } })).status()).toBe(200);

  await logIn(page, viewer.email, viewer.password);
  await visit(page, errors, "viewer-overview", "/dashboard");
  await auditOverlay(page, errors, "viewer-business-menu", "Switch business", "menu");
  await page.getByRole("button", { name: "Switch business" }).filter({ visible: true }).first().click();
  await page.getByRole("menuitemradio", { name: /Lagos Prints/ }).click();
  await expect(page.getByRole("button", { name: "Lagos Prints, switch business" }).filter({ visible: true })).toBeVisible();

  for (const section of ["transactions", "customers", "payouts", "payment-links", "invoices", "team", "webhooks", "developers", "settings"]) {
    await visit(page, errors, `viewer-${section}`, `/dashboard/${section}`);
  }
  await visit(page, errors, "viewer-settings-payouts", "/dashboard/settings/payouts");
});

test("the API reference at /docs: no console errors, no serious accessibility violations", async ({ page }) => {
  // axe over Scalar's long page takes half a minute on a phone here, and goto() checks it once already.
  test.setTimeout(120_000);
  mkdirSync("test-results/screenshots", { recursive: true });
  const errors = watchConsole(page);
  await page.goto("/docs");
  // Scalar keeps the network busy on phones: wait for what it renders instead of network idle.
  await expect(page.getByRole("heading", { name: "Paylink API", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "1. Initiate a payment" })).toBeVisible();
  await audit(page, errors, "docs", { idle: false });
});
