// One more app instance for the scale-out fault test, in its own Node process with its own
// database pool: a plain HTTP server handing requests to the real route handler modules, exactly
// as Next.js would call them. (Running `next start` twice would prove nothing more about the
// database and cost a production build.) Prints "listening <port>" once ready.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import * as processorWebhook from "@/app/api/transactions/webhooks/[processor]/route";
import * as health from "@/app/api/health/route";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

function resolve(method: string, pathname: string): { handler: Handler; params: Record<string, string> } | null {
  const webhook = /^\/api\/transactions\/webhooks\/([^/]+)$/.exec(pathname);
  if (method === "POST" && webhook) return { handler: processorWebhook.POST, params: { processor: webhook[1]! } };
  if (method === "GET" && pathname === "/api/health") return { handler: health.GET, params: {} };
  return null;
}

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", "http://localhost");
  const found = resolve(req.method ?? "GET", url.pathname);
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const response = await found.handler(new NextRequest(url, { method: req.method, headers, body }), { params: Promise.resolve(found.params) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});

server.listen(0, "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
