import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import * as openapiRoute from "@/app/api/openapi.json/route";
import { openApiDocument } from "@/lib/api/openapi/document";
import { call } from "../helpers/api";

// Routes that are not part of the public API: the JSON 404 for unknown paths and next-auth's own
// dashboard-session endpoints.
const NOT_DOCUMENTED = new Set(["/api/{...path}", "/api/auth/{...nextauth}"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(path) : entry.name === "route.ts" ? [path] : [];
  });
}

/** app/api/merchants/[merchantId]/route.ts → /api/merchants/{merchantId} with its exported methods. */
function apiRoutes() {
  return routeFiles(join(process.cwd(), "app", "api")).map((file) => {
    const path = "/" + relative(join(process.cwd(), "app"), file).split(sep).slice(0, -1).join("/").replace(/\[([^\]]+)\]/g, "{$1}");
    const source = readFileSync(file, "utf8");
    const methods = METHODS.filter((m) => new RegExp(`export (const|async function|function) ${m}\\b|export \\{[^}]*\\b${m}\\b`).test(source));
    return { path, methods };
  });
}

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

  it("is served at /api/openapi.json", async () => {
    const res = await call(openapiRoute.GET, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.paths["/api/transactions/initiate"].post.responses["502"]).toBeDefined();
  });
});
