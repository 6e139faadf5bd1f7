// The app's one HTTP server (scripts/server.ts starts it): /api/* is answered by the API lane, which
// calls the app/api route handlers straight from node:http; everything else (pages, hosted pages,
// assets, and what the lane leaves to Next) goes to Next's request handler.
// Production: Next serves the build in .next, and the lane calls that build's route modules.
// Development (`npm run dev`): Next is `next dev` (hot reload), and the lane calls the route modules its
// bundler compiles on demand, the same instances Next would call: development runs the request path
// production runs, so a handler that only works inside Next's own pipeline fails in both.
import http from "node:http";
import path from "node:path";
import next from "next";
import { log } from "@/lib/log";
import { originFormTarget, withSecurityHeaders } from "@/lib/security/every-response";
import { builtApiRouteTable } from "./built";
import { devRouteLoader } from "./next-internals";
import { serveApi } from "./node";
import { apiRouteFiles, apiRouteTable, type ApiRoute } from "./routes";

export type ServerOptions = {
  dev: boolean;
  port: number;
  /** False (API_LANE=off) sends everything through Next (the same handlers, slower), e.g. to compare the two. */
  lane: boolean;
};

export async function startServer({ dev, port, lane }: ServerOptions): Promise<void> {
  const server = http.createServer();
  // Next's dev server listens on this server's upgrades for its hot-reload socket.
  const app = next({ dev, dir: process.cwd(), port, httpServer: server });
  // Runs instrumentation.ts (configuration check, graceful-shutdown hooks, in-process workers) as `next start` does.
  await app.prepare();
  const handle = app.getRequestHandler();
  const routeTable = lane ? await laneRouteTable(app, dev) : () => [];

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    withSecurityHeaders(res);
    const target = originFormTarget(req);
    if (target === null) {
      // `*` or another target no route can match: a clear 400 rather than Next's bare 500.
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", connection: "close" });
      res.end("Bad request target");
      return;
    }
    req.url = target;
    const toNext = () => handle(req, res);
    if (!lane || !req.url.startsWith("/api/")) return void toNext();
    serveApi(req, res, routeTable(), port).then(
      (served) => {
        if (!served) void toNext();
      },
      (err: unknown) => {
        log.error({ err, path: req.url?.split("?")[0] }, "API lane failed");
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      },
    );
  });

  // As `next start`: stop accepting, let in-flight requests finish, close Next, then exit 143, which
  // lib/shutdown.ts turns into 0 once the jobs and buffered writes are done.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      void app.close().finally(() => process.exit(signal === "SIGTERM" ? 143 : 130));
    });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, resolve));
  const how = lane ? "API lane on" : "API lane off: everything through Next";
  log.info({ port, dev, lane }, `Ready on http://localhost:${port} (${dev ? "development, " : ""}${how})`);
}

/**
 * The lane's route table. Production: the build's, loaded once. Development: read from app/api at each
 * request (a file added or removed counts at once, as in next dev), each module loaded through Next's
 * dev bundler when a request reaches it.
 */
async function laneRouteTable(app: unknown, dev: boolean): Promise<() => ApiRoute[]> {
  if (!dev) {
    const table = await builtApiRouteTable(path.resolve(".next"));
    return () => table;
  }
  const load = await devRouteLoader(app);
  const appDir = path.resolve("app");
  return () => apiRouteTable(apiRouteFiles(appDir).map(({ page }) => ({ page, load: () => load(page) })));
}
