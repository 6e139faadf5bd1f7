// For bench/profile-hot-paths.ts: a plain node:http server that hands the four hot routes to their
// real route modules (app/api/**/route.ts), as Next would, with nothing of Next's request pipeline
// around them, so a CPU profile of it shows our own per-request cost. Not a bench itself (bench/index.ts
// skips it). Prints "listening <port>" once ready; run under `node --cpu-prof` to profile.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import * as initiate from "@/app/api/transactions/initiate/route";
import * as verify from "@/app/api/transactions/[transactionId]/verify/route";
import * as linkRead from "@/app/api/payment-links/[slug]/route";
import * as webhook from "@/app/api/transactions/webhooks/[processor]/route";
import { shutdown } from "@/lib/shutdown";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

function resolve(method: string, pathname: string): { handler: Handler; params: Record<string, string> } | null {
  const verifyMatch = /^\/api\/transactions\/([^/]+)\/verify$/.exec(pathname);
  const linkMatch = /^\/api\/payment-links\/([^/]+)$/.exec(pathname);
  const webhookMatch = /^\/api\/transactions\/webhooks\/([^/]+)$/.exec(pathname);
  if (method === "POST" && pathname === "/api/transactions/initiate") return { handler: initiate.POST, params: {} };
  if (method === "POST" && webhookMatch) return { handler: webhook.POST, params: { processor: webhookMatch[1]! } };
  if (method === "GET" && verifyMatch) return { handler: verify.GET, params: { transactionId: verifyMatch[1]! } };
  if (method === "GET" && linkMatch) return { handler: linkRead.GET, params: { slug: linkMatch[1]! } };
  return null;
}

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
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
// A clean exit, so --cpu-prof writes its profile.
process.once("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void shutdown().then(() => process.exit(0));
});
