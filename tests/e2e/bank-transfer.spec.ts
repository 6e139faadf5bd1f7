import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createVerifiedMerchant, logIn, unique } from "./helpers";

// Issue 27 end to end, on a phone: an invoice that may be paid in parts, with the customer's own account
// number on it. The customer pays half by card on the invoice page, then the rest by a (simulated) bank
// transfer to that account; each payment brings a receipt, and the merchant sees the invoice paid with
// both allocations. Every page is checked by axe as it is visited (fixtures.ts).

type Email = { subject: string; text: string };

async function receiptsTo(request: APIRequestContext, to: string): Promise<Email[]> {
  const { emails } = (await (await request.get(`/api/dev/emails?to=${encodeURIComponent(to)}`)).json()) as { emails: Email[] };
  return emails.filter((e) => /Your receipt from Ikeja Prints/.test(e.subject));
}

test("a customer pays half an invoice by card and the rest by bank transfer; the merchant sees both", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the customer's journey is checked on the phone");
  const merchant = await createVerifiedMerchant(request, "Ikeja Prints");
  const login = await request.post("/api/auth/login", { data: { email: merchant.email, password: merchant.password } });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const base = `/api/merchants/${merchant.merchantId}`;
  const setting = await request.put(base, { headers, data: { assignVirtualAccounts: true } });
  expect(setting.status(), await setting.text()).toBe(200);

  const customerEmail = `ngozi.${unique()}@example.com`;
  const created = await request.post(`${base}/invoices`, {
    headers,
    data: {
      customerEmail,
      customerName: "Ngozi Eze",
      lineItems: [{ description: "Shop signage", amount: 2_000_000, quantity: 1 }],
      allowPartialPayments: true,
      status: "SENT",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { invoice } = (await created.json()) as { invoice: { id: string; invoiceNumber: string } };

  let accountNumber = "";
  await test.step("the invoice page offers instalments and the customer's own account number", async () => {
    await page.goto(`/invoice/${invoice.id}`);
    const transfer = page.getByTestId("pay-by-transfer");
    await expect(transfer).toContainText(/Pay by bank transfer to .+ \d{10} \(.+\)/);
    accountNumber = /\d{10}/.exec((await transfer.textContent()) ?? "")![0];
  });

  await test.step("half by card: a receipt, and ₦10,000 still due", async () => {
    await page.getByLabel("Amount (₦)").fill("10,000");
    await page.getByRole("button", { name: "Pay this amount" }).click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\//);
    await page.getByLabel("Card number").fill("4084084084084081");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await receiptsTo(request, customerEmail)).length, { timeout: 20_000 }).toBe(1);
    expect((await receiptsTo(request, customerEmail))[0]!.text).toMatch(/still due/);

    await page.goto(`/invoice/${invoice.id}`);
    await expect(page.getByTestId("invoice-due")).toHaveText("₦10,000.00");
  });

  await test.step("the rest by bank transfer to that account: a second receipt, the invoice paid", async () => {
    const sent = await request.post("/api/dev/transfers", { data: { accountNumber, amount: 1_000_000, senderName: "NGOZI EZE" } });
    expect(sent.status(), await sent.text()).toBe(200);
    await expect.poll(async () => (await receiptsTo(request, customerEmail)).length, { timeout: 20_000 }).toBe(2);
    expect((await receiptsTo(request, customerEmail)).some((e) => /paid in full/.test(e.text))).toBe(true);

    await page.goto(`/invoice/${invoice.id}`);
    await expect(page.getByRole("heading", { name: "This invoice has been paid" })).toBeVisible();
  });

  await test.step("the merchant sees the invoice paid, by two allocations", async () => {
    await logIn(page, merchant.email, merchant.password);
    await page.goto(`/dashboard/invoices/${invoice.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Paid");
    const allocations = page.getByRole("list", { name: "Payments applied to this invoice" }).getByRole("listitem");
    await expect(allocations).toHaveCount(2);
    await expect(allocations.filter({ hasText: /TRF-\d{13}-/ })).toHaveCount(1);
    await expect(allocations.filter({ hasText: "₦10,000.00" })).toHaveCount(2);
  });
});
