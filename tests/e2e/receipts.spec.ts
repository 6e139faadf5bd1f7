import { type APIRequestContext } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { logIn, merchantWithLink, unique } from "./helpers";

// Issue 15, "Done when": a customer pays a link on a phone and the receipt arrives with the item and the
// amount; the owner gets "You've been paid"; the merchant finds the customer in Customers.

type Email = { to: string; subject: string; text: string; html: string };

/** The newest dev-mailbox e-mail to `to` whose subject matches; e-mails are queued, so this waits for it. */
async function emailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        const { emails } = (await (await request.get(`/api/dev/emails?to=${encodeURIComponent(to)}`)).json()) as { emails: Email[] };
        found = emails.find((e) => subject.test(e.subject));
        return Boolean(found);
      },
      { message: `an e-mail to ${to} with subject ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

test("a customer pays a link on a phone: receipt with item and amount, 'You've been paid' to the owner, the customer in Customers", async ({
  page,
  request,
}) => {
  test.skip(test.info().project.name !== "phone", "the customer is on a phone");
  const { merchant, link } = await merchantWithLink(request, "Ofada Corner", { title: "Ofada rice and ayamase", amount: 450_000, isReusable: true });
  const customer = `amaka.${unique()}@example.com`;

  // The customer, on the phone: pay page, sandbox checkout (card chosen on our page), receipt page.
  await page.goto(`/pay/${link.slug}`);
  await page.getByLabel("Email address").fill(customer);
  await page.getByLabel("Full name").fill("Amaka Obi");
  await page.getByRole("button", { name: "Pay ₦4,500.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await page.getByRole("listitem").filter({ hasText: "Successful payment" }).getByRole("button", { name: "Use card" }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByText("Ofada rice and ayamase")).toBeVisible();
  // The page promises a receipt only once one is queued; it names where it goes.
  await expect(page.getByTestId("receipt-email")).toContainText(/A receipt (is on its way to|was sent to) a…@example\.com/, { timeout: 15_000 });
  const reference = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);

  // The receipt, in the dev mailbox: the item, the amount, the reference, the method.
  const receipt = await emailTo(request, customer, /Your receipt from Ofada Corner/);
  expect(receipt.text).toContain("Ofada rice and ayamase");
  expect(receipt.text).toContain("4,500.00");
  expect(receipt.text).toContain(reference);
  expect(receipt.text).toContain("Card");

  // The owner is told.
  const paid = await emailTo(request, merchant.email, /You've been paid/);
  expect(paid.subject).toContain("4,500.00");
  expect(paid.text).toContain(customer);

  // The merchant finds the customer in Customers, on the same phone.
  await logIn(page, merchant.email, merchant.password);
  await page.goto("/dashboard/customers");
  await page.getByLabel("Search by e-mail or name").fill("amaka");
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("link", { name: /Amaka Obi/ }).filter({ visible: true });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("₦4,500.00");
  await expectAccessible(page, "customers search");
  await row.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Amaka Obi");
  await expect(page.getByText(customer).first()).toBeVisible();
});
