// `npm run bench`: runs every benchmark in bench/ in turn; each prints its own figures.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";

const only = process.argv[2];
const scripts = readdirSync("bench")
  .filter((file) => file.endsWith(".ts") && file !== "index.ts" && (!only || file.includes(only)))
  .sort();
for (const script of scripts) {
  console.log(`\n== ${script}`);
  execFileSync(process.execPath, ["--experimental-wasm-modules", "--disable-warning=ExperimentalWarning", "--import", "tsx", `bench/${script}`], { stdio: "inherit" });
}
