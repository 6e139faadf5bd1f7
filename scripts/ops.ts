// `npm run ops -- <command>`: what the platform's operators look at, from the command line (never
// through the API: these are no merchant's business). Uses DATABASE_URL, or the embedded database
// `npm start` uses.
//   unmatched-transfers [--limit N]  transfers that settled nothing (unknown account, wrong mode)
import { withAppDatabase } from "./local-db";

const USAGE = "Usage: npm run ops -- unmatched-transfers [--limit N]";

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command !== "unmatched-transfers") {
    console.error(USAGE);
    process.exit(2);
  }
  const at = args.indexOf("--limit");
  const limit = at >= 0 ? Number(args[at + 1]) : 100;
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
    console.error(USAGE);
    process.exit(2);
  }
  await withAppDatabase(async () => {
    const { listUnmatchedTransfers } = await import("../lib/transfers/unmatched");
    const rows = await listUnmatchedTransfers(limit);
    if (rows.length === 0) console.log("No unmatched transfers.");
    for (const row of rows) {
      console.log(
        [
          row.receivedAt.toISOString(),
          row.processor,
          row.outcome,
          `account ${row.accountNumber ?? "?"}`,
          `amount ${row.amount ?? "?"}`,
          `reference ${row.reference ?? "?"}`,
          `event ${row.id}`,
        ].join("  "),
      );
    }
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
