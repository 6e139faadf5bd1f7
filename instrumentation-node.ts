// What instrumentation.ts runs when the Node.js server starts: graceful shutdown on SIGTERM
// (lib/shutdown.ts) and, in the default single-machine mode, the background workers in the app
// process. WORKERS=off when separate `npm run worker` processes run them.
export async function startApp(): Promise<void> {
  if (process.env.NEXT_PHASE !== "phase-production-build") {
    // `next start`/`next dev` run directly refuse bad settings like npm start does (scripts/start.ts).
    const { assertValidConfig } = await import("./lib/config");
    try {
      assertValidConfig();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  }
  const { installAppShutdown } = await import("./lib/shutdown");
  installAppShutdown(Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000));
  if (process.env.WORKERS === "off" || !process.env.DATABASE_URL) return;
  const { startWorkers } = await import("./lib/jobs/boss");
  await startWorkers();
}
