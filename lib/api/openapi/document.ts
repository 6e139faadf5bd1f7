// The OpenAPI 3.1 document, generated from the same zod schemas the route wrapper validates with.
// Each domain lists its endpoints in lib/<domain>/openapi.ts; tests/integration/openapi.test.ts
// fails if a route under app/api is missing here.
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { authPaths, developerPaths } from "@/lib/auth/openapi";
import { reportPaths } from "@/lib/reports/openapi";
import { invoicePaths } from "@/lib/invoices/openapi";
import { linkPaths } from "@/lib/links/openapi";
import { merchantPaths } from "@/lib/merchants/openapi";
import { paymentPaths } from "@/lib/payments/openapi";
import { teamPaths } from "@/lib/team/openapi";
import { webhookPaths } from "@/lib/webhooks/openapi";
import { INTEGRATION_GUIDE } from "./guide";
import { operation } from "./operation";

const systemPaths: ZodOpenApiPathsObject = {
  "/api/health": { get: operation({ summary: "Liveness and database check", tags: ["System"], auth: "public", errors: [503], ok: { 200: ["Healthy", z.object({ status: z.literal("ok") })] } }) },
  "/api/openapi.json": { get: operation({ summary: "This document", tags: ["System"], auth: "public", ok: { 200: ["OpenAPI 3.1"] } }) },
  "/api/dev/emails": {
    get: operation({
      summary: "Development only: e-mails stored for an address, newest first (404 in production unless DEV_MAILBOX=1)",
      tags: ["System"], auth: "public", query: z.object({ to: z.email() }), errors: [404],
      ok: { 200: ["Stored e-mails", z.object({ emails: z.array(z.object({ to: z.string(), subject: z.string(), html: z.string(), text: z.string(), createdAt: z.iso.datetime() })) })] },
    }),
  },
};

let cached: ReturnType<typeof createDocument> | undefined;

export function openApiDocument() {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Paylink API",
      version: "1.0.0",
      description: INTEGRATION_GUIDE,
    },
    servers: [{ url: "/" }],
    paths: { ...authPaths, ...merchantPaths, ...paymentPaths, ...linkPaths, ...invoicePaths, ...teamPaths, ...webhookPaths, ...developerPaths, ...reportPaths, ...systemPaths },
    components: {
      securitySchemes: {
        userJwt: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A user token from POST /api/auth/login" },
        secretKey: { type: "http", scheme: "bearer", description: "A merchant secret key, sk_test_… or sk_live_…" },
      },
    },
  });
  return cached;
}
