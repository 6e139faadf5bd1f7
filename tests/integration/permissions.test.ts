// The permission table, enforced: every merchant route run as every role (and a non-member and a
// default secret key and a restricted key), compared with ROLE_PERMISSIONS / API_KEY_PERMISSIONS /
// KEY_GRANTABLE_PERMISSIONS in lib/auth/permissions.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  API_KEY_PERMISSIONS,
  KEY_GRANTABLE_PERMISSIONS,
  PERMISSIONS,
  RESTRICTED_ONLY_PERMISSIONS,
  ROLE_PERMISSIONS,
  type Permission,
} from "@/lib/auth/permissions";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import type { MembershipRole } from "@/lib/db/generated/enums";
import { call, type CallResult } from "../helpers/api";
import { createMember, createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";
import { MERCHANT_ROUTES, NOT_MERCHANT_SCOPED, requestFor, routeFile, routePath, type Fixture, type MerchantRoute } from "../helpers/route-permissions";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ROLES: MembershipRole[] = ["OWNER", "ADMIN", "DEVELOPER", "OPERATIONS", "VIEWER"];
type Caller = MembershipRole | "NON_MEMBER" | "SECRET_KEY" | "RESTRICTED_KEY";

function routeFiles(dir = "app/api"): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return routeFiles(rel);
    return entry.name === "route.ts" ? [rel] : [];
  });
}

function exportedMethods(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const direct = [...text.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)].map((m) => m[1]!);
  const aliased = [...text.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    [...m[1]!.matchAll(/\bas\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)].map((a) => a[1]!),
  );
  return [...direct, ...aliased];
}

describe("the route table", () => {
  it("lists every exported method of every app/api/**/route.ts exactly once", () => {
    const listed = [...MERCHANT_ROUTES, ...NOT_MERCHANT_SCOPED].map((r) => `${r.method} ${r.path}`);
    const found = routeFiles().flatMap((file) => exportedMethods(file).map((method) => `${method} ${routePath(file)}`));
    expect(found.length).toBeGreaterThan(20);
    expect(new Set(listed).size, "duplicates in the table").toBe(listed.length);
    const missing = found.filter((r) => !listed.includes(r));
    expect(missing, "routes missing from tests/helpers/route-permissions.ts").toEqual([]);
    expect(
      listed.filter((r) => !found.includes(r)),
      "table entries with no route",
    ).toEqual([]);
  });

  it("names only routes whose path starts with /api/merchants/:merchantId, that resolve a transaction's merchant, or name it by ?merchantId= (events, GET /api/transactions)", () => {
    for (const r of MERCHANT_ROUTES) expect(r.path).toMatch(/^\/api\/(merchants\/:merchantId|transactions\/:transactionId|events|transactions$)(\/|$)/);
  });
});

describe("the permission table as docs/team-and-permissions.md shows it", () => {
  const COLUMNS = [...ROLES, "SECRET_KEY", "RESTRICTED_KEY"] as const;

  it("has one row per permission whose ticks are what the code allows (keys: only through routes that take keys)", () => {
    const doc = readFileSync(path.join(ROOT, "docs/team-and-permissions.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `([a-z]+:[a-z]+)` \|[^|]*\|((?:[^|\n]*\|){7})\s*$/gm)].map((m) => ({
      permission: m[1]!,
      ticks: m[2]!
        .split("|")
        .slice(0, 7)
        .map((cell) => cell.trim() === "✓"),
    }));
    expect(rows.map((r) => r.permission).sort()).toEqual([...PERMISSIONS].sort());
    for (const { permission, ticks } of rows) {
      const p = permission as Permission;
      const want = COLUMNS.map((caller) =>
        caller === "SECRET_KEY"
          ? API_KEY_PERMISSIONS.includes(p)
          : caller === "RESTRICTED_KEY"
            ? KEY_GRANTABLE_PERMISSIONS.includes(p)
            : ROLE_PERMISSIONS[caller].includes(p),
      );
      expect(ticks, permission).toEqual(want);
    }
  });

  it("gives secret keys only permissions some route actually accepts a key for", () => {
    // payments:initiate is checked by POST /api/transactions/initiate (not merchant-scoped: restricted-keys.test.ts).
    for (const p of KEY_GRANTABLE_PERMISSIONS.filter((p) => p !== "payments:initiate"))
      expect(
        MERCHANT_ROUTES.some((r) => r.permission === p && r.auth === "userOrKey"),
        p,
      ).toBe(true);
  });
});

describe("every merchant route as every role", () => {
  let fixture: Fixture;
  const tokens = new Map<Caller, string>();

  beforeAll(async () => {
    const owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    tokens.set("OWNER", owner.token).set("NON_MEMBER", stranger.token).set("SECRET_KEY", owner.secretKey);
    // A restricted key holding every grantable permission: it may do exactly what a key may be given.
    const restricted = await createApiKey(db, owner.merchant.id, "test", { name: "Everything a key may do", permissions: KEY_GRANTABLE_PERMISSIONS });
    tokens.set("RESTRICTED_KEY", restricted.secretKey);
    for (const role of ROLES.slice(1)) tokens.set(role, (await createMember(owner.merchant.id, role)).token);
    const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
    fixture = { merchantId: owner.merchant.id, transactionId: started.body.transactionId };
  });

  function expected(route: MerchantRoute, caller: Caller): "allowed" | 401 | 403 | 404 {
    if (caller === "NON_MEMBER") return 404;
    if (caller === "SECRET_KEY" || caller === "RESTRICTED_KEY") {
      if (route.auth === "user") return 401;
      if (caller === "RESTRICTED_KEY") return KEY_GRANTABLE_PERMISSIONS.includes(route.permission) ? "allowed" : 403;
      // The default key: today's powers; links and invoices writes stay 401 (the contract: user JWT).
      if (RESTRICTED_ONLY_PERMISSIONS.includes(route.permission)) return 401;
      return API_KEY_PERMISSIONS.includes(route.permission) ? "allowed" : 403;
    }
    return ROLE_PERMISSIONS[caller].includes(route.permission) ? "allowed" : 403;
  }

  async function run(route: MerchantRoute, caller: Caller): Promise<CallResult> {
    const handlers = (await import(path.join(ROOT, routeFile(route.path)))) as Record<string, Parameters<typeof call>[0]>;
    const request = await requestFor(route, fixture);
    const params: Record<string, string> = { merchantId: fixture.merchantId, ...request.params };
    const url = route.path.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? name) + (request.query ?? "");
    const headers = { origin: "http://localhost:3000" };
    return call(handlers[route.method]!, { method: route.method, path: url, params, body: request.body, token: tokens.get(caller), headers });
  }

  for (const route of MERCHANT_ROUTES) {
    it(`${route.method} ${route.path} (${route.permission})`, async () => {
      for (const caller of [...ROLES, "NON_MEMBER", "SECRET_KEY", "RESTRICTED_KEY"] as Caller[]) {
        const want = expected(route, caller);
        const res = await run(route, caller);
        const label = `${caller} → ${res.status} ${res.text.slice(0, 120)}`;
        if (want === "allowed") {
          expect([401, 403, 404], label).not.toContain(res.status);
          expect(res.status, label).toBeLessThan(500);
        } else {
          expect(res.status, label).toBe(want);
        }
      }
    });
  }
});
