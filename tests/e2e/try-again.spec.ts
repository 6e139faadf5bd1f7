import { expect, test } from "./fixtures";
import { createVerifiedMerchant, initiateCardPayment, logIn } from "./helpers";
import { expectAccessible } from "./axe";

// Issue 25, Deliver 5, on the desktop and the phone: a customer back on the receipt page of a payment
// whose checkout they left can try again. The open checkout is checked first, a new one opens with
// its own reference, and if the replaced checkout is paid as well, that second payment is refunded
// automatically and flagged for the merchant.

test("Try again on an open checkout opens a new one; paying the old one too is refunded and flagged", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Chidi Try Again Stores");
  const first = await initiateCardPayment(request, merchant, { amount: 420_000, email: "ifeoma.retry@example.com" });

  await test.step("the receipt page of an open checkout offers Try again, which opens a new checkout", async () => {
    await page.goto(`/receipt/${first.reference}`);
    await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();
    await expectAccessible(page, "receipt with an open checkout");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\//);
    expect(new URL(page.url()).pathname).not.toBe(new URL(first.authorizationUrl).pathname);
  });

  await test.step("the new checkout is paid: the waiting receipt page sees it by itself", async () => {
    const checkout = new URL(page.url()).pathname;
    await page.goto(`/receipt/${first.reference}`);
    await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();
    const pay = await request.post(`${checkout}/pay`, { form: { method: "card", cardNumber: "4084084084084081" }, maxRedirects: 0 });
    expect(pay.status()).toBe(303);
    // /receipt-status.js reloads the page once the payment is settled.
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  });

  await test.step("the replaced checkout is paid too: a second payment, refunded automatically and flagged", async () => {
    const pay = await request.post(`${new URL(first.authorizationUrl).pathname}/pay`, {
      form: { method: "card", cardNumber: "4084084084084081" },
      maxRedirects: 0,
    });
    expect(pay.status()).toBe(303);
    const second = async () => {
      const res = await request.get(`/api/transactions/${first.reference}-r1/verify`, { headers: { authorization: `Bearer ${merchant.secretKey}` } });
      return res.status() === 200 ? ((await res.json()).data as { id: string; refundedAmount: number }) : null;
    };
    await expect.poll(async () => (await second())?.refundedAmount ?? 0, { timeout: 15_000 }).toBe(420_000);
    await logIn(page, merchant.email, merchant.password);
    await page.goto(`/dashboard/transactions/${(await second())!.id}`);
    await expect(page.getByText(/Paid twice: a replaced Sandbox checkout was paid after payment/).first()).toBeVisible();
    await expectAccessible(page, "a second payment refunded automatically");
  });
});
