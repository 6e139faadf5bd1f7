// The production route table: `.next/api-routes.json` (written by scripts/api-routes.ts right after
// `next build`) names each app/api route and its compiled module. The lane calls the handlers of that
// very build, the same module instances Next's own pipeline uses (one database pool, one set of
// buffers), not a second copy compiled from the sources.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { routeUserland } from "./next-internals";
import { apiRouteTable, type ApiRoute } from "./routes";

export const API_ROUTES_FILE = "api-routes.json";

export type BuiltApiRoute = { page: string; module: string };

/** Loads the table of the build in `distDir` and every route module in it (a missing one stops the start). */
export async function builtApiRouteTable(distDir: string): Promise<ApiRoute[]> {
  const require = createRequire(path.join(distDir, "package.json"));
  const built = JSON.parse(fs.readFileSync(path.join(distDir, API_ROUTES_FILE), "utf8")) as BuiltApiRoute[];
  const routes = await Promise.all(
    built.map(async ({ page, module }) => {
      const userland = await routeUserland(require(path.join(distDir, module)), module);
      return { page, load: async () => userland };
    }),
  );
  return apiRouteTable(routes);
}
