// Runs once when a Next.js server starts: in the default single-machine mode the background
// workers live in the app process. WORKERS=off when separate `npm run worker` processes run them.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.WORKERS === "off" || !process.env.DATABASE_URL) return;
  const { startWorkers, stopWorkers } = await import("./lib/jobs/boss");
  await startWorkers();
  process.once("SIGTERM", () => void stopWorkers());
}
