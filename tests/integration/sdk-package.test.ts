// The SDK as an integrator installs it: the package is built (sdk/dist), a consumer project
// (tests/sdk-consumer, depending on it as file:../../sdk) type-checks under nodenext and under bundler
// against the built declarations, and its compiled flow runs in plain Node against an app process.
// Then `paylink listen` (the built CLI) forwards a `paylink trigger`ed event to a local server, signed
// with the secret it printed, which standardwebhooks verifies.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { startAppInstance, stopChildren } from "../helpers/app-process";
import { createMerchantOwner } from "../helpers/factories";
import { waitFor } from "../helpers/webhooks";

const run = promisify(execFile);
const ROOT = path.resolve(".");
const SDK = path.join(ROOT, "sdk");
const CONSUMER = path.join(ROOT, "tests/sdk-consumer");
const TSC = path.join(ROOT, "node_modules/.bin/tsc");
const CLI = path.join(SDK, "dist/cli.js");

type Received = { headers: IncomingHttpHeaders; body: string };
const children: ChildProcess[] = [];
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;
let baseUrl: string;

beforeAll(async () => {
  await run("npm", ["run", "-s", "build"], { cwd: SDK });
  // What `npm install` does for a file: dependency (a symlink), without asking a registry.
  const link = path.join(CONSUMER, "node_modules/@paylink/sdk");
  mkdirSync(path.dirname(link), { recursive: true });
  rmSync(link, { force: true, recursive: true });
  symlinkSync(path.relative(path.dirname(link), SDK), link, "dir");

  receiver = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  baseUrl = await startAppInstance({ ...process.env, LOG_LEVEL: "warn" }, children);
}, 240_000);

afterAll(async () => {
  await stopChildren(children);
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("the built SDK in a consumer project", () => {
  it("type-checks under moduleResolution nodenext and bundler", async () => {
    const [nodenext, bundler] = await Promise.allSettled([
      run(TSC, ["-p", "tsconfig.json"], { cwd: CONSUMER }),
      run(TSC, ["-p", "tsconfig.bundler.json"], { cwd: CONSUMER }),
    ]);
    const output = (r: PromiseSettledResult<{ stdout: string }>) =>
      r.status === "fulfilled" ? "ok" : String((r.reason as { stdout?: string }).stdout ?? r.reason);
    expect(output(nodenext), "tsc --module nodenext").toBe("ok");
    expect(output(bundler), "tsc --moduleResolution bundler").toBe("ok");
  }, 180_000);

  it("runs its compiled flow from plain Node against the app", async () => {
    const { secretKey } = await createMerchantOwner();
    const { stdout } = await run(process.execPath, ["main.mjs"], {
      cwd: CONSUMER,
      env: { ...process.env, PAYLINK_BASE_URL: baseUrl, PAYLINK_SECRET_KEY: secretKey },
    });
    const result = JSON.parse(stdout.trim().split("\n").at(-1)!);
    expect(result).toMatchObject({ verifiedStatus: "PENDING", listedByKey: 1, iterated: 1, triggered: "transaction.completed" });
    // A refund of a payment not yet completed: refused, with a machine code.
    expect([400, 409]).toContain(result.errorStatus);
    expect(result.reference).toMatch(/^TXN-/);
    expect(typeof result.errorCode).toBe("string");
    expect(result.verifiedBytes).toMatch(/^[0-9a-f-]{36}$/);
  }, 120_000);
});

describe("paylink listen and trigger", () => {
  it("forwards a triggered event to a local server, signed with the secret it printed", async () => {
    const { merchant, secretKey } = await createMerchantOwner();
    const env = { ...process.env, PAYLINK_SECRET_KEY: secretKey, PAYLINK_BASE_URL: baseUrl };
    const listen = spawn(process.execPath, [CLI, "listen", "--forward-to", receiverUrl, "--interval", "300"], { env, stdio: ["ignore", "pipe", "inherit"] });
    children.push(listen);
    const lines: string[] = [];
    createInterface({ input: listen.stdout! }).on("line", (line) => lines.push(line));
    await waitFor(() => lines.some((line) => line.startsWith("Forwarding")), 20_000, "listen to start");
    const secret = /whsec_\S+/.exec(lines.join("\n"))?.[0];
    expect(secret).toBeDefined();

    const { stdout } = await run(process.execPath, [CLI, "trigger", "transaction.completed"], { env });
    const eventId = /^Triggered transaction\.completed (\S+)$/m.exec(stdout)?.[1];
    expect(eventId).toBeDefined();

    await waitFor(() => received.some((r) => r.headers["webhook-id"] === eventId), 20_000, "the forwarded event");
    const delivery = received.find((r) => r.headers["webhook-id"] === eventId)!;
    const event = new Webhook(secret!).verify(delivery.body, delivery.headers as Record<string, string>) as { id: string; type: string; merchantId: string };
    expect(event).toMatchObject({ id: eventId, type: "transaction.completed", merchantId: merchant.id });
    expect(() =>
      new Webhook("whsec_" + Buffer.from("another secret").toString("base64")).verify(delivery.body, delivery.headers as Record<string, string>),
    ).toThrow();
    await waitFor(() => lines.some((line) => line.includes(eventId!) && line.endsWith("-> 204")), 5_000, "listen to print the status");

    // Once: the next polls do not forward it again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(received.filter((r) => r.headers["webhook-id"] === eventId)).toHaveLength(1);
    listen.kill("SIGTERM");
  }, 60_000);

  it("refuses a live key: both exit 1 with a message", async () => {
    const owner = await createMerchantOwner();
    const liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
    const env = { ...process.env, PAYLINK_SECRET_KEY: liveKey, PAYLINK_BASE_URL: baseUrl };
    for (const args of [
      ["trigger", "transaction.completed"],
      ["listen", "--forward-to", receiverUrl],
    ]) {
      const failure = await run(process.execPath, [CLI, ...args], { env }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code, args[0]).toBe(1);
      expect(failure?.stderr).toMatch(/test key only/);
    }
    expect(await db.event.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  }, 30_000);
});
