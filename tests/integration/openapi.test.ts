import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { LATEST_VERSION } from "@/lib/api/versions";
import * as openapiRoute from "@/app/api/openapi.json/route";
import * as verifyRoute from "@/app/api/transactions/[transactionId]/verify/route";
import { openApiDocument } from "@/lib/api/openapi/document";
import { PROCESSOR_NAMES } from "@/lib/processors";
import { TEST_EVENT_TYPE } from "@/lib/webhooks/envelope";
import { EVENT_TYPES, type EventType } from "@/lib/webhooks/outbox";
import { call } from "../helpers/api";
import { getMerchant } from "../helpers/merchant";
import { createMerchantOwner } from "../helpers/factories";
import { assertDocumented, assertEventDocumented, OpenApiMismatch, validatorFor } from "../helpers/openapi-validator";
import { eventData } from "../helpers/webhooks";

// Routes that are not part of the public API: the JSON 404 for unknown paths and next-auth's own
// dashboard-session endpoints.
const NOT_DOCUMENTED = new Set(["/api/{...path}", "/api/auth/{...nextauth}"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Dynamic segments with a closed set of values are documented one path per value (no ambiguous paths). */
const CLOSED_SEGMENTS: Record<string, readonly string[]> = { processor: PROCESSOR_NAMES };

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(path) : entry.name === "route.ts" ? [path] : [];
  });
}

/** app/api/merchants/[merchantId]/route.ts → /api/merchants/{merchantId} with its exported methods. */
function apiRoutes() {
  return routeFiles(join(process.cwd(), "app", "api"))
    .map((file) => {
      const path =
        "/" +
        relative(join(process.cwd(), "app"), file)
          .split(sep)
          .slice(0, -1)
          .join("/")
          .replace(/\[([^\]]+)\]/g, "{$1}");
      const source = readFileSync(file, "utf8");
      const methods = METHODS.filter((m) => new RegExp(`export (const|async function|function) ${m}\\b|export \\{[^}]*\\b${m}\\b`).test(source));
      const closed = Object.keys(CLOSED_SEGMENTS).find((name) => path.includes(`{${name}}`));
      return closed ? CLOSED_SEGMENTS[closed]!.map((value) => ({ path: path.replace(`{${closed}}`, value), methods })) : [{ path, methods }];
    })
    .flat();
}

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        tags?: string[];
        responses: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }>;
      }
    >
  >;
  webhooks: Record<string, { post: { operationId?: string; tags?: string[] } }>;
  tags: { name: string; description?: string }[];
  info: { contact?: { name?: string; email?: string }; license?: { name?: string; identifier?: string } };
  components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
};
const doc = () => JSON.parse(JSON.stringify(openApiDocument())) as Doc;
const operations = (d: Doc) => [
  ...Object.entries(d.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op }))),
  ...Object.entries(d.webhooks).map(([name, item]) => ({ where: `webhook ${name}`, op: item.post })),
];

