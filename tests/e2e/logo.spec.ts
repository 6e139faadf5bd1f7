import sharp from "sharp";
import { expect, test } from "./fixtures";
import { logIn, merchantWithLink } from "./helpers";

test("a merchant uploads a logo in Settings and customers see it on the payment page; a URL still works", async ({ page, request }) => {
  const { merchant, link } = await merchantWithLink(request, "Suya Republic", { title: "Suya platter", amount: 500_000, isReusable: true });
  await logIn(page, merchant.email, merchant.password);

  await page.goto("/dashboard/settings");
  await expect(page.getByTestId("logo-preview")).toHaveCount(0);
  const png = await sharp({ create: { width: 600, height: 600, channels: 4, background: { r: 200, g: 60, b: 20, alpha: 1 } } })
    .png()
    .toBuffer();
  await page.getByLabel("Upload a logo").setInputFiles({ name: "suya.png", mimeType: "image/png", buffer: png });
  const preview = page.getByTestId("logo-preview");
  await expect(preview).toHaveAttribute("src", new RegExp(`^/logos/${merchant.merchantId}\\?v=[0-9a-f]+$`));
  const src = (await preview.getAttribute("src"))!;
  // Served from our origin, resized, cached by its versioned URL.
  const served = await request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["cache-control"]).toContain("immutable");
  expect((await sharp(await served.body()).metadata()).width).toBe(256);

  // A file that is too big is refused before it is sent.
  await page.getByLabel("Upload a logo").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([png, Buffer.alloc(600 * 1024)]) });
  await expect(page.getByText(/the logo must be at most 512 KB/)).toBeVisible();

  await page.goto(`/pay/${link.slug}`);
  await expect(page.locator(`header img[src="${src}"]`)).toBeVisible();

  // An https address instead of an upload.
  await page.goto("/dashboard/settings");
  await page.getByLabel("Or use an image address").fill("https://cdn.example.com/suya.png");
  await page.getByRole("button", { name: "Use address" }).click();
  await expect(page.getByTestId("logo-preview")).toHaveAttribute("src", "https://cdn.example.com/suya.png");
  expect((await request.get(src)).status()).toBe(404);

  await page.getByRole("button", { name: "Remove logo" }).click();
  await expect(page.getByTestId("logo-preview")).toHaveCount(0);
});
