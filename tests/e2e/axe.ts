import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { animationsFinished } from "./helpers";

// The axe-core check: no serious or critical WCAG 2.1 A/AA findings on what a page shows. The fixture
// (fixtures.ts) calls checkOnce() after every goto() and on the page a passing test ends on, so each
// distinct page (pageKey) is checked once per project in a worker; expectAccessible() is for states a
// spec reaches by clicking (an open dialog, a form showing its errors) and always runs. Each check is
// recorded as an "axe" annotation, which axe-reporter.ts counts at the end of the run.

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

export type Violations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/** Each finding with its rule, what it asks for, and every element it found, with why. */
export function describeViolations(violations: Violations): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`).join("\n")}`,
    )
    .join("\n");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Segments that are always followed by a slug, reference or access code. */
const BEFORE_ID = new Set(["pay", "invoice", "receipt", "sandbox", "logos"]);

/**
 * A page as the check counts it: the path with ids, slugs, references and access codes as ":id", and
 * the names (not values) of its query parameters, so /pay/jollof1 and /pay/jollof2 are one page.
 */
export function pageKey(url: string): string {
  const { pathname, searchParams } = new URL(url);
  const segments = pathname.split("/");
  const path = segments.map((s, i) => (UUID.test(s) || BEFORE_ID.has(segments[i - 1] ?? "") || (/\d/.test(s) && s.length >= 10) ? ":id" : s)).join("/");
  const params = [...new Set(searchParams.keys())].sort();
  return params.length > 0 ? `${path}?${params.join("&")}` : path;
}

/** Project and page already checked by this worker. */
const checked = new Set<string>();
const checkedKey = (page: Page) => `${test.info().project.name} ${pageKey(page.url())}`;

/**
 * Runs axe on the page as it is and fails the test (softly: the test goes on) on a blocking finding.
 * Returns every finding, the moderate and minor ones included.
 */
export async function checkPage(page: Page, state: string): Promise<Violations> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const key = pageKey(page.url());
  checked.add(checkedKey(page));
  test.info().annotations.push({ type: "axe", description: `${key} | ${state}` });
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  expect
    .soft(
      blocking.map((v) => `[${v.impact}] ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      `${key} (${state}, ${page.url()}) has accessibility violations:\n${describeViolations(blocking)}`,
    )
    .toEqual([]);
  return results.violations;
}

/** Lets the page finish loading and animating: a skeleton or half-faded text would be measured for contrast. */
export async function quiet(page: Page): Promise<void> {
  // Bounded, and no failure: some pages (Scalar's /docs on a phone) keep the network busy for good, and a
  // page still loading is checked as it is.
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]'))
    .toHaveCount(0)
    .catch(() => undefined);
  await animationsFinished(page);
}

/** The fixture's check: the page as it is now, unless this worker has checked it already; HTML only. */
export async function checkOnce(page: Page, state: string): Promise<void> {
  if (!page.url().startsWith("http") || checked.has(checkedKey(page))) return;
  if ((await page.evaluate(() => document.contentType)) !== "text/html") return;
  await quiet(page);
  await checkPage(page, state);
}

/** The check on what the page shows now, e.g. an open dialog; `name` says which state it is. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await quiet(page);
  await checkPage(page, name);
}
