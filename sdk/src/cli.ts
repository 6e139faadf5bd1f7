#!/usr/bin/env node
// `paylink listen` and `paylink trigger`: webhooks on localhost without a tunnel. `listen` pulls the
// events API (no inbound connection), signs each new event as Paylink signs a delivery (Standard
// Webhooks, with a secret it prints) and posts it to a local URL. Test keys only.
import { parseArgs } from "node:util";
import { createPaylinkClient, type PaylinkClient } from "./client.js";
import { PaylinkError } from "./errors.js";
import type { PaylinkEvent } from "./types.js";
import { webhooks } from "./webhooks.js";

const USAGE = `Usage:
  paylink listen --forward-to <url> [--secret whsec_…] [--interval <ms>]
  paylink trigger <event type>

Options (both):
  --api-key <sk_test_…>   a test secret key (default: $PAYLINK_SECRET_KEY)
  --base-url <url>        where Paylink is (default: $PAYLINK_BASE_URL, else http://localhost:3000)`;

/** How far back each poll looks again: an event whose transaction committed late still arrives. */
const LOOKBACK_MS = 60_000;

class UsageError extends Error {}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function clientFrom(values: { "api-key"?: string; "base-url"?: string }): PaylinkClient {
  const secretKey = values["api-key"] ?? process.env.PAYLINK_SECRET_KEY;
  if (!secretKey) throw new UsageError("A test secret key is needed: --api-key sk_test_… or PAYLINK_SECRET_KEY");
  if (!/_test_/.test(secretKey)) throw new UsageError("paylink listen and trigger work with a test key only (sk_test_…); this key is not one.");
  const baseUrl = values["base-url"] ?? process.env.PAYLINK_BASE_URL ?? "http://localhost:3000";
  return createPaylinkClient({ baseUrl, secretKey, maxRetries: 1 });
}

async function trigger(args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { "api-key": { type: "string" }, "base-url": { type: "string" } } });
  const type = positionals[0];
  if (!type) throw new UsageError(USAGE);
  const paylink = clientFrom(values);
  const event = await paylink.events.trigger(type as Parameters<PaylinkClient["events"]["trigger"]>[0]);
  console.log(`Triggered ${event.type} ${event.id}`);
}

async function listen(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      "forward-to": { type: "string" },
      secret: { type: "string" },
      interval: { type: "string", default: "1000" },
      "api-key": { type: "string" },
      "base-url": { type: "string" },
    },
  });
  const forwardTo = values["forward-to"];
  if (!forwardTo) throw new UsageError(USAGE);
  const paylink = clientFrom(values);
  const secret = values.secret ?? webhooks.generateSecret();
  const interval = Math.max(200, Number(values.interval) || 1000);

  const started = Date.now();
  /** Forwarded ids, with their createdAt, forgotten once older than the look-back window. */
  const seen = new Map<string, number>();
  let newest = started;

  console.log(`Ready! Your webhook signing secret is ${secret}`);
  console.log(`Forwarding test events to ${forwardTo} (^C to quit)`);

  const forward = async (event: PaylinkEvent) => {
    const body = JSON.stringify(event);
    try {
      const res = await fetch(forwardTo, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "paylink-cli", ...webhooks.sign(body, secret, event.id) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.body?.cancel();
      console.log(`${event.createdAt}  ${event.type}  ${event.id}  -> ${res.status}`);
    } catch (error) {
      console.log(`${event.createdAt}  ${event.type}  ${event.id}  -> failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const poll = async () => {
    const from = new Date(Math.max(started, newest - LOOKBACK_MS)).toISOString();
    const fresh: PaylinkEvent[] = [];
    for await (const event of paylink.events.list({ from, limit: 100 })) if (!seen.has(event.id)) fresh.push(event);
    // The API answers newest first; a receiver expects them in the order they happened.
    for (const event of fresh.reverse()) {
      const at = Date.parse(event.createdAt);
      seen.set(event.id, at);
      newest = Math.max(newest, at);
      await forward(event);
    }
    for (const [id, at] of seen) if (at < newest - 2 * LOOKBACK_MS) seen.delete(id);
  };

  for (;;) {
    try {
      await poll();
    } catch (error) {
      // A wrong key will not get better: stop. Anything else (the app restarting): try again.
      if (error instanceof PaylinkError && (error.status === 401 || error.status === 403)) fail(`Paylink refused the key: ${error.message}`);
      console.error(`Could not read events: ${error instanceof Error ? error.message : String(error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command === "listen") return listen(rest);
  if (command === "trigger") return trigger(rest);
  throw new UsageError(USAGE);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) fail(error.message);
  if (error instanceof PaylinkError) {
    const fields = error.errors.map((e) => `\n  ${e.field}: ${e.message}`).join("");
    fail(`${error.message}${error.code ? ` (${error.code})` : ""}${fields}`);
  }
  fail(error instanceof Error ? error.message : String(error));
});
