// Starting the production app for a benchmark: its environment, and waiting until it answers.
import { randomBytes } from "node:crypto";

/** The app's environment for a benchmark run: production, with fresh secrets, plus `own`. */
export function benchAppEnv(own: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    SANDBOX_WEBHOOK_SECRET: randomBytes(32).toString("base64url"),
    ...own,
  };
}

/** Resolves once `${base}/api/health` answers OK; throws after `timeoutMs`. */
export async function waitForHealth(base: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the app did not start");
}
