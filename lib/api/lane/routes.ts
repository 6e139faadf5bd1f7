// The API lane's route table: every app/api/**/route.ts, ordered and matched with Next.js's own router
// utilities, so a path reaches the same handler through the lane as through Next. The table is made
// from the app/api tree (at build time for production, scripts/api-routes.ts; from the sources in
// tests), so a new route needs no second registration.
import fs from "node:fs";
import path from "node:path";
import { getRouteMatcher, getRouteRegex, getSortedRoutes, type RouteModule } from "./next-internals";

export type RouteParams = Record<string, string | string[]>;
export type RouteHandler = (req: Request, ctx: { params: Promise<RouteParams> }) => Promise<Response>;

/**
 * Routes the lane leaves to Next: next-auth's handler reads cookies through `next/headers`, which
 * exists only inside Next's own request pipeline. They stay in the table so that their paths are not
 * taken by a catch-all below them.
 */
const SERVED_BY_NEXT = new Set(["/api/auth/[...nextauth]"]);

export type ApiRouteFile = { page: string; file: string };

export type ApiRoute = {
  page: string;
  /** Null for a route only Next can serve. */
  load: (() => Promise<RouteModule>) | null;
  match: (pathname: string) => RouteParams | false;
};

/** The route files under `appDir/api`, as pages (`/api/merchants/[merchantId]`) and paths relative to appDir. */
export function apiRouteFiles(appDir: string): ApiRouteFile[] {
  const files = fs.readdirSync(path.join(appDir, "api"), { recursive: true, encoding: "utf8" });
  return files
    .filter((file) => /(^|\/)route\.ts$/.test(file.split(path.sep).join("/")))
    .map((file) => {
      const relative = path.posix.join("api", file.split(path.sep).join("/"));
      return { page: `/${path.posix.dirname(relative)}`, file: relative };
    });
}

/** Orders the routes as Next does (static before dynamic before catch-all) and builds their matchers. */
export function apiRouteTable(routes: { page: string; load: () => Promise<RouteModule> }[]): ApiRoute[] {
  const byPage = new Map(routes.map((route) => [route.page, route]));
  return getSortedRoutes([...byPage.keys()]).map((page) => ({
    page,
    load: SERVED_BY_NEXT.has(page) ? null : byPage.get(page)!.load,
    match: getRouteMatcher(getRouteRegex(page)) as (pathname: string) => RouteParams | false,
  }));
}

export type RouteMatch = { route: ApiRoute; params: RouteParams };

/**
 * The route a pathname reaches, with its decoded params. Null when the lane should not answer:
 * paths Next rewrites first (a trailing slash or repeated slashes redirect), params that do not
 * decode (Next answers 400), or no route at all.
 */
export function matchApiRoute(table: ApiRoute[], pathname: string): RouteMatch | null {
  if (!pathname.startsWith("/api/") || pathname.endsWith("/") || /\/\/|\\/.test(pathname)) return null;
  for (const route of table) {
    let params: RouteParams | false;
    try {
      params = route.match(pathname);
    } catch {
      return null;
    }
    if (params) return { route, params };
  }
  return null;
}
