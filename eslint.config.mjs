import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // The rule wants <Link> to Pages Router pages. Ours (log-in, the hosted pages) ship no runtime
      // and are opened with a full load: an App Router <Link> to them prefetches a request that Chromium
      // leaves hanging, and then navigates with a full load anyway. A plain <a> is the right link.
      "@next/next/no-html-link-for-pages": "off",
    },
  },
  {
    // lib/zod.ts configures zod (error messages, no code generation in the browser) before any schema
    // is built: a schema whose file imports "zod" directly could be built unconfigured.
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: 'Import { z } from "@/lib/zod": it is the one module that configures zod.' }],
          patterns: [{ group: ["zod/*"], message: 'Import { z } from "@/lib/zod": it is the one module that configures zod.' }],
        },
      ],
    },
  },
  {
    files: ["lib/zod.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Tests read response bodies loosely and assert on them; typing every body would add nothing.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  globalIgnores([
    ".next/**",
    ".data/**",
    "lib/db/generated/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    "sdk/dist/**",
    "tests/sdk-consumer/dist/**",
  ]),
]);
