// npm run lint:openapi: writes the OpenAPI document (lib/api/openapi/document.ts, the one served at
// /api/openapi.json) to .data/openapi.json and lints it with Redocly's recommended rules
// (redocly.yaml). Fails on any error or warning; .redocly.lint-ignore.yaml lists the few findings
// that are true of the API, each with its reason.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openApiDocument } from "@/lib/api/openapi/document";

const root = path.resolve(import.meta.dirname, "..");
const file = path.join(root, ".data", "openapi.json");
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));

const cli = path.join(root, "node_modules", "@redocly", "cli", "bin", "cli.js");
const lint = (format: string) =>
  spawnSync(process.execPath, [cli, "lint", path.relative(root, file), "--config", "redocly.yaml", `--format=${format}`], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });

const result = lint("json");
let totals: { errors: number; warnings: number; ignored: number };
try {
  totals = (JSON.parse(result.stdout) as { totals: typeof totals }).totals;
} catch {
  process.stderr.write(result.stdout + result.stderr);
  throw new Error(`redocly lint did not answer JSON (exit ${result.status})`);
}
if (totals.errors > 0 || totals.warnings > 0) {
  // The readable report, then fail: warnings count as much as errors here.
  process.stdout.write(lint("stylish").stdout);
  console.error(`OpenAPI lint: ${totals.errors} errors, ${totals.warnings} warnings`);
  process.exit(1);
}
console.log(`OpenAPI lint: ${path.relative(root, file)} is clean (Redocly recommended; ${totals.ignored} findings ignored in .redocly.lint-ignore.yaml)`);
