import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/api/validation";
import { merchantParams, operation, raw } from "@/lib/api/openapi/operation";
import { transactionListQuery } from "@/lib/payments/queries";
import { overviewQuery } from "./overview";

export const reportPaths: ZodOpenApiPathsObject = {
  "/api/merchants/{merchantId}/overview": {
    get: operation({
      operationId: "getOverview",
      summary: "Get the overview",
      description: "The dashboard overview: volume over time (Lagos days, weeks or months), success rate, average payment, top links, open invoices.",
      tags: ["Reports"],
      auth: "userOrKey",
      params: merchantParams,
      query: overviewQuery,
      errors: [403, 404],
      ok: { 200: ["The overview", z.object({ overview: z.record(z.string(), z.unknown()) })] },
    }),
  },
  "/api/merchants/{merchantId}/transactions/export.csv": {
    get: operation({
      operationId: "exportTransactionsCsv",
      summary: "Export transactions as CSV",
      description: "The filtered transaction list as CSV (text/csv), streamed; cells that look like formulas are neutralised.",
      tags: ["Reports"],
      auth: "userOrKey",
      params: merchantParams,
      query: transactionListQuery,
      errors: [403, 404],
      ok: { 200: ["CSV, one row per transaction", raw("text/csv")] },
    }),
  },
};
