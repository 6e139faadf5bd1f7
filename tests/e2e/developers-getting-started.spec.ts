// Getting started from the dashboard: a merchant who signed up in the browser finds everything for a
// first API call on Developers, shows the test secret key (again after a reload, as Paystack does),
// and the curl call shown there works.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { fromMailbox, logIn, signUpInBrowser, unique } from "./helpers";

const run = promisify(execFile);

test("a new merchant signs up, shows and copies the test secret key on Developers, and the displayed curl call starts a payment", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const email = `integrator.${unique()}@example.com`;
  const password = "correct-horse-battery";
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });

  await signUpInBrowser(page, email, password);
  const [, token] = await fromMailbox(request, email, /verify-email\?token=([\w-]+)/);
  expect((await request.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);
  await logIn(page, email, password);

  // A phone's width: nothing scrolls sideways, and the copy buttons are on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/developers");
  const start = page.getByTestId("getting-started");
  await expect(start.getByRole("heading", { name: "Get started" })).toBeVisible();
  const merchantId = (await start.getByTestId("merchant-id").innerText()).trim();
  expect(merchantId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(start.getByTestId("getting-started-public-key")).toHaveText(/^pk_test_/);

  await expectAccessible(page, "developers");
  // The test secret key: its last four until asked for, then whole, with a copy button.
  const testKeys = page.getByTestId("keys-test");
  const shown = testKeys.getByTestId("test-secret-key");
  await expect(shown).toHaveText(/^sk_test_…[0-9A-Za-z]{4}$/);
  await testKeys.getByRole("button", { name: "Show test secret key" }).click();
  await expect(shown).toHaveText(/^sk_test_[0-9A-Za-z]{40}$/);
  const secret = (await shown.innerText()).trim();
  await expectAccessible(page, "developers with the test secret key shown");
  await testKeys.getByRole("button", { name: "Copy test secret key" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await testKeys.getByRole("button", { name: "Hide test secret key" }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const copyCurl = start.getByRole("button", { name: "Copy curl command" });
  await copyCurl.scrollIntoViewIfNeeded();
  await expect(copyCurl).toBeInViewport();
  const box = await copyCurl.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  await page.screenshot({ path: `test-results/developers-getting-started-${test.info().project.name}.png`, fullPage: true });

  // The curl call as displayed (and as copied), run in a shell with the copied key: 201, a payment.
  const curl = (await start.getByTestId("initiate-curl").innerText()).trim();
  expect(curl).toContain(`${baseURL}/api/transactions/initiate`);
  expect(curl).toContain(merchantId);
  await copyCurl.click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(curl);
  const { stdout } = await run("sh", ["-c", `${curl} --silent --show-error --write-out '\\n%{http_code}'`], {
    env: { ...process.env, PAYLINK_SECRET_KEY: secret },
  });
  const [body, status] = [stdout.slice(0, stdout.lastIndexOf("\n")), stdout.slice(stdout.lastIndexOf("\n") + 1)];
  expect(status).toBe("201");
  const started = JSON.parse(body) as { reference: string; status: string; authorizationUrl: string };
  expect(started).toMatchObject({ status: "PENDING", amount: 250000 });
  const verified = await request.get(`/api/transactions/${started.reference}/verify`, { headers: { authorization: `Bearer ${secret}` } });
  expect(verified.status()).toBe(200);

  // After a reload it is hidden again, and can be shown again: the same key.
  await page.reload();
  await expect(start.getByTestId("merchant-id")).toHaveText(merchantId);
  await expect(page.getByText(secret)).toHaveCount(0);
  await testKeys.getByRole("button", { name: "Show test secret key" }).click();
  await expect(shown).toHaveText(secret);
  expect(errors).toEqual([]);
});
