// A local HTTPS webhook receiver with a self-signed certificate made at test time. The delivery
// client trusts it through WEBHOOK_TEST_CA_FILE (tests only); TLS verification stays on.
import { mkdtempSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate } from "selfsigned";
import { Webhook } from "standardwebhooks";

export type Received = { id: string; path: string; timestamp: string; body: string; headers: IncomingHttpHeaders; verified: boolean; payload: unknown };

export type Receiver = {
  url: string;
  caFile: string;
  received: Received[];
  /** Decides the answer to each request (default 200). */
  respond: (req: Received) => number | Promise<number>;
  /** Secrets used to verify signatures, per path (the merchant's whsec_… secret). */
  secrets: Map<string, string>;
  close: () => Promise<void>;
};

export async function makeTestCertificate() {
  return generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    curve: "P-256",
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
}

/**
 * Starts the receiver and points WEBHOOK_TEST_CA_FILE at its certificate (written to `caFile`,
 * e.g. the file a separately started app server was told to trust).
 */
export async function startReceiver(caFile = path.join(mkdtempSync(path.join(tmpdir(), "paylink-webhooks-")), "ca.pem")): Promise<Receiver> {
  const pems = await makeTestCertificate();
  writeFileSync(caFile, pems.cert);
  process.env.WEBHOOK_TEST_CA_FILE = caFile;

  const receiver: Receiver = {
    url: "",
    caFile,
    received: [],
    respond: () => 200,
    secrets: new Map(),
    close: async () => {},
  };
  const server = createServer({ key: pems.private, cert: pems.cert, keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = req.headers;
      const secret = receiver.secrets.get(req.url ?? "/");
      let verified = false;
      let payload: unknown = null;
      try {
        if (secret) {
          payload = new Webhook(secret).verify(body, headers as Record<string, string>);
          verified = true;
        }
      } catch {
        verified = false;
      }
      const entry: Received = {
        id: String(headers["webhook-id"]),
        path: req.url ?? "/",
        timestamp: String(headers["webhook-timestamp"]),
        body,
        headers,
        verified,
        payload,
      };
      receiver.received.push(entry);
      const status = await receiver.respond(entry);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `https://localhost:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
