// Graceful shutdown on SIGTERM (deploys, scaling down): nothing in flight is cut off, nothing is left
// half-written. The steps, each waiting for the one before:
//   1. stop taking new work: the HTTP server stops accepting connections; background workers stop fetching jobs;
//   2. finish what is under way: in-flight requests answer, running jobs complete;
//   3. write what is buffered (the API request log), close the database pool, exit 0.
// The HTTP server's owner (scripts/server.ts, in production and development, as `next start` does) closes it
// on SIGTERM, waits for in-flight requests, then calls process.exit(143). That call is the only signal
// that requests are done, so in the app process we hold it until our own steps are done, then exit 0
// (a clean stop, not a crash, for process managers).
import { log } from "@/lib/log";

type Hook = { name: string; run: () => Promise<void> };
/** Kept on globalThis: Next.js bundles instrumentation and routes separately, and both register. */
const registry = globalThis as unknown as { __shutdownHooks?: { drain: Hook[]; close: Hook[] } };
const hooks = (registry.__shutdownHooks ??= { drain: [], close: [] });

/** Work to finish before the pool closes ("drain": jobs, buffered writes) or the pool itself ("close"). */
export function onShutdown(stage: "drain" | "close", name: string, run: () => Promise<void>): void {
  const list = hooks[stage];
  const existing = list.findIndex((hook) => hook.name === name);
  if (existing >= 0) list.splice(existing, 1);
  list.push({ name, run });
}

async function runStage(stage: "drain" | "close"): Promise<void> {
  await Promise.all(hooks[stage].map((hook) => hook.run().catch((err: unknown) => log.error({ err, hook: hook.name }, "shutdown step failed"))));
}

/** Runs every step now (the worker process, which has no HTTP server to wait for). */
export async function shutdown(): Promise<void> {
  await runStage("drain");
  await runStage("close");
}

/**
 * The app process: on SIGTERM start draining at once, and let Next.js's own exit (after its in-flight
 * requests) happen only when the drain is done, then close the pool and exit 0. A shutdown that
 * takes longer than `timeoutMs` exits 1 (the orchestrator would kill it anyway).
 */
export function installAppShutdown(timeoutMs: number): void {
  let draining: Promise<void> | undefined;
  process.once("SIGTERM", () => {
    log.info("SIGTERM: finishing in-flight requests and jobs");
    draining = runStage("drain");
    setTimeout(() => {
      log.error({ timeoutMs }, "shutdown timed out");
      realExit(1);
    }, timeoutMs).unref();
  });
  const realExit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    if (!draining) return realExit(code);
    // Next.js exits 143 after a SIGTERM it handled cleanly: after our steps that is a clean stop.
    void draining
      .then(() => runStage("drain")) // requests that finished meanwhile may have buffered more
      .then(() => runStage("close"))
      .finally(() => realExit(code === 143 ? 0 : code));
    return undefined as never;
  }) as typeof process.exit;
}
