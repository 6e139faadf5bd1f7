// Says at the end of a browser-test run how many distinct pages the axe check (axe.ts) looked at on
// each project, and names the pages a test reached (by a click or a redirect) that no check saw.
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

type Seen = { pages: Set<string>; states: Set<string>; visited: Set<string> };

export default class AxeReporter implements Reporter {
  private readonly projects = new Map<string, Seen>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? "";
    const seen = this.projects.get(project) ?? { pages: new Set(), states: new Set(), visited: new Set() };
    this.projects.set(project, seen);
    for (const { type, description = "" } of result.annotations) {
      if (type === "axe") {
        seen.states.add(description);
        seen.pages.add(description.split(" | ")[0]!);
      } else if (type === "axe-visited") seen.visited.add(description);
    }
  }

  onEnd(_result: FullResult): void {
    for (const [project, { pages, states, visited }] of this.projects) {
      if (states.size === 0) continue;
      console.log(`axe: ${project}: ${pages.size} distinct pages checked (${states.size} page states)`);
      const unchecked = [...visited].filter((page) => !pages.has(page)).sort();
      if (unchecked.length > 0) console.log(`axe: ${project}: visited but not checked: ${unchecked.join(", ")}`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
