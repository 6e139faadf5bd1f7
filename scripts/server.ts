// The production server (`npm start` runs it after migrating): one process, one port. /api/* is answered
// by the API lane, which calls the built app/api route handlers straight from node:http; everything
// else (pages, hosted pages, assets, and what the lane leaves to Next) goes to Next's request handler.
// API_LANE=off sends everything through Next (the same handlers, slower), e.g. to compare the two.
// First, as Next's own CLI does: it sets up what Next's modules expect (AsyncLocalStorage on globalThis)
// before anything, like next/server below, loads them.
import "next/dist/server/node-environment";
import http from "node:http";
import path from "node:path";
import next from "next";
import { builtApiRouteTable } from "../lib/api/lane/built";
import { serveApi } from "../lib/api/lane/node";
import { originFormTarget, withSecurityHeaders } from "../lib/security/every-response";

const port = Number(process.env.PORT ?? 3000);
const lane = process.env.API_LANE !== "off";

async function main() {
  const app = next({ dev: false, dir: process.cwd(), port });
  // Runs instrumentation.ts (configuration check, graceful-shutdown hooks, in-process workers) as `next start` does.
  await app.prepare();
  const handle = app.getRequestHandler();
  const table = lane ? await builtApiRouteTable(path.resolve(".next")) : [];

  const server = http.createServer((req, res) => {
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
    if (!lane || !req.url?.startsWith("/api/")) return void toNext();
    serveApi(req, res, table, port).then(
      (served) => {
        if (!served) void toNext();
      },
      (err: unknown) => {
        console.error(err);
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

  server.listen(port, () => {
    console.log(`Ready on http://localhost:${port}${lane ? " (API lane on)" : " (API lane off: everything through Next)"}`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
