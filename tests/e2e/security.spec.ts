import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, logIn } from "./helpers";

// Every kind of page under its Content-Security-Policy, in a real browser: no violations, no console
// errors, stored HTML shown as text and never run, and the session cookie out of scripts' reach.

const XSS = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">`;

/** Records CSP violations (from before any page script runs) and console errors. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

async function visit(page: Page, path: string, problems: string[], ready?: () => Promise<void>) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(400);
  await page.waitForLoadState("load");
  // Scalar keeps the network busy on phones: wait for what it renders instead.
  if (ready) await ready();
  else await page.waitForLoadState("networkidle");
  const headers = res!.headers();
  expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"], path).toBe("nosniff");
  expect(headers["x-frame-options"], path).toBe("DENY");
  expect(headers["strict-transport-security"], path).toContain("max-age=");
  expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  const violations = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect(violations, `CSP violations on ${path}`).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), `stored script ran on ${path}`).toBeUndefined();
  expect(problems, `console errors on ${path}`).toEqual([]);
  return headers["content-security-policy"]!;
}

test("every kind of page loads under its CSP, and stored HTML stays text", async ({ page, request }) => {
  test.setTimeout(120_000); // a dozen pages, each until the network is quiet
  const problems = await watch(page);
  const merchant = await createVerifiedMerchant(request, `Bukka ${XSS}`);
  const login = await request.post("/api/auth/login", { data: { email: merchant.email, password: merchant.password } });
  const auth = { authorization: `Bearer ${(await login.json()).token}` };
  const linkRes = await request.post(`/api/merchants/${merchant.merchantId}/payment-links`, {
    headers: auth,
    data: { title: `Tray ${XSS}`, description: `Any size ${XSS}`, amount: 500_000 },
  });
  expect(linkRes.status()).toBe(201);
  const { link } = await linkRes.json();
  const invoiceRes = await request.post(`/api/merchants/${merchant.merchantId}/invoices`, {
    headers: auth,
    data: {
      customerEmail: "buyer@example.com",
      customerName: `Ngozi ${XSS}`,
      status: "SENT",
      lineItems: [{ description: `Cards ${XSS}`, amount: 150_000, quantity: 1 }],
    },
  });
  expect(invoiceRes.status()).toBe(201);
  const { invoice } = await invoiceRes.json();

  // Hosted pages: no inline script at all, only /pay.js from our origin.
  for (const path of [`/pay/${link.slug}`, `/invoice/${invoice.id}`]) {
    const policy = await visit(page, path, problems);
    expect(policy).toContain("script-src 'self';");
    const scripts = await page
      .locator("script")
      .evaluateAll((nodes) => nodes.map((n) => ({ src: n.getAttribute("src"), type: n.getAttribute("type"), inline: n.textContent ?? "" })));
    for (const script of scripts)
      expect(script.src ?? script.type, `inline script on ${path}: ${script.inline.slice(0, 80)}`).toMatch(/^\/pay\.js$|^application\/json$/);
    await expect(page.getByText(`Bukka ${XSS}`).first()).toBeVisible();
  }
  await expect(page.getByText(`Cards ${XSS}`)).toBeVisible();

  // Log-in ships no framework either: its one script is /login.js from our origin.
  expect(await visit(page, "/login", problems)).toContain("script-src 'self';");
  const loginScripts = await page.locator("script[src]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("src")));
  expect(loginScripts).toEqual(["/login.js"]);

  // App Router pages: Next's scripts carry the per-request nonce.
  for (const path of ["/", "/signup"]) await visit(page, path, problems);
  await visit(page, "/docs", problems, () => expect(page.getByRole("heading", { name: "Paylink API", level: 1 })).toBeVisible());

  await logIn(page, merchant.email, merchant.password);
  for (const path of [
    "/dashboard",
    "/dashboard/payment-links",
    `/dashboard/payment-links/${link.id}`,
    "/dashboard/invoices",
    `/dashboard/invoices/${invoice.id}`,
    "/dashboard/developers",
    "/dashboard/settings",
  ]) {
    const policy = await visit(page, path, problems);
    expect(policy).toMatch(/script-src 'self' 'nonce-[\w+/=]+' 'strict-dynamic'/);
  }
  await page.goto(`/dashboard/payment-links/${link.id}`);
  await expect(page.getByText(`Tray ${XSS}`).first()).toBeVisible();

  const session = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("session-token");
});

test("API answers carry a lock-down CSP, and dashboard-cookie mutations from another site are refused", async ({ page, request }) => {
  const api = await request.get("/api/health");
  expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  expect(api.headers()["x-request-id"]).toMatch(/^req_/);

  const merchant = await createVerifiedMerchant(request);
  await logIn(page, merchant.email, merchant.password);
  const crossSite = await page.request.put(`/api/merchants/${merchant.merchantId}`, {
    headers: { origin: "https://evil.example" },
    data: { businessName: "Hijacked" },
  });
  expect(crossSite.status()).toBe(403);
  const sameSite = await page.request.put(`/api/merchants/${merchant.merchantId}`, {
    headers: { origin: new URL(page.url()).origin },
    data: { businessName: "Renamed" },
  });
  expect(sameSite.status()).toBe(200);
});
