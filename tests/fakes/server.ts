// What both fake processors share: a real HTTP server on 127.0.0.1 (random port) that records every
// request and can be switched into failure modes, so adapters are tested over the wire.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * "error" answers the fake's refusal (a 400 in the processor's documented error shape), "unavailable" a 503
 * and "rate_limited" a 429 with `Retry-After: 1`, both in that shape; "hang" never answers.
 */
export type FakeMode = "ok" | "error" | "unavailable" | "rate_limited" | "hang" | "garbage";
export type RecordedRequest = { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: any };
export type FakeReply = { status: number; body: unknown; headers?: Record<string, string> };
export type FakeHandler = (request: RecordedRequest) => FakeReply;

export type FakeServer = {
  baseUrl: string;
  requests: RecordedRequest[];
  mode: FakeMode;
  /** How long to hold each answer (ms) after the request has taken effect, e.g. to make calls overtake one another. */
  delay: ((request: RecordedRequest) => number) | null;
  /** Which requests `mode` applies to (null: all); the others are served normally. */
  failing: ((request: RecordedRequest) => boolean) | null;
  close(): Promise<void>;
};

/** The records a fake processor keeps, each in its processor's own shape. */
export type ProcessorRecords = { charge: unknown; refund: unknown; bank: object; subaccount: unknown; settlement: unknown; settlementInput: unknown };

/** What both fake processors keep and do, in their own shapes (`R`). */
export type FakeProcessor<R extends ProcessorRecords> = FakeServer & {
  /** The test key. */
  secretKey: string;
  /** The live key: a separate world of charges, subaccounts and settlements. */
  liveSecretKey: string;
  charges: Map<string, R["charge"]>;
  refunds: Array<R["refund"]>;
  banks: Array<R["bank"]>;
  /** Account names by `${bankCode}:${accountNumber}`; anything else does not resolve. */
  accounts: Map<string, string>;
  subaccounts: Map<string, R["subaccount"]>;
  settlements: Array<R["settlement"]>;
  /**
   * Saved cards whose charge fails (by token or authorization code), with the processor's words for
   * why ("Insufficient funds" is worth retrying; "Expired card" is not).
   */
  savedCardDeclines: Map<string, string>;
  /** Marks a charge paid or failed; a card payment that succeeds saves the card unless `overrides` says otherwise. */
  setOutcome(reference: string, outcome: "success" | "failed", overrides?: Partial<R["charge"]>): R["charge"];
  /** The `data` the processor would put in this charge's webhook (and verify answer). */
  webhookData(reference: string): Record<string, unknown>;
  /** Records a settlement to a subaccount paying these charges (amounts computed from them unless given). */
  addSettlement(input: R["settlementInput"]): R["settlement"];
};

/** The world a key opens: like the real processors, a test key and a live key see separate records. */
export type Domain = "test" | "live";

/** The records a fake processor starts with: its banks (a copy each) and one account that resolves. */
export function processorRecords<R extends ProcessorRecords>(banks: ReadonlyArray<R["bank"]>) {
  return {
    charges: new Map<string, R["charge"]>(),
    refunds: [] as Array<R["refund"]>,
    banks: banks.map((bank) => ({ ...bank })),
    accounts: new Map<string, string>([["058:0001234567", "CHIDI OKAFOR"]]),
    subaccounts: new Map<string, R["subaccount"]>(),
    settlements: [] as Array<R["settlement"]>,
    savedCardDeclines: new Map<string, string>(),
  };
}

/** Which world a request's bearer key opens (null: neither key, a 401). */
export function keyDomain(request: RecordedRequest, keys: { secretKey: string; liveSecretKey: string }): Domain | null {
  const key = bearer(request);
  return key === keys.secretKey ? "test" : key === keys.liveSecretKey ? "live" : null;
}

/** A charge the test names, which must exist. */
export function chargeOf<C>(charges: Map<string, C>, reference: string, processor: string): C {
  const charge = charges.get(reference);
  if (!charge) throw new Error(`No fake ${processor} charge ${reference}`);
  return charge;
}

/**
 * Starts a server; `errorReply` is what "error" mode answers (its body's shape is also used, with
 * another message, for "unavailable" and "rate_limited"), `handle` serves "ok" mode.
 */
export async function startFakeServer(errorReply: FakeReply, handle: FakeHandler): Promise<FakeServer> {
  const fake: FakeServer = { baseUrl: "", requests: [], mode: "ok", delay: null, failing: null, close: async () => {} };
  const shaped = (status: number, message: string, headers?: Record<string, string>): FakeReply => ({
    status,
    body: { ...(errorReply.body as object), message },
    ...(headers ? { headers } : {}),
  });
  const replies: Partial<Record<FakeMode, FakeReply>> = {
    error: errorReply,
    unavailable: shaped(503, "Service temporarily unavailable"),
    rate_limited: shaped(429, "Too many requests", { "retry-after": "1" }),
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const request: RecordedRequest = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body: parse(raw) };
    fake.requests.push(request);
    const mode = fake.failing === null || fake.failing(request) ? fake.mode : "ok";
    if (mode === "hang") return; // never answers; close() drops the socket
    if (mode === "garbage") return send(res, 200, "<html>oops</html>", "text/html");
    const reply = replies[mode] ?? handle(request);
    const wait = fake.delay?.(request) ?? 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    send(res, reply.status, JSON.stringify(reply.body), "application/json", reply.headers);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections(); // hung requests would otherwise keep the server open
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return fake;
}

function bearer(request: RecordedRequest): string | null {
  const header = request.headers.authorization;
  return typeof header === "string" && header.startsWith("Bearer ") ? header.slice(7) : null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parse(raw: string): any {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function send(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, "content-type": type });
  res.end(body);
}
