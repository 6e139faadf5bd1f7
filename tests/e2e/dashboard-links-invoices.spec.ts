import { expect, test } from "./fixtures";
import { createVerifiedMerchant, expectBelowMinimum, fromMailbox, logIn, unique } from "./helpers";

test("a merchant creates a fixed-price payment link in the dashboard and finds its share URL", async ({ page, request, baseURL }) => {
  const merchant = await createVerifiedMerchant(request);
  await logIn(page, merchant.email, merchant.password);

  await page.goto("/dashboard/payment-links");
  await expect(page.getByRole("heading", { name: "No payment links yet" })).toBeVisible();
  await page.getByRole("link", { name: "Create payment link" }).first().click();
  await expect(page.getByRole("heading", { name: "New payment link" })).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill("Jollof rice tray");
  const amount = page.getByLabel("Amount (₦)");
  // Live validation: below the ₦50 minimum, the field says so as soon as it is left, and clears while typing.
  await expectBelowMinimum(page, amount, "49.99");
  await amount.fill("12,500.50");
  await expect(page.getByText("Customers pay ₦12,500.50.")).toBeVisible();
  await expect(amount).not.toHaveAttribute("aria-invalid", "true");

  // Reusable unless the merchant chooses a single payment, which the form explains.
  await expect(page.getByRole("radio", { name: /Reusable/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Single payment/ })).not.toBeChecked();
  await expect(page.getByText("The link closes after one completed payment")).toBeVisible();

  const slug = `jollof${unique()}`;
  await page.getByLabel(/Custom link address/).fill(slug);
  await page.getByRole("button", { name: "Create payment link" }).click();

  await expect(page).toHaveURL(/\/dashboard\/payment-links\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Jollof rice tray");
  await expect(page.getByTestId("share-url")).toHaveText(`${baseURL}/pay/${slug}`);
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy payment link" })).toBeVisible();
  // Beside copy: WhatsApp's share link with the title and the address.
  await expect(page.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`Jollof rice tray: ${baseURL}/pay/${slug}`)}`,
  );
  await expect(page.getByRole("definition").filter({ hasText: "Reusable" })).toBeVisible();

  await page.goto("/dashboard/payment-links");
  const listed = page.getByRole("link", { name: /Jollof rice tray/ }).filter({ visible: true });
  await expect(listed).toHaveCount(1);
  await expect(page.getByText("₦12,500.50").filter({ visible: true })).toBeVisible();
  await listed.click();
  await expect(page.getByTestId("share-url")).toHaveText(`${baseURL}/pay/${slug}`);
});

test("a merchant creates an invoice with two line items, sees the live total, sends it, and the customer is e-mailed", async ({ page, request }) => {
  const merchant = await createVerifiedMerchant(request);
  const customerEmail = `customer.${unique()}@example.com`;
  await logIn(page, merchant.email, merchant.password);

  await page.goto("/dashboard/invoices");
  await page.getByRole("link", { name: "New invoice" }).first().click();
  await expect(page.getByRole("heading", { name: "New invoice" })).toBeVisible();

  await page.getByLabel("Customer email").fill(customerEmail);
  await page.getByLabel(/Customer name/).fill("Chidi Okafor");
  await page.getByLabel("Item 1 description").fill("Website design");
  await page.getByLabel("Item 1 unit price (₦)").fill("150,000");
  const total = page.getByTestId("invoice-total");
  await expect(total).toHaveText("₦150,000.00");

  await page.getByRole("button", { name: "Add item" }).click();
  await page.getByLabel("Item 2 description").fill("Hosting (months)");
  await page.getByLabel("Item 2 unit price (₦)").fill("2,500.50");
  await page.getByLabel("Item 2 quantity").fill("3");
  // 150,000.00 + 3 × 2,500.50 = 157,501.50, computed in kobo as it is typed.
  await expect(total).toHaveText("₦157,501.50");

  await page.getByRole("button", { name: "Save and send" }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoices\/[0-9a-f-]{36}$/);
  const invoiceId = page.url().split("/").pop()!;
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText("₦157,501.50");
  await expect(heading).toContainText("Sent");
  await expect(page.getByRole("button", { name: "Re-send" })).toBeVisible();

  // The e-mail is queued: the worker sends it a moment later.
  await fromMailbox(request, customerEmail, new RegExp(`/invoice/${invoiceId}`));
  const mailbox = await (await request.get(`/api/dev/emails?to=${encodeURIComponent(customerEmail)}`)).json();
  expect(mailbox.emails).toHaveLength(1);
  expect(mailbox.emails[0].subject).toMatch(/^Invoice INV-\d{6} from /);
  expect(mailbox.emails[0].text).toContain(`/invoice/${invoiceId}`);

  await page.goto("/dashboard/invoices?status=SENT");
  await expect(page.getByRole("link", { name: /INV-\d{6}|₦157,501.50/ }).filter({ visible: true })).toHaveCount(1);
});
