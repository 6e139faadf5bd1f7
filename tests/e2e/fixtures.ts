// The browser tests' `test`: Playwright's, with a page whose goto() also waits for React's streamed
// HTML to settle. While a server-rendered page streams in, a finished section can sit in a hidden
// `<div hidden id="S:…">` until React moves it into place, and for that moment the page holds its
// content twice; a strict locator looking at that instant would see two matches.
//
// The page is also held to the axe check (axe.ts) without a spec asking: after each goto() settles,
// and when a passing test ends, on the page it ended on. Each distinct page (pageKey) is checked once
// per project in a worker (an explicit check counts); documents that are not HTML (JSON, PDF, CSV) and
// pages without JavaScript (axe runs in the page) are skipped. A test that deliberately shows a broken
// page may opt out, saying why:
// `test("…", { annotation: { type: "no-axe", description: "why" } }, …)`.
import { expect, test as base, type Page } from "@playwright/test";
import { checkOnce, pageKey } from "./axe";

export async function settled(page: Page): Promise<void> {
  await expect(page.locator('div[hidden][id^="S:"]')).toHaveCount(0);
}

/** The automatic check; a test may opt out (see above), and with JavaScript off axe cannot run in the page. */
async function autoCheck(page: Page, state: string, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled && !base.info().annotations.some((a) => a.type === "no-axe")) await checkOnce(page, state);
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide, testInfo) => {
    // Every page the test was on, clicked to or redirected to: the report names those never checked.
    const visited = new Set<string>();
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && frame.url().startsWith("http")) visited.add(pageKey(frame.url()));
    });
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await settled(page);
      await autoCheck(page, "opened", javaScriptEnabled);
      return response;
    };
    await provide(page);
    if (testInfo.status === "passed" && !page.isClosed()) await autoCheck(page, "end of test", javaScriptEnabled);
    for (const key of visited) testInfo.annotations.push({ type: "axe-visited", description: key });
  },
});

export { expect };
