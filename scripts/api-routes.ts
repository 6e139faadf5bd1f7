// Part of `npm run build`, right after `next build`: writes the API lane's route table
// (.next/api-routes.json): every app/api/**/route.ts and the module Next compiled it to. A route that
// Next did not compile stops the build here rather than the server at its start.
import fs from "node:fs";
import path from "node:path";
import { apiRouteFiles } from "../lib/api/lane/routes";
import { API_ROUTES_FILE, type BuiltApiRoute } from "../lib/api/lane/built";

const distDir = path.resolve(".next");
const table: BuiltApiRoute[] = apiRouteFiles(path.resolve("app")).map(({ page, file }) => {
  const compiled = path.posix.join("server/app", file.replace(/\.ts$/, ".js"));
  if (!fs.existsSync(path.join(distDir, compiled))) throw new Error(`next build produced no ${compiled} for ${page}`);
  return { page, module: compiled };
});
fs.writeFileSync(path.join(distDir, API_ROUTES_FILE), JSON.stringify(table, null, 2));
console.log(`API lane: ${table.length} routes in .next/${API_ROUTES_FILE}`);
