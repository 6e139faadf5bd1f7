// `npm run bench`: runs every bench/*.ts script except this one and helpers, in name order, one at a
// time. `npm run bench api overview` runs only the scripts whose names start with those words.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
/** Not benches: started by one. */
const HELPERS = new Set(["index.ts", "baseline-server.ts", "database.ts", "hot-fixture.ts", "run-bench.ts"]);
const wanted = process.argv.slice(2);
const scripts = readdirSync(dir)
  .filter((name) => name.endsWith(".ts") && !HELPERS.has(name))
  .filter((name) => wanted.length === 0 || wanted.some((word) => name.startsWith(word)))
  .sort();
if (scripts.length === 0) {
  console.error(`No bench matches ${wanted.join(", ")}`);
  process.exit(1);
}

let failed = 0;
for (const name of scripts) {
  console.log(`\n== bench/${name}`);
  const run = spawnSync(process.execPath, [...process.execArgv, path.join(dir, name)], { stdio: "inherit", env: process.env });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
