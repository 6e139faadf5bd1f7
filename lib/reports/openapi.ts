import { z } from "@/lib/zod";
import { paths, raw } from "@/lib/api/openapi/operation";
import { transactionListQuery } from "@/lib/payments/queries";
import { overviewQuery } from "./overview";

export const reportPaths = paths("Reports", "userOrKey", {
  "/api/merchants/{merchantId}/overview": {
    get: {
      operationId: "getOverview",
      summary: "Get the overview",
      description:
        "The dashboard overview: volume over time (Lagos days, weeks or months), success rate, average payment, top links, open invoices, and subscriptions now (`monthlyRecurringRevenue` in kobo over active and past-due subscriptions, `activeSubscribers`, `trialing`, `pastDue`).",
      query: overviewQuery,
      ok: { 200: ["The overview", z.object({ overview: z.record(z.string(), z.unknown()) })] },
    },
  },
  "/api/merchants/{merchantId}/transactions/export.csv": {
    get: {
      operationId: "exportTransactionsCsv",
      summary: "Export transactions as CSV",
      description: "The filtered transaction list as CSV (text/csv), streamed; cells that look like formulas are neutralised.",
      query: transactionListQuery,
      ok: { 200: ["CSV, one row per transaction", raw("text/csv")] },
    },
  },
});
