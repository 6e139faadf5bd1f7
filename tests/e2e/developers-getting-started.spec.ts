// Getting started from the dashboard: a merchant who signed up in the browser finds everything for a
// first API call on Developers, sees the test secret key once, and the curl call shown there works.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";
import { fromMailbox, logIn, signUpInBrowser, unique } from "./helpers";

const run = promisify(execFile);

test("a new merchant signs up, copies the secret key once on Developers, and the displayed curl call starts a payment", async ({
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

  // The first visit shows the test secret key; copy it.
  const shown = start.getByTestId("first-secret-key");
  await expect(shown).toHaveText(/^sk_test_[0-9A-Za-z]{40}$/);
  const secret = (await shown.innerText()).trim();
  await start.getByTestId("first-secret").getByRole("button", { name: "Copy secret key" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

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

  // A second visit no longer shows it.
  await page.reload();
  await expect(start.getByRole("heading", { name: "Get started" })).toBeVisible();
  await expect(start.getByTestId("merchant-id")).toHaveText(merchantId);
  await expect(page.getByTestId("first-secret")).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(errors).toEqual([]);
});
