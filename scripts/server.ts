// The app's server: `npm start` runs it after migrating, `npm run dev` runs it with `dev`. One process,
// one port: /api/* through the API lane, everything else through Next (lib/api/lane/server.ts).
import { installNextNodeEnvironment } from "../lib/api/lane/next-internals";

// First, as Next's own CLI does: set up what Next's modules expect (AsyncLocalStorage on globalThis)
// before `next` and `next/server` (which the server's modules import) load.
installNextNodeEnvironment();
const { startServer } = await import("../lib/api/lane/server");
const { log } = await import("../lib/log");

startServer({ dev: process.argv[2] === "dev", port: Number(process.env.PORT ?? 3000), lane: process.env.API_LANE !== "off" }).catch((err: unknown) => {
  log.fatal({ err }, "the server did not start");
  process.exit(1);
});
