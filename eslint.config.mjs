import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Next's private modules change without notice between releases: one module (the lane's fence) may use
// them, and package.json pins `next` for it.
const NEXT_DIST = {
  group: ["next/dist/*"],
  message: "next/dist is Next.js's private code: import it through lib/api/lane/next-internals.ts, the one module that may (next is pinned for it).",
};
// The API lane (lib/api/lane) calls app/api handlers straight from node:http, outside Next's request
// pipeline: these read or schedule through its request store, which the lane does not create.
const REQUEST_STORE = [
  {
    name: "next/headers",
    message: "cookies(), headers() and draftMode() need Next's request store, which the API lane does not create: read req.headers / req.cookies.",
  },
  {
    name: "next/server",
    importNames: ["after", "connection"],
    message: "after() and connection() need Next's request store, which the API lane does not create: do the work before answering or hand it to a job.",
  },
];

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
  { rules: { "no-restricted-imports": ["error", { patterns: [NEXT_DIST] }] } },
  { files: ["app/api/**"], rules: { "no-restricted-imports": ["error", { paths: REQUEST_STORE, patterns: [NEXT_DIST] }] } },
  { files: ["lib/api/lane/next-internals.ts"], rules: { "no-restricted-imports": "off" } },
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
