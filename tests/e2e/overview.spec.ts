import { expect, test } from "./fixtures";
import { apiToken, createVerifiedMerchant, logIn } from "./helpers";

test("a new merchant's overview: an empty chart says so in words, and 'Set up webhooks' ticks once an endpoint exists", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request, "Jollof Junction");
  await logIn(page, merchant.email, merchant.password);

  await page.goto("/dashboard");
  await expect(page.getByTestId("volume-chart-empty")).toHaveText("No payments in the last 30 days.");
  // No axis of zeros.
  await expect(page.getByTestId("volume-chart")).toHaveCount(0);
  const start = page.getByRole("list").filter({ hasText: "Set up webhooks" });
  await expect(start.getByText("Set up webhooks (to do)")).toBeAttached();

  const token = await apiToken(request, merchant);
  const created = await request.post(`/api/merchants/${merchant.merchantId}/webhooks`, {
    headers: { authorization: `Bearer ${token}` },
    data: { url: "https://127.0.0.1:9/paylink", events: ["transaction.completed"] },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await expect(start.getByText("Set up webhooks (completed)")).toBeAttached();
  // Get started's own progress (the Go live checklist beside it counts its steps too).
  const progress = page.getByRole("progressbar", { name: "Setup progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", "2");
  await expect(progress).toHaveAttribute("aria-valuemax", "4");
});
