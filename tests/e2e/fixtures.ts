// The browser tests' `test`: Playwright's, with a page whose goto() also waits for React's streamed
// HTML to settle. While a server-rendered page streams in, a finished section can sit in a hidden
// `<div hidden id="S:…">` until React moves it into place, and for that moment the page holds its
// content twice; a strict locator looking at that instant would see two matches.
import { expect, test as base, type Page } from "@playwright/test";

export async function settled(page: Page): Promise<void> {
  await expect(page.locator('div[hidden][id^="S:"]')).toHaveCount(0);
}

export const test = base.extend({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await settled(page);
      return response;
    };
    await provide(page);
  },
});

export { expect };
