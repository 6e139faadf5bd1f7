// `npm run bench`: runs every bench/*.ts script except this one, in name order, one at a time.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const scripts = readdirSync(dir)
  .filter((name) => name.endsWith(".ts") && name !== "index.ts")
  .sort();

let failed = 0;
for (const name of scripts) {
  console.log(`\n== bench/${name}`);
  const run = spawnSync(process.execPath, [...process.execArgv, path.join(dir, name)], { stdio: "inherit", env: process.env });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
