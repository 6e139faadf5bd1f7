// `npm run worker`: background jobs in their own process, for scaled-out deployments.
import { startWorkers, stopWorkers } from "../lib/jobs/boss";

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL");
  await startWorkers();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      await stopWorkers();
      process.exit(0);
    });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
