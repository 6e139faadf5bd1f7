// The one door to Next.js's private modules (`next/dist/*`): nothing else may import them (eslint's
// no-restricted-imports, and tests/integration/lane-fence.test.ts). They carry no stability promise
// between releases, which is why package.json pins `next` (and eslint-config-next) to one exact
// version: upgrading Next means re-checking each export below against the new release, then the lane
// tests (tests/integration/api-lane.test.ts, lane-fence.test.ts, tests/e2e/api-lane.spec.ts).
import { createRequire } from "node:module";
import type { IncomingMessage, ServerResponse } from "node:http";

const require = createRequire(import.meta.url);

// Routing: the lane orders and matches app/api routes with Next's own router utilities, so a path
// reaches the handler Next would pick (routes.ts).
export { getSortedRoutes } from "next/dist/shared/lib/router/utils/sorted-routes";
export { getRouteRegex } from "next/dist/shared/lib/router/utils/route-regex";
export { getRouteMatcher } from "next/dist/shared/lib/router/utils/route-matcher";
// next.config.mjs `headers()` sources matched as Next's router matches them (dispatch.ts).
export { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
// The request headers Next lists in the Vary of every App Router answer (dispatch.ts).
export {
  NEXT_ROUTER_PREFETCH_HEADER,
  NEXT_ROUTER_SEGMENT_PREFETCH_HEADER,
  NEXT_ROUTER_STATE_TREE_HEADER,
  RSC_HEADER,
} from "next/dist/client/components/app-router-headers";
// The gzip step of Next's router, and its release of the stream when the client goes (node.ts).
export { releaseCompressionStream } from "next/dist/server/lib/release-compression-stream";
/** Next ships the `compression` middleware compiled into its package, without types. */
export const compression = require("next/dist/compiled/compression") as () => (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

// Test-only helpers, loaded on first use so that the server never loads them (the matcher compiler
// alone pulls in 300 of Next's build modules).

/** Tests: the router context client components read, to render them outside Next. */
export function appRouterContext(): typeof import("next/dist/shared/lib/app-router-context.shared-runtime").AppRouterContext {
  return require("next/dist/shared/lib/app-router-context.shared-runtime").AppRouterContext;
}

/** Tests: a proxy (middleware) `config.matcher` compiled and run exactly as Next compiles and runs it. */
export function proxyMatcher(matcher: unknown, nextConfig: object): (pathname: string) => boolean {
  const { getMiddlewareMatchers } = require("next/dist/build/analysis/get-page-static-info");
  const { getMiddlewareRouteMatcher } = require("next/dist/shared/lib/router/utils/middleware-route-matcher");
  const matches = getMiddlewareRouteMatcher(getMiddlewareMatchers(matcher, nextConfig));
  return (pathname) => matches(pathname, { headers: {}, cookies: {} }, {});
}

/**
 * What Next's CLI loads before anything else (AsyncLocalStorage on globalThis, among others): call it
 * before `next` or `next/server` are loaded. Not at this module's top: it patches process-wide globals
 * that tests importing the lane's routing must not get.
 */
export function installNextNodeEnvironment(): void {
  require("next/dist/server/node-environment");
}

/** A route file's exports (`GET`, `POST`, …). */
export type RouteModule = Partial<Record<string, unknown>>;

/** The exports of a compiled app route module: Next's build wraps them as `routeModule.userland`. */
export async function routeUserland(compiled: unknown, name: string): Promise<RouteModule> {
  const { routeModule } = compiled as { routeModule?: { ensureUserland(): Promise<void>; userland: RouteModule } };
  if (!routeModule) throw new Error(`${name} is not a Next.js app route module`);
  await routeModule.ensureUserland();
  return routeModule.userland;
}

type DevServer = { distDir: string; ensurePage(opts: { page: string; clientOnly: boolean; definition: undefined }): Promise<void> };

/**
 * `next dev` only: loads an app/api route (`/api/merchants/[merchantId]`) as Next's dev server does
 * for a request: compiled on demand by its bundler, then required from its output, so the lane gets
 * the very module instance Next uses, and a fresh one after an edit. `app` is a prepared `next({ dev: true })`.
 */
export async function devRouteLoader(app: unknown): Promise<(page: string) => Promise<RouteModule>> {
  const server = await (app as { server: { getServer(): Promise<DevServer> } }).server.getServer();
  const { requirePage } = require("next/dist/server/require") as { requirePage(page: string, distDir: string, isAppPath: boolean): Promise<unknown> };
  return async (page) => {
    const entry = `${page}/route`;
    await server.ensurePage({ page: entry, clientOnly: false, definition: undefined });
    return routeUserland(await requirePage(entry, server.distDir, true), entry);
  };
}
