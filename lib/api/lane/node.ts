// The API lane's Node side: an IncomingMessage becomes the NextRequest Next would build for a route
// handler, and the lane's answer is written the way Next's sendResponse writes it (status, headers in
// the same order, body streamed), so both paths put the same bytes on the wire.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { NextRequest } from "next/server";
import nextConfig from "@/next.config.mjs";
import { log } from "@/lib/log";
import { answerApi, resolveApi, type LaneAnswer } from "./dispatch";
import { compression, releaseCompressionStream } from "./next-internals";
import type { ApiRoute } from "./routes";

/**
 * Answers the request through the lane, or returns false (nothing read, nothing written) when Next
 * should: `port` is the port the server listens on, which Next puts in the request URL it builds.
 */
export async function serveApi(req: IncomingMessage, res: ServerResponse, table: ApiRoute[], port: number): Promise<boolean> {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const resolved = await resolveApi(table, req.method ?? "GET", query === -1 ? url : url.slice(0, query));
  if (!resolved) return false;

  addForwardedHeaders(req, port);
  // Next's router compresses every answer the client accepts gzipped (above 1 KiB): the same middleware.
  gzip?.(req, res, () => {});
  // A client gone before the answer: the request's signal aborts, and the compression stream (which the
  // middleware never ends then) is released, as Next does.
  const controller = new AbortController();
  res.once("close", () => {
    if (res.writableFinished) return;
    controller.abort();
    if (gzip) releaseCompressionStream(res);
  });
  let answer: LaneAnswer;
  try {
    answer = await answerApi(toNextRequest(req, port, controller.signal), resolved);
  } catch (err) {
    // route() answers every error itself; this is a module that failed outright. Next answers 500, empty.
    log.error({ err, path: resolved.page }, "route handler threw");
    res.statusCode = 500;
    res.end();
    return true;
  }
  await writeAnswer(req, res, answer);
  return true;
}

const gzip = nextConfig.compress === false ? null : compression();

/** What Next's base server fills in when a request arrives without them (a proxy would send its own). */
function addForwardedHeaders(req: IncomingMessage, port: number): void {
  const forwardedProto = req.headers["x-forwarded-proto"];
  const https = forwardedProto ? forwardedProto === "https" : Boolean((req.socket as TLSSocket).encrypted);
  req.headers["x-forwarded-host"] ??= req.headers.host ?? "localhost";
  req.headers["x-forwarded-port"] ??= String(port);
  req.headers["x-forwarded-proto"] ??= https ? "https" : "http";
  req.headers["x-forwarded-for"] ??= req.socket.remoteAddress;
}

/** The request as Next builds it: its URL on localhost:port, the headers as received, the body streamed. */
function toNextRequest(req: IncomingMessage, port: number, signal: AbortSignal): NextRequest {
  const https = Boolean((req.socket as TLSSocket).encrypted) || String(req.headers["x-forwarded-proto"] ?? "").includes("https");
  // Name/value pairs, not a Headers object: the request validates and copies them once, not twice.
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.push([name, item]);
    else if (value !== undefined) headers.push([name, value]);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new NextRequest(`${https ? "https" : "http"}://localhost:${port}${req.url}`, {
    method,
    headers,
    signal,
    // undici reads an async iterable (the IncomingMessage) lazily, as Next passes it.
    ...(hasBody && { body: req as unknown as ReadableStream<Uint8Array>, duplex: "half" }),
  } as ConstructorParameters<typeof NextRequest>[1]);
}

async function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: LaneAnswer): Promise<void> {
  res.statusCode = answer.status;
  res.statusMessage = answer.statusText;
  for (const [name, value] of answer.headers) res.appendHeader(name, value);
  if (!answer.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const reader = answer.body.getReader();
  // Headers, a one-chunk body and its end leave in one write to the socket, not two; a longer stream
  // is uncorked on the next tick and flows as it comes.
  res.cork();
  process.nextTick(() => res.uncork());
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      const ok = res.write(value);
      // The compression middleware's flush: each chunk goes out compressed as Next sends it.
      (res as ServerResponse & { flush?: () => void }).flush?.();
      if (!ok) await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
    }
    res.end();
  } catch (err) {
    log.error({ err }, "streaming an API response failed");
    res.destroy();
  }
}
