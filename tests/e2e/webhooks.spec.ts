import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { webhookReceiver } from "./webhook-receiver";
import { createVerifiedMerchant, logIn } from "./helpers";

const receiver = webhookReceiver();

test("create an endpoint, see its secret once, send a test event, see it in the delivery log", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request);
  await logIn(page, merchant.email, merchant.password);
  await page.goto("/dashboard/webhooks");
  await expect(page.getByText("No webhook endpoints yet")).toBeVisible();

  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Endpoint URL").fill(`${receiver().url}/e2e`);
  await dialog.getByLabel("Description").fill("Orders service");
  await dialog.getByLabel("invoice.paid").check();
  await expectAccessible(page, "add endpoint dialog");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();

  const secret = (await dialog.getByTestId("webhook-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^whsec_/);
  await expectAccessible(page, "endpoint secret dialog");
  receiver().secrets.set("/e2e", secret);
  await dialog.getByRole("button", { name: "Done" }).click();
  // Shown once: the page never shows it again.
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: `${receiver().url}/e2e` })).toBeVisible();

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect.poll(() => receiver().received.filter((r) => r.verified).length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(receiver().received[0]!.payload).toMatchObject({ type: "webhook.test", merchantId: merchant.merchantId });

  // The log shows the result once delivery finishes, without a reload.
  await expect(page.getByTestId("delivery").first()).toContainText("succeeded", { timeout: 20_000 });
  await expectAccessible(page, "webhooks with a delivered test event");
  await page.getByTestId("delivery").first().locator("summary").click();
  await expect(page.getByTestId("delivery").first()).toContainText("HTTP 200");
  await expect(page.getByTestId("delivery").first()).toContainText(receiver().received[0]!.id);
});
