// The browser tests' `test`: Playwright's, with a page whose goto() also waits for React's streamed
// HTML to settle. While a server-rendered page streams in, a finished section can sit in a hidden
// `<div hidden id="S:…">` until React moves it into place, and for that moment the page holds its
// content twice; a strict locator looking at that instant would see two matches.
//
// The page is also held to the axe check (axe.ts) without a spec asking: after each goto() settles,
// and when a passing test ends, on the page it ended on. Each distinct page (pageKey) and state is
// checked once per project in a worker; documents that are not HTML (JSON, PDF, CSV) are skipped. A
// test that deliberately shows a broken page may opt out, saying why:
// `test("…", { annotation: { type: "no-axe", description: "why" } }, …)`.
import { expect, test as base, type Page } from "@playwright/test";
import { checkPage, pageKey, quiet } from "./axe";

export async function settled(page: Page): Promise<void> {
  await expect(page.locator('div[hidden][id^="S:"]')).toHaveCount(0);
}

/** Project, page and state already checked by this worker. */
const checked = new Set<string>();

async function checkOnce(page: Page, state: string): Promise<void> {
  const info = base.info();
  if (info.annotations.some((a) => a.type === "no-axe")) return;
  if (!page.url().startsWith("http") || (await page.evaluate(() => document.contentType)) !== "text/html") return;
  const key = `${info.project.name} ${pageKey(page.url())} | ${state}`;
  if (checked.has(key)) return;
  checked.add(key);
  await quiet(page);
  await checkPage(page, state);
}

export const test = base.extend({
  page: async ({ page }, provide, testInfo) => {
    // Every page the test was on, clicked to or redirected to: the report names those never checked.
    const visited = new Set<string>();
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && frame.url().startsWith("http")) visited.add(pageKey(frame.url()));
    });
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await settled(page);
      await checkOnce(page, "opened");
      return response;
    };
    await provide(page);
    if (testInfo.status === "passed" && !page.isClosed()) await checkOnce(page, "end of test");
    for (const key of visited) testInfo.annotations.push({ type: "axe-visited", description: key });
  },
});

export { expect };
