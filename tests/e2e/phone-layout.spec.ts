import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  addSettlementAccount,
  apiPost,
  apiToken,
  createPaymentLink,
  createVerifiedMerchant,
  initiateCardPayment,
  logIn,
  merchantWithLink,
  unique,
} from "./helpers";

// No dashboard page may scroll sideways on a 360 px phone (the narrowest common Android width), with
// real data on it: long references, e-mails, keys and eight-figure amounts. A page that does hides
// buttons off-screen (the Developers page's copy button did) or breaks numbers across lines.

const WIDTH = 360;

/** The page's width, and what sticks out past the screen's right edge when it is too wide. */
async function overflow(page: Page) {
  return page.evaluate((width) => {
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return { scrollWidth, culprits: [] as string[] };
    const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0)
      // Innermost offenders only: their ancestors stick out because of them.
      .filter((el, _, all) => !all.some((other) => other !== el && el.contains(other)))
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).slice(0, 4).join(".")}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}" right=${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { scrollWidth, culprits };
  }, WIDTH);
}

test.use({ viewport: { width: WIDTH, height: 780 } });

test("no dashboard page scrolls sideways on a 360 px phone", async ({ page, request }) => {
  test.skip(test.info().project.name !== "phone", "a phone layout check: the phone project only");
  test.setTimeout(240_000);

  const merchant = await createVerifiedMerchant(request, "Adaeze's Kitchen and Catering Services");
  const token = await apiToken(request, merchant);
  const base = `/api/merchants/${merchant.merchantId}`;
  const link = await createPaymentLink(request, token, merchant.merchantId, {
    title: "Wedding catering for two hundred guests",
    amount: 4_012_150_000,
    isReusable: true,
    customSlug: `weddingcatering${unique()}`,
  });
  const invoiceBody = {
    customerEmail: `procurement.department.${unique()}@example.com`,
    customerName: "Oluwaseun Adebayo-Williams",
    dueDate: "2030-01-31",
    lineItems: [{ description: "Small chops platters for the reception hall", amount: 1_250_000_000, quantity: 3 }],
  };
  const { invoice } = await apiPost(request, token, `${base}/invoices`, { ...invoiceBody, status: "SENT" });
  await apiPost(request, token, `${base}/webhooks`, {
    url: "https://127.0.0.1:9/a/rather/long/path/for/the/orders/service/webhooks",
    events: ["transaction.completed"],
  });
  await addSettlementAccount(request, merchant, token);

  // A completed payment, made the way customers pay (so the API request log has a row too).
  const started = await request.post("/api/transactions/initiate", {
    headers: { authorization: `Bearer ${merchant.secretKey}` },
    data: {
      merchantId: merchant.merchantId,
      amount: 4_012_150_000,
      email: "chukwuemeka.obi-nwosu@example.com",
      firstName: "Chukwuemeka",
      lastName: "Obi-Nwosu",
      channel: "card",
      paymentLinkId: link.id,
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { authorizationUrl, transactionId } = await started.json();
  await page.goto(authorizationUrl);
  await page.getByRole("listitem").filter({ hasText: "Successful payment" }).getByRole("button", { name: "Use card" }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  expect((await request.post("/api/dev/payouts/sync", { data: { asOf: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString() } })).status()).toBe(200);

  const auth = { headers: { authorization: `Bearer ${token}` } };
  const customerId = (await (await request.get(`${base}/customers`, auth)).json()).data[0].id as string;
  const payoutId = (await (await request.get(`${base}/payouts`, auth)).json()).data[0]?.id as string | undefined;

  await logIn(page, merchant.email, merchant.password);
  const pages = [
    "/dashboard",
    "/dashboard/transactions",
    `/dashboard/transactions/${transactionId}`,
    "/dashboard/customers",
    `/dashboard/customers/${customerId}`,
    "/dashboard/payouts",
    ...(payoutId ? [`/dashboard/payouts/${payoutId}`] : []),
    "/dashboard/payment-links",
    "/dashboard/payment-links/new",
    `/dashboard/payment-links/${link.id}`,
    `/dashboard/payment-links/${link.id}/edit`,
    "/dashboard/invoices",
    "/dashboard/invoices/new",
    `/dashboard/invoices/${invoice.id}`,
    `/dashboard/invoices/${invoice.id}/preview`,
    "/dashboard/webhooks",
    "/dashboard/developers",
    "/dashboard/team",
    "/dashboard/settings",
    "/dashboard/settings/payouts",
  ];
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    const { scrollWidth, culprits } = await overflow(page);
    expect.soft(scrollWidth, `${path} is ${scrollWidth} px wide on a ${WIDTH} px screen:\n  ${culprits.join("\n  ")}`).toBeLessThanOrEqual(WIDTH);
  }

  // The copy button of the public key is on screen, not pushed off the edge.
  await page.goto("/dashboard/developers");
  const copy = page.getByRole("button", { name: "Copy public key" }).first();
  await expect(copy).toBeInViewport({ ratio: 1 });
});

/** A sandbox payment through the API, finished (or declined) at the sandbox checkout like a customer would. */
async function sandboxPayment(
  request: APIRequestContext,
  merchant: { merchantId: string; secretKey: string },
  body: Record<string, unknown>,
  cardNumber: string,
) {
  const { authorizationUrl } = await initiateCardPayment(request, merchant, body);
  const paid = await request.post(`${new URL(authorizationUrl).pathname}/pay`, { form: { method: "card", cardNumber }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
}

test("transactions on a phone: what each row paid for, the filter's totals, folded filters that apply as they change, search by name", async ({
  page,
  request,
}) => {
  test.skip(test.info().project.name !== "phone", "a phone layout check: the phone project only");
  const { merchant, link } = await merchantWithLink(request, "Mama Nkechi Foods", {
    title: "Egusi soup (family pot)",
    amount: 1_500_000,
    isReusable: true,
  });
  await sandboxPayment(
    request,
    merchant,
    { amount: 1_500_000, email: "ngozi@example.com", firstName: "Ngozi", lastName: "Okonkwo", paymentLinkId: link.id },
    "4084084084084081",
  );
  await sandboxPayment(
    request,
    merchant,
    { amount: 1_500_000, email: "tunde@example.com", firstName: "Tunde", lastName: "Bakare", paymentLinkId: link.id },
    "4000000000000002",
  );

  await logIn(page, merchant.email, merchant.password);
  await page.goto("/dashboard/transactions");
  const totals = page.getByTestId("transaction-totals");
  await expect(totals).toHaveText("2 transactions · ₦15,000.00 received from 1 paid");
  // Each row says what was paid for.
  await expect(page.getByRole("link", { name: /Egusi soup \(family pot\)/ }).filter({ visible: true })).toHaveCount(2);

  // Folded: the status filter is out of sight until "Filters" is opened; choosing applies it at once.
  const status = page.getByLabel("Status");
  await expect(status).toBeHidden();
  await page.getByText("Filters", { exact: true }).click();
  await status.selectOption("COMPLETED");
  await expect(page).toHaveURL(/status=COMPLETED/);
  await expect(totals).toHaveText("1 transaction match · ₦15,000.00 received");
  await expect(page.getByText("1 on")).toBeVisible();

  // Search by the customer's name.
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(totals).toHaveText(/^2 transactions/);
  await page.getByLabel("Search").fill("tunde bak");
  await page.getByLabel("Search").press("Enter");
  await expect(page).toHaveURL(/q=tunde\+bak/);
  await expect(totals).toHaveText("1 transaction match · ₦0.00 received");
  await expect(page.getByText("Tunde Bakare").filter({ visible: true })).toBeVisible();
});
