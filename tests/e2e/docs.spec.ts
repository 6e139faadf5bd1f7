// /docs: Scalar's API reference from our origin, under a long-lived immutable URL, the integration guide
// first and the operations grouped by resource; Scalar's AI, MCP and developer tools (share, deploy)
// are off, and code blocks wrap instead of scrolling sideways.
import { expect, test } from "./fixtures";

test("the reference bundle is served from a content-hashed URL with immutable caching, and nothing else is", async ({ request }) => {
  const page = await request.get("/docs");
  expect(page.status()).toBe(200);
  const html = await page.text();
  const entry = /<script src="(\/docs\/scalar\/([0-9a-f]{16})\/standalone\.js)"><\/script>/.exec(html);
  expect(entry, html).not.toBeNull();
  const [, entryUrl, hash] = entry!;
  // Preloaded from the head, so the download starts before the body is parsed.
  expect(html).toContain(`<link rel="preload" as="script" href="${entryUrl}" />`);
  const bundle = await request.get(entryUrl!);
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()["content-type"]).toContain("text/javascript");
  expect(bundle.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  for (const url of [
    `/docs/scalar/${"0".repeat(16)}/standalone.js`,
    `/docs/scalar/${hash}/standalone.esm.js`,
    `/docs/scalar/${hash}/standalone.js.map`,
    `/docs/scalar/${hash}/webpack-stats.json`,
    `/docs/scalar/${hash}/..%2F..%2F..%2Fpackage.json`,
    `/docs/scalar/${hash}/chunks/..%2Fstandalone.js`,
  ]) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(404);
    expect(res.headers()["cache-control"], url).toBe("no-store");
  }
});

test("the guide comes first, operations are grouped by resource, code wraps, and Scalar's extras are off", async ({ page }) => {
  // goto() runs the axe check (fixtures.ts), which takes half a minute over Scalar's page on a phone.
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  const scripts: string[] = [];
  page.on("request", (req) => req.resourceType() === "script" && scripts.push(new URL(req.url()).pathname));
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Paylink API", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "1. Initiate a payment" })).toBeVisible();
  // The sidebar (folded away on phones): the guide's sections first, then one group per resource.
  if (test.info().project.name === "desktop") {
    const lines = (await page.locator('aside[aria-label^="Sidebar"]').innerText()).split("\n").map((line) => line.trim());
    const positions = ["Introduction", "Payments", "Payment links", "Events", "Webhooks"].map((name) => lines.indexOf(name));
    expect(
      positions.every((at) => at >= 0),
      lines.join(" | "),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  }

  // No AI agent, no MCP, no developer tools with their share and deploy buttons (all on by default on localhost).
  for (const name of [/ask ai/i, /mcp/i, /developer tools/i, /^share$/i, /^deploy/i]) await expect(page.getByRole("button", { name })).toHaveCount(0);

  // The guide's code blocks wrap.
  const code = page.locator(".markdown pre code").first();
  await expect(code).toBeVisible();
  expect(await code.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("pre-wrap");
  for (const block of await page.locator(".markdown pre code").all())
    expect(await block.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), await block.innerText()).toBe(true);

  // Only Scalar's build and our repairs to its markup (public/docs-a11y.js), from our origin.
  expect(
    scripts.every((p) => p.startsWith("/docs/scalar/") || p === "/docs-a11y.js"),
    scripts.join("\n"),
  ).toBe(true);
  expect(scripts).not.toContain("/docs/reference.js");
  expect(problems).toEqual([]);
});
