// The API lane's fence. The lane answers /api/* before Next sees the request (lib/api/lane/server.ts),
// so nothing Next would do to an /api request first happens there: basePath, trailingSlash, rewrites,
// redirects, proxy.ts. These tests fail as soon as next.config.mjs or proxy.ts starts doing any of it
// to /api (then the lane must learn it, or leave those paths to Next), and when a file other than
// lib/api/lane/next-internals.ts imports Next's private modules (next is pinned for that one file).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { NextConfig } from "next";
import { describe, expect, it } from "vitest";
import { getPathMatch, proxyMatcher } from "@/lib/api/lane/next-internals";
import nextConfig from "@/next.config.mjs";
import { config as proxyConfig } from "@/proxy";

/** Paths the lane answers: any of them matched by a rule means the lane and Next answer differently. */
const API_PATHS = ["/api/x", "/api/health", "/api/merchants/abc", "/api/merchants/abc/transactions/TXN-1"];

type Rule = { source: string; destination?: string };
type Rules = NextConfig["rewrites"] | NextConfig["redirects"];

/** Every rule of `rewrites()` or `redirects()`: an array, or (rewrites) { beforeFiles, afterFiles, fallback }. */
async function rulesOf(make: Rules): Promise<Rule[]> {
  const rules = (await make?.()) ?? [];
  return Array.isArray(rules) ? rules : [...(rules.beforeFiles ?? []), ...(rules.afterFiles ?? []), ...(rules.fallback ?? [])];
}

/** A rule whose source matches an API path (as Next's router matches it) or that sends a request into /api. */
function touchesApi(rule: Rule): boolean {
  const match = getPathMatch(rule.source, { strict: true, removeUnnamedParams: true });
  return API_PATHS.some((path) => match(path) !== false) || /^\/api(\/|$)/.test(rule.destination ?? "");
}

describe("the API lane's fence", () => {
  it("next.config.mjs changes no /api path: no basePath, trailing slashes or locales", () => {
    expect(nextConfig.basePath ?? "").toBe("");
    expect(nextConfig.trailingSlash ?? false).toBe(false);
    expect(nextConfig.i18n).toBeUndefined();
  });

  it("next.config.mjs has no rewrite or redirect from or into /api", async () => {
    const rules = [...(await rulesOf(nextConfig.rewrites)), ...(await rulesOf(nextConfig.redirects))];
    expect(rules.filter(touchesApi)).toEqual([]);
  });

  it("proxy.ts's matcher, compiled as Next compiles it, leaves /api to the lane", () => {
    const matches = proxyMatcher(proxyConfig.matcher, nextConfig);
    // The check itself works: the pages it is there for match.
    expect(matches("/dashboard")).toBe(true);
    expect(matches("/dashboard/transactions")).toBe(true);
    expect(API_PATHS.filter(matches)).toEqual([]);
  });

  it("only lib/api/lane/next-internals.ts imports next/dist", () => {
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(file) && fs.existsSync(file));
    const importsNextDist = /(?:from|import|require)\s*\(?\s*["']next\/dist\//;
    const importers = files.filter((file) => importsNextDist.test(fs.readFileSync(file, "utf8")));
    expect(importers).toEqual(["lib/api/lane/next-internals.ts"]);
  });
});
