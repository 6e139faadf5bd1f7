// The bare baseline for bench/api-throughput.ts: node:http serving the same SQL as our four hot routes
// (bench/next-floor/same-sql.ts), with nothing else. Not a bench itself: bench/index.ts skips it.
// Started as a child process so it gets its own event loop like `npm start` does; prints
// "listening <port>" when ready.   env: as same-sql.ts, and PORT (0 = any)
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { answer, closePool } from "./next-floor/same-sql";

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const server = createServer((req, res) => {
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === "string" ? value : null;
  };
  answer({ method: req.method ?? "GET", pathname: new URL(req.url ?? "/", "http://bare").pathname, header, body: () => readBody(req) }).then(
    (answered) => {
      res.writeHead(answered.status, { "content-type": answered.contentType, "cache-control": "no-store" });
      res.end(answered.body);
    },
    (error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end('{"message":"Internal server error"}');
    },
  );
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.once("SIGTERM", () => {
  server.close(() => void closePool().then(() => process.exit(0)));
  server.closeAllConnections();
});