describe("OpenAPI document", () => {
  it("documents every method of every route under app/api", () => {
    const doc = openApiDocument();
    const missing: string[] = [];
    for (const { path, methods } of apiRoutes()) {
      if (NOT_DOCUMENTED.has(path)) continue;
      expect(methods.length, `${path} exports no HTTP method`).toBeGreaterThan(0);
      for (const method of methods) {
        if (!doc.paths?.[path]?.[method.toLowerCase() as "get"]) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("documents nothing that does not exist", () => {
    const real = new Set(apiRoutes().map((r) => r.path));
    const extra = Object.keys(openApiDocument().paths ?? {}).filter((path) => !real.has(path));
    expect(extra).toEqual([]);
  });

  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(openApiDocument())));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("names every operation: a unique camelCase operationId, and tags from the top-level list, each described", () => {
    const d = doc();
    const all = operations(d);
    expect(all.filter(({ op }) => !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId ?? "")).map(({ where }) => where)).toEqual([]);
    const ids = all.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(d.paths["/api/transactions/initiate"]!.post!.operationId).toBe("initiateTransaction");
    expect(d.paths["/api/transactions/{transactionId}/verify"]!.get!.operationId).toBe("verifyTransaction");
    expect(d.paths["/api/merchants/{merchantId}/payment-links"]!.get!.operationId).toBe("listPaymentLinks");

    const listed = new Set(d.tags.map((t) => t.name));
    expect(d.tags.filter((t) => !t.description).map((t) => t.name)).toEqual([]);
    expect([...new Set(all.flatMap(({ op }) => op.tags ?? []))].filter((t) => !listed.has(t))).toEqual([]);
    expect(d.info.contact?.email).toMatch(/@/);
    expect(d.info.license).toMatchObject({ name: expect.any(String), identifier: expect.any(String) });
  });

  it("documents every outbound event in the webhooks section, in the envelope", () => {
    const d = doc();
    expect(Object.keys(d.webhooks).sort()).toEqual([...EVENT_TYPES, TEST_EVENT_TYPE].sort());
    const types: (EventType | typeof TEST_EVENT_TYPE)[] = [...EVENT_TYPES, TEST_EVENT_TYPE];
    for (const type of types) {
      const envelope = {
        id: "5b0c3b9e-6f5e-4d8c-9a43-0d7c2f9b1e11",
        type,
        createdAt: "2026-01-01T09:00:00.000Z",
        merchantId: "0d6ac2b4-59c8-4a44-8d2c-8f8e7f1f2a10",
        environment: "test",
        apiVersion: LATEST_VERSION,
        data: eventData(type),
      };
      assertEventDocumented(envelope);
      // The envelope is the contract: a field missing, or one more, is not what we send.
      const { createdAt: _createdAt, ...missing } = envelope;
      expect(() => assertEventDocumented(missing as typeof envelope)).toThrow(OpenApiMismatch);
      expect(() => assertEventDocumented({ ...envelope, data: { ...(envelope.data as object), surprise: 1 } })).toThrow(OpenApiMismatch);
    }
    expect(() => assertEventDocumented({ id: "x", type: "transaction.exploded" })).toThrow(/not in the webhooks section/);
  });

  it("the response check fails on anything undocumented: status, field, content type, operation", async () => {
    const owner = await createMerchantOwner();
    const merchant = await getMerchant(owner.merchant.id, owner.token);
    const bad = await call(verifyRoute.GET, { path: "/api/transactions/not-an-id!/verify", params: { transactionId: "not-an-id!" }, token: owner.secretKey });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid transaction ID format");
    const asChecked = (res: typeof merchant, method: string, path: string, params?: Record<string, string>) => ({
      method,
      path,
      params,
      status: res.status,
      contentType: res.headers.get("content-type"),
      text: res.text,
      headers: res.headers,
    });
    const merchantAnswer = asChecked(merchant, "GET", `/api/merchants/${owner.merchant.id}`, { merchantId: owner.merchant.id });
    const verifyAnswer = asChecked(bad, "GET", "/api/transactions/not-an-id!/verify", { transactionId: "not-an-id!" });

    // The real document accepts both real answers…
    validatorFor(doc())(merchantAnswer);
    validatorFor(doc())(verifyAnswer);

    // …a document without the verify 400 refuses the same answer,
    const noStatus = doc();
    delete noStatus.paths["/api/transactions/{transactionId}/verify"]!.get!.responses["400"];
    expect(() => validatorFor(noStatus)(verifyAnswer)).toThrow(/status 400 is not documented for verifyTransaction/);

    // …a document that leaves out the x-request-id header refuses an answer that sends it,
    const noHeader = doc();
    delete noHeader.paths["/api/merchants/{merchantId}"]!.get!.responses["200"]!.headers!["X-Request-Id"];
    expect(merchant.headers.get("x-request-id")).toMatch(/^req_/);
    expect(() => validatorFor(noHeader)(merchantAnswer)).toThrow(
      /getMerchant GET \/api\/merchants\/\{merchantId\} 200 sends headers it does not declare: x-request-id/,
    );

    // …a Merchant without a documented field refuses a body that has it (nothing undocumented passes),
    const noField = doc();
    delete noField.components.schemas.Merchant!.properties.website;
    expect(() => validatorFor(noField)(merchantAnswer)).toThrow(/must NOT have additional properties: website/);

    // …and a body that lacks a required field, a content type not documented, or an operation not in
    // the document all fail.
    const { website: _website, ...withoutWebsite } = merchant.body.merchant;
    expect(() => assertDocumented({ ...merchantAnswer, text: JSON.stringify({ merchant: withoutWebsite }) })).toThrow(/must have required property 'website'/);
    expect(() => assertDocumented({ ...merchantAnswer, contentType: "text/html" })).toThrow(/content type "text\/html" is not documented/);
    expect(() => assertDocumented({ ...merchantAnswer, status: 418 })).toThrow(/status 418 is not documented for getMerchant/);
    expect(() => assertDocumented({ ...merchantAnswer, method: "DELETE" })).toThrow(/DELETE is not documented for \/api\/merchants\/\{merchantId\}/);
    expect(() => assertDocumented({ ...merchantAnswer, path: "/api/merchant/x", params: undefined })).toThrow(/no operation in the document has this path/);
    // A test that hands the handler other params than its path names is caught too.
    expect(() => assertDocumented({ ...merchantAnswer, params: { merchantId: "someone-else" } })).toThrow(/handler was given merchantId="someone-else"/);
  });

  it("declares the response headers the app sends: x-request-id everywhere, Retry-After on 429/503, Idempotent-Replayed and the idempotency answers on idempotent POSTs", () => {
    const d = doc();
    const problems: string[] = [];
    for (const [path, item] of Object.entries(d.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const idempotent = JSON.stringify(op).includes('"Idempotency-Key"');
        if (idempotent && !(op.responses["409"] && op.responses["422"])) problems.push(`${method} ${path}: idempotent without 409/422`);
        for (const [status, response] of Object.entries(op.responses)) {
          const names = Object.keys(response.headers ?? {});
          const need = [
            "X-Request-Id",
            ...(status === "429" || status === "503" ? ["Retry-After"] : []),
            ...(status === "429" ? ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] : []),
            ...(idempotent && Number(status) < 500 ? ["Idempotent-Replayed"] : []),
          ];
          for (const header of need) if (!names.includes(header)) problems.push(`${method} ${path} ${status}: ${header}`);
        }
      }
    }
    expect(problems).toEqual([]);
    const initiate = JSON.stringify(d.paths["/api/transactions/initiate"]!.post);
    expect(initiate).toMatch(/24 hours/);
    expect(Object.keys(d.paths["/api/transactions/initiate"]!.post!.responses["201"]!.headers!)).toEqual(
      expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Idempotent-Replayed"]),
    );
  });

  it("is served at /api/openapi.json", async () => {
    const res = await call(openapiRoute.GET, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.paths["/api/transactions/initiate"].post.responses["502"]).toBeDefined();
  });
});
