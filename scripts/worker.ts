// `npm run worker`: background jobs in their own process, for scaled-out deployments.
// SIGTERM/SIGINT: running jobs finish, buffered writes are flushed, the pools close, exit 0.
import { assertValidConfig } from "../lib/config";
import { startWorkers } from "../lib/jobs/boss";
import { shutdown } from "../lib/shutdown";

async function main() {
  assertValidConfig();
  await startWorkers();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      await shutdown();
      process.exit(0);
    });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
