import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// The axe-core check for any page or open dialog: no serious or critical WCAG 2.1 A/AA findings.
// One helper, so a spec adds the check to each page it visits with one line.

export async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map((v) => `[${v.impact}] ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${name} has accessibility violations`,
  ).toEqual([]);
}
