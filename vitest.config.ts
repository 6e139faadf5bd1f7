import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/database.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration tests name their callers with X-Forwarded-For, as a load balancer would.
    env: { NODE_ENV: "test", TRUST_PROXY: "1" },
  },
});
